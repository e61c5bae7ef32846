/// A member name reduced to one word for the document's member lookup (docs/LOTTIE.md, "JSON reading").
///
/// Why: a lookup compares the asked name with every member name of the object (the last occurrence of a name
/// wins, so the scan cannot stop early), and comparing `String`s one by one was the largest item of the parser
/// (docs/BENCHMARKS.md, "lottie", nineteenth and twentieth rounds). Nearly every Lottie name is ASCII and at most
/// seven bytes long (`ks`, `ty`, `nm`, `layers`, `hasMask`): such a name is packed into the word itself, its bytes
/// and its length, so two of them are equal exactly when their words are. Any other name gets a word that only
/// says what it is (longer ASCII, or not ASCII), and the strings decide.
///
/// The match is `String`'s equality, exactly: two ASCII strings are equal when their bytes are (a packed word and
/// a longer ASCII name never are), while a name that is not ASCII may equal another spelled with other bytes
/// (Unicode canonical equivalence: KELVIN SIGN U+212A equals `K`), so those are always compared as strings.
struct LottieJSONKey: Equatable {
    let word: UInt64

    /// Set in a packed word (so that no packed word is 0, the empty name included).
    static let packedBit: UInt64 = 1 << 59
    /// Set for a name that is not packed (longer than seven bytes, or not ASCII).
    static let unpackedBit: UInt64 = 1 << 63
    /// Set, with ``unpackedBit``, for a name holding a byte above 0x7F.
    static let otherBit: UInt64 = 1 << 62

    /// A packed word the reader made as it scanned the name (``LottieJSONReader``'s `memberName()`): the same
    /// word as ``init(_:)-(UnsafeBufferPointer<UInt8>)`` makes from those bytes.
    init(packed word: UInt64) { self.word = word }

    /// The word of a name's UTF-8 bytes.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        if bytes.count <= 7 {
            var w: UInt64 = 0, high: UInt8 = 0
            for i in 0..<bytes.count {
                high |= bytes[i]
                w |= UInt64(bytes[i]) << (8 * UInt64(i))
            }
            if high < 0x80 { word = w | UInt64(bytes.count) << 56 | Self.packedBit; return }
            word = Self.unpackedBit | Self.otherBit
            return
        }
        word = bytes.contains { $0 >= 0x80 } ? Self.unpackedBit | Self.otherBit : Self.unpackedBit
    }

    /// The word of a name.
    init(_ name: String) {
        if let w = name.utf8.withContiguousStorageIfAvailable({ LottieJSONKey($0) }) { self = w; return }
        self = Array(name.utf8).withUnsafeBufferPointer { LottieJSONKey($0) }
    }

    /// Whether the names of two words may be equal without being packed and equal: then the strings decide.
    /// Two different packed words, or a packed word and a longer ASCII name, are different names.
    @inline(__always)
    func needsStrings(_ other: LottieJSONKey) -> Bool {
        (word | other.word) & Self.otherBit != 0 || (word == other.word && word & Self.unpackedBit != 0)
    }
}
