/// Writes 16-bit PCM WAV (RIFF) audio, mono or stereo.
public enum WAVWriter {
    /// A WAV file for interleaved 16-bit `samples` (`channels` = 1 or 2). O(samples).
    public static func encode(samples: [Int16], channels: Int, sampleRate: Int) throws -> [UInt8] {
        guard channels == 1 || channels == 2 else { throw CodecError.invalidArgument("WAV needs 1 or 2 channels, not \(channels)") }
        guard sampleRate > 0 && sampleRate <= 1_000_000 else { throw CodecError.invalidArgument("WAV sample rate \(sampleRate) is not valid") }
        guard samples.count % channels == 0 else {
            throw CodecError.invalidArgument("WAV sample count \(samples.count) is not a multiple of the channel count \(channels)")
        }
        let dataBytes = samples.count * 2
        guard dataBytes <= Int(UInt32.max) - 36 else { throw CodecError.invalidArgument("WAV data is over 4 GB") }
        var out: [UInt8] = []
        out.reserveCapacity(44 + dataBytes)
        func u32(_ v: Int) { for s in stride(from: 0, to: 32, by: 8) { out.append(UInt8((v >> s) & 0xFF)) } }
        func u16(_ v: Int) { out.append(UInt8(v & 0xFF)); out.append(UInt8((v >> 8) & 0xFF)) }
        out += Array("RIFF".utf8); u32(36 + dataBytes); out += Array("WAVE".utf8)
        out += Array("fmt ".utf8); u32(16); u16(1); u16(channels); u32(sampleRate)
        u32(sampleRate * channels * 2); u16(channels * 2); u16(16)
        out += Array("data".utf8); u32(dataBytes)
        for s in samples { let v = UInt16(bitPattern: s); out.append(UInt8(v & 0xFF)); out.append(UInt8(v >> 8)) }
        return out
    }

    /// Converts float samples in −1…1 (clamped) to 16-bit, rounding to nearest, and encodes them.
    public static func encode(floatSamples samples: [Float], channels: Int, sampleRate: Int) throws -> [UInt8] {
        try encode(samples: samples.map { Int16((max(-1, min(1, $0.isNaN ? 0 : $0)) * 32767).rounded()) },
                   channels: channels, sampleRate: sampleRate)
    }

    /// Encodes and writes atomically to `path`.
    public static func write(samples: [Int16], channels: Int, sampleRate: Int, to path: String) throws {
        try AtomicFile.write(encode(samples: samples, channels: channels, sampleRate: sampleRate), to: path)
    }
}
