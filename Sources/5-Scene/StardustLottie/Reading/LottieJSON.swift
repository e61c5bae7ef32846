/// A JSON value of a Lottie document with its JSON path, and typed accessors that throw ``LottieError`` naming
/// that path. A node of a ``LottieJSONDocument``, which ``LottieJSONReader`` writes.
///
/// A value is the shared document and a node index: a member access or an element makes no allocation (each made a
/// path object before, whose allocation and release were about 5 % of opening a file; docs/BENCHMARKS.md,
/// "lottie", nineteenth round), and the path is spelled from the document's parent links only when asked for (an
/// error, or a property that records where it came from).
struct LottieJSON {
    let document: LottieJSONDocument
    let index: Int

    init(_ document: LottieJSONDocument, _ index: Int = 0) { self.document = document; self.index = index }

    /// A document holding `value` (tests build their inputs this way).
    init(_ value: LottieJSONValue) { self.init(LottieJSONDocument(value)) }

    private var node: LottieJSONDocument.Node { document.nodes[index] }

    /// This value as a tree (tests compare it with other decoders).
    var value: LottieJSONValue { document.value(at: index) }

    /// The JSON path of this value (`$.layers[3].ks`).
    var path: String { document.path(of: index) }

    func fail(_ message: String) -> LottieError { LottieError(path: path, message) }

    /// Whether the value is an object.
    var isObject: Bool { node.kind == .object }
    /// Whether the value is an array.
    var isArray: Bool { node.kind == .array }
    /// The number of elements of an array or members of an object (0 for any other value).
    var count: Int { isArray || isObject ? node.childCount : 0 }
    /// The value when it is a string.
    var stringValue: String? { let n = node; return n.kind == .string ? document.strings[Int(n.payload)] : nil }

    /// The member names of an object in file order (none for any other value).
    var keys: [String] {
        guard isObject else { return [] }
        return children.map { document.keys[document.nodes[$0].slot] }
    }

    /// The indices of an array's elements or an object's members, in file order (a container's children follow
    /// it, each subtree skipped by its end).
    private var children: LottieJSONChildren { LottieJSONChildren(document: document, container: index) }

    /// Whether an object has the member `key`, null or not.
    func hasMember(_ key: LottieJSONName) -> Bool {
        isObject && document.member(key, of: index) >= 0
    }

    /// The member `key` (its last occurrence, as in a dictionary built in file order), or `nil` when this is not
    /// an object, has no such member, or the member is null. Names are matched by their words
    /// (``LottieJSONDocument/member(_:of:)``).
    subscript(_ key: LottieJSONName) -> LottieJSON? {
        guard isObject else { return nil }
        let found = document.member(key, of: index)
        guard found >= 0, document.nodes[found].kind != .null else { return nil }
        return LottieJSON(document, found)
    }

    /// The first element of an array, or `nil` when this is not an array or is empty.
    var first: LottieJSON? { isArray && node.childCount > 0 ? LottieJSON(document, index + 1) : nil }

    /// The elements of an array, each with its indexed path.
    func elements() throws -> [LottieJSON] {
        guard isArray else { throw fail("expected an array, found \(kind)") }
        var out: [LottieJSON] = []
        out.reserveCapacity(node.childCount)
        for c in children { out.append(LottieJSON(document, c)) }
        return out
    }

    var kind: String {
        switch node.kind {
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        case .number, .true, .false: return "a number"  // as JSONSerialization's NSNumber read true and false
        case .null: return "null"
        }
    }

    /// The finite number at this node, or `nil` for anything else (the accessors' fast path).
    var finiteNumber: Double? {
        let n = node
        guard n.kind == .number else { return nil }
        let d = Double(bitPattern: n.payload)
        return d.isFinite ? d : nil
    }

    /// A number (`true` and `false` read as 1 and 0, as Lottie writes flags both ways).
    func number() throws -> Double {
        let n = node
        let d: Double
        switch n.kind {
        case .number: d = Double(bitPattern: n.payload)
        case .true: d = 1
        case .false: d = 0
        default: throw fail("expected a number, found \(kind)")
        }
        guard d.isFinite else { throw fail("expected a finite number") }
        return d
    }

    /// A number used as an integer (an enum, an index, a count), truncated toward zero as `Int(_:)` does; a
    /// value outside `Int`'s range is refused with this value's path instead of trapping in the conversion.
    func integer() throws -> Int {
        let d = try number()
        guard let i = Int(exactly: d.rounded(.towardZero)) else { throw fail("expected an integer, found \(d)") }
        return i
    }

    func string() throws -> String {
        guard let s = stringValue else { throw fail("expected a string, found \(kind)") }
        return s
    }

    /// A number, or the first element of a one-element array (Lottie writes scalars both ways).
    func scalar() throws -> Double {
        if isArray {
            guard let first else { throw fail("expected a number, found an empty array") }
            if let d = first.finiteNumber { return d }
            return try first.number()
        }
        return try number()
    }

    /// An array of numbers (a lone number becomes a one-element array).
    func numbers() throws -> [Double] {
        if isArray {
            // Finite numbers directly; anything else through number(), for its error with the element's path.
            var out: [Double] = []
            out.reserveCapacity(node.childCount)
            for c in children {
                let e = LottieJSON(document, c)
                if let d = e.finiteNumber { out.append(d) } else { out.append(try e.number()) }
            }
            return out
        }
        return [try number()]
    }

    /// Truthiness as Lottie writes flags: `true`/`false`, `1`/`0`.
    func flag() throws -> Bool {
        let n = node
        switch n.kind {
        case .true: return true
        case .false: return false
        case .number: return Double(bitPattern: n.payload) != 0
        default: throw fail("expected true, false, 0 or 1, found \(kind)")
        }
    }

    // Optional members with defaults.
    func number(_ key: LottieJSONName, default d: Double) throws -> Double { try self[key]?.number() ?? d }
    func integer(_ key: LottieJSONName, default d: Int) throws -> Int { try self[key]?.integer() ?? d }
    func string(_ key: LottieJSONName) throws -> String? { try self[key]?.string() }
    func flag(_ key: LottieJSONName) throws -> Bool { try self[key]?.flag() ?? false }
    func requiredNumber(_ key: LottieJSONName) throws -> Double {
        guard let v = self[key] else { throw fail("missing \"\(key)\"") }
        return try v.number()
    }
}

/// The child indices of a container node of a ``LottieJSONDocument``, in file order.
struct LottieJSONChildren: Sequence, IteratorProtocol {
    let document: LottieJSONDocument
    private var cursor: Int
    private let end: Int

    init(document: LottieJSONDocument, container: Int) {
        self.document = document
        cursor = container + 1
        end = document.end(of: container)
    }

    mutating func next() -> Int? {
        guard cursor < end else { return nil }
        let c = cursor
        cursor = document.end(of: c)
        return c
    }
}
