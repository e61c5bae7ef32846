import Foundation
import StardustTestSupport
import CStardustZlib

/// The hostile-input corpus (docs/DESIGN.md §9, §16): files the suite writes into a fresh folder per case.
enum HostileCorpus {
    /// A PNG of `w`×`h` transparent pixels, compressed to almost nothing (a decompression "bomb" when large).
    static func png(width w: Int, height h: Int) -> Data {
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let t = Array(type.utf8)
            var crc = crc32(0, nil, 0)
            crc = (t + body).withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
            return be32(body.count) + t + body + be32(Int(crc))
        }
        func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
        let raw = [UInt8](repeating: 0, count: (w * 4 + 1) * h)
        var destLen = compressBound(uLong(raw.count))
        var out = [UInt8](repeating: 0, count: Int(destLen))
        _ = out.withUnsafeMutableBufferPointer { d in raw.withUnsafeBufferPointer { s in compress2(d.baseAddress, &destLen, s.baseAddress, uLong(s.count), 9) } }
        let ihdr = be32(w) + be32(h) + [8, 6, 0, 0, 0]
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + chunk("IDAT", Array(out[0..<Int(destLen)])) + chunk("IEND", []))
    }

    /// A GIF with `frames` frames of `w`×`h` pixels, each frame one tiny LZW stream (a clear code and an end code):
    /// tiny on disk, huge when composed.
    static func gif(width w: Int, height h: Int, frames: Int) -> Data {
        var b: [UInt8] = Array("GIF89a".utf8) + [UInt8(w & 255), UInt8(w >> 8), UInt8(h & 255), UInt8(h >> 8), 0x80, 0, 0]
        b += [0, 0, 0, 255, 255, 255]  // 2-color global table
        for _ in 0..<frames {
            b += [0x2C, 0, 0, 0, 0, UInt8(w & 255), UInt8(w >> 8), UInt8(h & 255), UInt8(h >> 8), 0]
            b += [2, 2, 0x44, 0x01, 0]  // min code size 2; codes: clear (4), end (5)
        }
        b.append(0x3B)
        return Data(b)
    }

    static func json(_ object: Any) -> Data { try! JSONSerialization.data(withJSONObject: object) }

    /// `n` emitters, each with one cell.
    static func emitters(_ n: Int, cell: [String: Any]) -> Data {
        json(["layers": (0..<n).map { _ in ["type": "emitter", "emitterPosition": [195, 400], "emitterCells": [cell]] }])
    }
}
