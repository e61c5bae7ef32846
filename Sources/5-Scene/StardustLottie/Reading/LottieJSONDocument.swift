/// A JSON text as ``LottieJSONReader`` reads it: every value one fixed-size node of one array, in the order the text
/// writes them (a container before its contents), with the strings in a second array (docs/LOTTIE.md, "JSON
/// reading").
///
/// Why flat: the tree of enum values it replaces held one heap array per JSON array and object — one per point and
/// keyframe value — and its accessor allocated a path object per member access and element; their allocation,
/// reference counting and teardown were a large share of opening a file (docs/BENCHMARKS.md, "lottie", nineteenth
/// round). Here a value is a node index (``LottieJSON`` is a document reference and an index), a container's
/// children follow it, each skipped by its subtree's end, and a node keeps its parent and the key or index by which
/// the parent holds it, so that a JSON path is spelled only when asked for, by walking up.
final class LottieJSONDocument {
    /// What a node holds.
    enum Kind: UInt8 { case null, `false`, `true`, number, string, array, object }

    /// One value. `payload` is a number's bits, a string's index in ``strings``, or for a container its child
    /// count (low 32 bits) and the index after its last descendant (high 32 bits). `tag` is the kind (low 3 bits)
    /// and the slot (the rest): the key's index in ``strings`` for an object's member, the element's index for an
    /// array's element. 16 bytes a value.
    struct Node {
        var payload: UInt64
        var parent: Int32
        var tag: UInt32

        var kind: Kind { Kind(rawValue: UInt8(truncatingIfNeeded: tag & 7))! }
        var slot: Int { Int(tag >> 3) }
        var childCount: Int { Int(truncatingIfNeeded: payload & 0xFFFF_FFFF) }
        var end: Int { Int(truncatingIfNeeded: payload >> 32) }
    }

    /// Largest slot (string index or element index) a node can record: texts longer than this are refused by the
    /// reader (every string and element takes at least one byte of text).
    static let maxSlot = (1 << 29) - 1

    let nodes: [Node]
    let strings: [String]
    /// The spelled paths of the containers asked so far (children share their container's).
    private var spelled: [Int: String] = [:]

    init(_ builder: Builder) {
        nodes = builder.nodes
        strings = builder.strings
    }

    /// The index after `index`'s last descendant (its next sibling, if any).
    func end(of index: Int) -> Int {
        let n = nodes[index]
        return n.kind.rawValue >= Kind.array.rawValue ? n.end : index + 1
    }

    /// The JSON path of node `index` (`$.layers[3].ks`): its parent's (kept for containers) and one step.
    func path(of index: Int) -> String {
        if index == 0 { return "$" }
        if let p = spelled[index] { return p }
        let n = nodes[index]
        let parent = Int(n.parent)
        let container = path(of: parent)
        let p = nodes[parent].kind == .object ? "\(container).\(strings[n.slot])" : "\(container)[\(n.slot)]"
        if n.kind.rawValue >= Kind.array.rawValue { spelled[index] = p }
        return p
    }

    /// The value at `index` as a tree (tests compare it with other decoders).
    func value(at index: Int) -> LottieJSONValue {
        let n = nodes[index]
        switch n.kind {
        case .null: return .null
        case .false: return .bool(false)
        case .true: return .bool(true)
        case .number: return .number(Double(bitPattern: n.payload))
        case .string: return .string(strings[Int(n.payload)])
        case .array, .object:
            var items: [LottieJSONValue] = [], members: [LottieJSONMember] = []
            var c = index + 1
            while c < n.end {
                if n.kind == .array { items.append(value(at: c)) } else { members.append(LottieJSONMember(key: strings[nodes[c].slot], value: value(at: c))) }
                c = end(of: c)
            }
            return n.kind == .array ? .array(items) : .object(members)
        }
    }

    /// Writes nodes in text order: the reader's output, and the way a tree (``LottieJSONValue``) becomes a document.
    struct Builder {
        fileprivate(set) var nodes: [Node] = []
        fileprivate(set) var strings: [String] = []

        init(capacity: Int = 0) { nodes.reserveCapacity(capacity) }

        /// Appends a scalar, or opens a container (closed by ``close(_:count:)``); returns its index.
        @discardableResult
        mutating func append(_ kind: Kind, payload: UInt64 = 0, parent: Int, slot: Int) -> Int {
            nodes.append(Node(payload: payload, parent: Int32(truncatingIfNeeded: parent), tag: UInt32(truncatingIfNeeded: slot) << 3 | UInt32(kind.rawValue)))
            return nodes.count - 1
        }

        /// Adds a string (a value or a member's key) and returns its index.
        mutating func intern(_ s: String) -> Int {
            strings.append(s)
            return strings.count - 1
        }

        /// Closes the container at `index` after its `count` children (and their descendants) were appended.
        mutating func close(_ index: Int, count: Int) {
            nodes[index].payload = UInt64(UInt32(truncatingIfNeeded: count)) | UInt64(nodes.count) << 32
        }

        /// Appends `value` and its descendants (named apart from ``append(_:payload:parent:slot:)``: both types
        /// have cases named `null`, `number`, …).
        mutating func appendTree(_ value: LottieJSONValue, parent: Int, slot: Int) {
            switch value {
            case .null: append(.null, parent: parent, slot: slot)
            case .bool(let b): append(b ? .true : .false, parent: parent, slot: slot)
            case .number(let d): append(.number, payload: d.bitPattern, parent: parent, slot: slot)
            case .string(let s): append(.string, payload: UInt64(intern(s)), parent: parent, slot: slot)
            case .array(let items):
                let me = append(.array, parent: parent, slot: slot)
                for (i, item) in items.enumerated() { appendTree(item, parent: me, slot: i) }
                close(me, count: items.count)
            case .object(let members):
                let me = append(.object, parent: parent, slot: slot)
                for m in members { appendTree(m.value, parent: me, slot: intern(m.key)) }
                close(me, count: members.count)
            }
        }
    }

    /// A document holding `value` (tests build documents this way).
    convenience init(_ value: LottieJSONValue) {
        var b = Builder()
        b.appendTree(value, parent: -1, slot: 0)
        self.init(b)
    }
}
