/// A JSON value of a Lottie document with its JSON path, and typed accessors that throw ``LottieError`` naming
/// that path. Wraps ``LottieJSONReader``'s output (``LottieJSONValue``).
///
/// The path is kept as the container's path and one step, and spelled out only when asked for (an error, or a
/// property that records where it came from): the elements of an array share their array's path instead of each
/// building its own string (docs/LOTTIE.md, "JSON reading").
struct LottieJSON {
    let value: LottieJSONValue
    /// The container's path (or, for ``Step/whole``, this value's own).
    private let base: String
    private let step: Step

    private enum Step { case whole, member(String), index(Int) }

    init(_ value: LottieJSONValue, path: String = "$") { self.value = value; self.base = path; self.step = .whole }

    private init(_ value: LottieJSONValue, in container: String, _ step: Step) { self.value = value; self.base = container; self.step = step }

    /// The JSON path of this value (`$.layers[3].ks`).
    var path: String {
        switch step {
        case .whole: return base
        case .member(let key): return "\(base).\(key)"
        case .index(let i): return "\(base)[\(i)]"
        }
    }

    func fail(_ message: String) -> LottieError { LottieError(path: path, message) }

    /// Whether the value is an object.
    var isObject: Bool { if case .object = value { return true } else { return false } }
    var array: [LottieJSONValue]? { if case .array(let a) = value { return a } else { return nil } }
    /// The value when it is a string.
    var stringValue: String? { if case .string(let s) = value { return s } else { return nil } }

    /// The member `key`, or `nil` when absent or null.
    subscript(_ key: String) -> LottieJSON? {
        guard let v = value[key], v != .null else { return nil }
        return LottieJSON(v, in: path, .member(key))
    }

    /// The elements of an array, each with its indexed path.
    func elements() throws -> [LottieJSON] {
        guard let a = array else { throw fail("expected an array, found \(kind)") }
        let container = path
        return a.enumerated().map { LottieJSON($0.element, in: container, .index($0.offset)) }
    }

    var kind: String {
        switch value {
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        case .number, .bool: return "a number"  // as JSONSerialization's NSNumber read true and false
        case .null: return "null"
        }
    }

    /// A number (`true` and `false` read as 1 and 0, as Lottie writes flags both ways).
    func number() throws -> Double {
        let d: Double
        switch value {
        case .number(let n): d = n
        case .bool(let b): d = b ? 1 : 0
        default: throw fail("expected a number, found \(kind)")
        }
        guard d.isFinite else { throw fail("expected a finite number") }
        return d
    }

    func string() throws -> String {
        guard case .string(let s) = value else { throw fail("expected a string, found \(kind)") }
        return s
    }

    /// A number, or the first element of a one-element array (Lottie writes scalars both ways).
    func scalar() throws -> Double {
        if let a = array {
            guard let first = a.first else { throw fail("expected a number, found an empty array") }
            if case .number(let d) = first, d.isFinite { return d }
            return try LottieJSON(first, in: path, .index(0)).number()
        }
        return try number()
    }

    /// An array of numbers (a lone number becomes a one-element array).
    func numbers() throws -> [Double] {
        if let a = array {
            // Finite numbers directly; anything else through number(), for its error with the element's path.
            var out: [Double] = []
            out.reserveCapacity(a.count)
            for (i, v) in a.enumerated() {
                if case .number(let d) = v, d.isFinite { out.append(d) } else { out.append(try LottieJSON(v, in: path, .index(i)).number()) }
            }
            return out
        }
        return [try number()]
    }

    /// Truthiness as Lottie writes flags: `true`/`false`, `1`/`0`.
    func flag() throws -> Bool {
        switch value {
        case .bool(let b): return b
        case .number(let n): return n != 0
        default: throw fail("expected true, false, 0 or 1, found \(kind)")
        }
    }

    // Optional members with defaults.
    func number(_ key: String, default d: Double) throws -> Double { try self[key]?.number() ?? d }
    func string(_ key: String) throws -> String? { try self[key]?.string() }
    func flag(_ key: String) throws -> Bool { try self[key]?.flag() ?? false }
    func requiredNumber(_ key: String) throws -> Double {
        guard let v = self[key] else { throw fail("missing \"\(key)\"") }
        return try v.number()
    }
}
