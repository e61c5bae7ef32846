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
    /// and the slot (the rest): the member name's index in ``keys`` for an object's member, the element's index for
    /// an array's element. 16 bytes a value.
    struct Node {
        var payload: UInt64
        var parent: Int32
        var tag: UInt32

        // Inlined: a call each, about 12 M instructions over the lottie-ios files when the getter was not
        // (docs/BENCHMARKS.md, "lottie", twenty-ninth round).
        var kind: Kind { @inline(__always) get { Kind(rawValue: UInt8(truncatingIfNeeded: tag & 7))! } }
        var isContainer: Bool { tag & 7 >= UInt32(Kind.array.rawValue) }
        var slot: Int { Int(tag >> 3) }
        var childCount: Int { Int(truncatingIfNeeded: payload & 0xFFFF_FFFF) }
        var end: Int { Int(truncatingIfNeeded: payload >> 32) }
    }

    /// Largest slot (string index or element index) a node can record: texts longer than this are refused by the
    /// reader (every string and element takes at least one byte of text).
    static let maxSlot = (1 << 29) - 1

    let nodes: [Node]
    /// The string values.
    let strings: [String]
    /// The member names, each short ASCII name once (see ``Builder/internKey(_:)``), with their words for the lookup.
    let keys: [String]
    let keyWords: [LottieJSONKey]
    /// The packed names' key indices (each packed name has one, ``Builder/internKey(_:_:)``), and whether any
    /// member name is not ASCII: without one, a packed name asked is its key index (``member(_:of:)-(LottieJSONName,_)``).
    let packedKeys: LottieJSONKeyTable
    let hasOtherKeys: Bool
    /// The spelled path of the last container asked and its ancestors (``LottieJSONPathSpeller``).
    private var speller = LottieJSONPathSpeller()

    init(_ builder: Builder) {
        nodes = builder.nodes
        strings = builder.strings
        keys = builder.keys
        keyWords = builder.keyWords
        packedKeys = builder.packedKeys
        hasOtherKeys = builder.hasOtherKeys
    }

    /// The index after `index`'s last descendant (its next sibling, if any).
    func end(of index: Int) -> Int {
        let n = nodes[index]
        return n.kind.rawValue >= Kind.array.rawValue ? n.end : index + 1
    }

    /// The last member of the object at `index` named `name`, or -1 when it has none. Every member is looked at
    /// (the last occurrence of a name wins, as in a dictionary built in file order), each by its name's word first
    /// (``LottieJSONKey``): equal packed words are equal names, and the strings are compared only when the words
    /// cannot decide. The nodes and words are read through buffer pointers: every index comes from the document's
    /// own links, written by the reader or the builder.
    func member(_ name: String, of index: Int) -> Int { member(LottieJSONName(name), of: index) }

    /// ``member(_:of:)-(String,_)`` for a name whose word is made (the parser's literals, ``LottieJSONName``).
    ///
    /// A packed name in a document whose member names are all ASCII is matched by key index: the builder gives
    /// each packed name one index, and only a name that is not ASCII could equal it otherwise. A name no member
    /// of the document has is answered without a scan, and the scan compares the nodes' slots without reading
    /// the words (docs/BENCHMARKS.md, "lottie", twenty-eighth round).
    func member(_ name: LottieJSONName, of index: Int) -> Int {
        let query = name.key
        if query.word & LottieJSONKey.unpackedBit == 0 && !hasOtherKeys {
            guard let key = packedKeys.index(of: query.word) else { return -1 }
            let tag = UInt32(truncatingIfNeeded: key) << 3
            return nodes.withUnsafeBufferPointer { nodes in
                let end = nodes[index].end
                var c = index + 1, found = -1
                while c < end {
                    let n = nodes[c]
                    if n.tag & ~7 == tag { found = c }
                    c = n.isContainer ? n.end : c + 1
                }
                return found
            }
        }
        return nodes.withUnsafeBufferPointer { nodes in
            keyWords.withUnsafeBufferPointer { words in
                let end = nodes[index].end
                var c = index + 1, found = -1
                if query.word & LottieJSONKey.unpackedBit == 0 {
                    // A packed name (nearly every one asked) equals the names of the same word, and may equal only
                    // a name that is not ASCII besides.
                    while c < end {
                        let n = nodes[c]
                        let w = words[n.slot].word
                        if w == query.word || (w & LottieJSONKey.otherBit != 0 && keys[n.slot] == name.description) { found = c }
                        c = n.isContainer ? n.end : c + 1
                    }
                } else {
                    let spelled = name.description
                    while c < end {
                        let n = nodes[c]
                        if words[n.slot].needsStrings(query) && keys[n.slot] == spelled { found = c }
                        c = n.isContainer ? n.end : c + 1
                    }
                }
                return found
            }
        }
    }

    /// The points of the array at `index` when every element is an array of at least two finite numbers and
    /// nothing else (each point its first two), or nil for any other list (``LottieParser/points(_:)`` then reads it
    /// through the checked accessors, for the error and its path). One pass over the nodes through a buffer
    /// pointer: a point's numbers are the nodes right after its own (scalars have no descendants), so its element
    /// ends at its `end` exactly when they are all scalars.
    func points(ofArray index: Int) -> [LottiePoint]? {
        nodes.withUnsafeBufferPointer { nodes -> [LottiePoint]? in
            let list = nodes[index]
            var out: [LottiePoint] = []
            out.reserveCapacity(list.childCount)
            var c = index + 1
            while c < list.end {
                let element = nodes[c]
                guard element.kind == .array, element.childCount >= 2 else { return nil }
                var k = c + 1
                while k < element.end {
                    let n = nodes[k]
                    guard n.kind == .number, Double(bitPattern: n.payload).isFinite else { return nil }
                    k += 1
                }
                out.append(LottiePoint(Double(bitPattern: nodes[c + 1].payload), Double(bitPattern: nodes[c + 2].payload)))
                c = element.end
            }
            return out
        }
    }

    /// The JSON path of node `index` (`$.layers[3].ks`): its parent's (kept for containers) and one step.
    func path(of index: Int) -> String {
        nodes.withUnsafeBufferPointer { speller.path(of: index, nodes: $0, keys: keys) }
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
                if n.kind == .array { items.append(value(at: c)) } else { members.append(LottieJSONMember(key: keys[nodes[c].slot], value: value(at: c))) }
                c = end(of: c)
            }
            return n.kind == .array ? .array(items) : .object(members)
        }
    }

    /// Writes nodes in text order: the reader's output, and the way a tree (``LottieJSONValue``) becomes a document.
    struct Builder {
        fileprivate(set) var nodes: [Node] = []
        fileprivate(set) var strings: [String] = []
        fileprivate(set) var keys: [String] = []
        fileprivate(set) var keyWords: [LottieJSONKey] = []
        /// The packed names' key indices by word, so that a short ASCII name is made into a string and stored once
        /// per document however often it occurs.
        fileprivate(set) var packedKeys = LottieJSONKeyTable()
        /// Whether a member name holding a byte above 0x7F was added.
        fileprivate(set) var hasOtherKeys = false

        init(capacity: Int = 0) { nodes.reserveCapacity(capacity) }

        /// Appends a scalar, or opens a container (closed by ``close(_:count:)``); returns its index.
        @discardableResult
        mutating func append(_ kind: Kind, payload: UInt64 = 0, parent: Int, slot: Int) -> Int {
            nodes.append(Node(payload: payload, parent: Int32(truncatingIfNeeded: parent), tag: UInt32(truncatingIfNeeded: slot) << 3 | UInt32(kind.rawValue)))
            return nodes.count - 1
        }

        /// Adds a string value and returns its index.
        mutating func intern(_ s: String) -> Int {
            strings.append(s)
            return strings.count - 1
        }

        /// The index in ``keys`` of a member name whose word is `key`: a packed name's index when it was added
        /// before, else a new entry made by `name` (a name that is not packed gets an entry per occurrence).
        mutating func internKey(_ key: LottieJSONKey, _ name: () -> String) -> Int {
            let packed = key.word & LottieJSONKey.unpackedBit == 0
            if packed, let i = packedKeys.index(of: key.word) { return i }
            keys.append(name())
            keyWords.append(key)
            if key.word & LottieJSONKey.otherBit != 0 { hasOtherKeys = true }
            if packed { packedKeys.insert(key.word, index: keys.count - 1) }
            return keys.count - 1
        }

        /// ``internKey(_:_:)`` for a name already made.
        mutating func internKey(_ name: String) -> Int { internKey(LottieJSONKey(name)) { name } }

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
                for m in members { appendTree(m.value, parent: me, slot: internKey(m.key)) }
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

/// Packed member-name words and their key indices, open-addressed (linear probing in 2ⁿ slots, at most half
/// full; a packed word is never 0, which marks an empty slot). A document has a few dozen distinct names.
///
/// The reader asks it for every member name it meets and the document for every member asked, so the probe keeps
/// its shift and mask and reads the slots through buffer pointers (the index is masked into the table): with the
/// arrays' bounds checks and the shift recomputed per call it was 25.9 M instructions over the lottie-ios files
/// (docs/BENCHMARKS.md, "lottie", twenty-ninth round).
struct LottieJSONKeyTable {
    /// Word and key index per slot, interleaved: one load of the pair's line per probe.
    private var slots = [Slot](repeating: Slot(word: 0, index: 0), count: 64)
    private var count = 0
    private var shift: UInt64 = 64 - 6
    private var mask = 63

    private struct Slot { var word: UInt64; var index: Int }

    @inline(__always)
    private func slot(_ word: UInt64) -> Int {
        // Fibonacci hashing: the top bits of the product mix every byte of the name.
        Int(truncatingIfNeeded: (word &* 0x9E37_79B9_7F4A_7C15) &>> shift)
    }

    @inline(__always)
    func index(of word: UInt64) -> Int? {
        let mask = self.mask
        var s = slot(word)
        return slots.withUnsafeBufferPointer { slots in
            while true {
                let e = slots[s & mask]
                if e.word == word { return e.index }
                if e.word == 0 { return nil }
                s = (s &+ 1) & mask
            }
        }
    }

    mutating func insert(_ word: UInt64, index: Int) {
        if 2 * (count + 1) > slots.count {
            let old = slots.filter { $0.word != 0 }
            slots = [Slot](repeating: Slot(word: 0, index: 0), count: 2 * slots.count)
            mask = slots.count - 1
            shift = UInt64(64 - slots.count.trailingZeroBitCount)
            count = 0
            for e in old { insert(e.word, index: e.index) }
        }
        var s = slot(word)
        while slots[s].word != 0 { s = (s + 1) & mask }
        slots[s] = Slot(word: word, index: index)
        count += 1
    }
}

/// Spells the JSON paths of a ``LottieJSONDocument``'s nodes (`$.layers[3].ks`), keeping the path of the last
/// container asked and of its ancestors.
///
/// Paths are asked in about text order, so a chain of the last container's ancestors serves nearly every request
/// (it replaced a dictionary of every container asked, whose hashing was a tenth of spelling paths). The chain's
/// paths are prefixes of one another, so they are one byte buffer (the deepest one's path) and each entry's
/// length: a step is appended as bytes and the path made into a `String` once, where building each container's
/// path as an interpolated `String` had been most of the time to spell them (docs/BENCHMARKS.md, "lottie",
/// twentieth and twenty-first rounds).
struct LottieJSONPathSpeller {
    /// The path of the chain's deepest entry, then scratch (the last step spelled past it).
    private var bytes: [UInt8] = [UInt8(ascii: "$")]
    /// The containers whose paths `bytes` starts with, outermost first (the root always), with their lengths.
    private var chain: [(index: Int, length: Int)] = [(0, 1)]

    /// The path of node `index` of a document with these nodes and member names.
    mutating func path(of index: Int, nodes: UnsafeBufferPointer<LottieJSONDocument.Node>, keys: [String]) -> String {
        let length = spell(index, nodes, keys)
        return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[..<length]), as: UTF8.self) }
    }

    /// Writes the path of `index` at the start of ``bytes`` and returns its length.
    private mutating func spell(_ index: Int, _ nodes: UnsafeBufferPointer<LottieJSONDocument.Node>, _ keys: [String]) -> Int {
        // Leave the containers that do not hold `index` (never the root, which holds every node).
        while let top = chain.last, !(top.index <= index && index < Self.end(of: top.index, nodes)) { chain.removeLast() }
        let top = chain[chain.count - 1]
        if top.index == index { return top.length }
        // The top of the chain is an ancestor of `index`, so its parent's path extends the chain.
        let n = nodes[index]
        let parent = Int(n.parent)
        let base = spell(parent, nodes, keys)
        bytes.removeLast(bytes.count - base)
        if nodes[parent].kind == .object {
            bytes.append(UInt8(ascii: "."))
            bytes.append(contentsOf: keys[n.slot].utf8)
        } else {
            bytes.append(UInt8(ascii: "["))
            let first = bytes.count
            var v = n.slot
            repeat { bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: v % 10)); v /= 10 } while v > 0
            bytes[first...].reverse()
            bytes.append(UInt8(ascii: "]"))
        }
        if n.isContainer { chain.append((index, bytes.count)) }
        return bytes.count
    }

    private static func end(of index: Int, _ nodes: UnsafeBufferPointer<LottieJSONDocument.Node>) -> Int {
        let n = nodes[index]
        return n.isContainer ? n.end : index + 1
    }
}
