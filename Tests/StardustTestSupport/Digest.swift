/// A stable 64-bit digest (FNV-1a) of bytes, printed as 16 hex digits: what golden hashes pin.
public enum Digest {
    /// The FNV-1a 64-bit hash of `bytes`.
    public static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01B3 }
        return h
    }

    /// ``fnv1a(_:)`` as 16 lowercase hex digits.
    public static func hex(_ bytes: [UInt8]) -> String {
        let s = String(fnv1a(bytes), radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }
}
