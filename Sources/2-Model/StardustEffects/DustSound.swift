import Foundation
import StardustCore

/// A moment of the disintegration that makes a sound (docs/DESIGN.md §8): the snap, the dust, the restore.
public struct SoundCue: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A finger snap: a click and a short bright ring (about 0.12 s).
        case snap
        /// The dust: a whoosh of low-passed noise for the whole flight of the layers.
        case dust
        /// The restore: a tone rising an octave and a half.
        case restore
    }
    public var kind: Kind
    /// When the sound starts (seconds on the scene's timeline).
    public var time: Double
    /// How long it lasts (seconds).
    public var duration: Double

    public init(kind: Kind, time: Double, duration: Double) {
        self.kind = kind; self.time = time; self.duration = duration
    }
}

extension DustEffect {
    /// The effect's sound cues: the snap and the dust at ``snapTime``, the restore at ``restoreTime``.
    public var soundCues: [SoundCue] {
        SoundCue.cues(snapTime: snapTime, restoreTime: restoreTime, duration: parameters.totalDuration)
    }
}

extension SoundCue {
    /// The cues of a disintegration: a 0.12 s snap and the dust (lasting `duration`) at `snapTime`, the
    /// restore (lasting `duration`) at `restoreTime` when there is one.
    public static func cues(snapTime: Double, restoreTime: Double?, duration: Double) -> [SoundCue] {
        var cues = [SoundCue(kind: .snap, time: snapTime, duration: 0.12),
                    SoundCue(kind: .dust, time: snapTime, duration: duration)]
        if let r = restoreTime { cues.append(SoundCue(kind: .restore, time: r, duration: duration)) }
        return cues
    }
}

/// Synthesizes the cues into a mono track of floats in [−1, 1] (deterministic: the noise is counter-based).
///
/// Every sound starts exactly at sample `round(time · sampleRate)` with a non-zero sample. Overlapping sounds add and
/// the sum is clipped to [−1, 1]. Complexity: O(samples of every cue).
public enum SoundSynth {
    /// The whole track: `round(duration · sampleRate)` samples from time 0.
    public static func render(_ cues: [SoundCue], duration: Double, sampleRate: Int = 44_100, seed: UInt64 = 0) -> [Float] {
        let count = max(0, Int((duration * Double(sampleRate)).rounded()))
        var out = [Float](repeating: 0, count: count)
        let rate = Double(sampleRate)
        for (c, cue) in cues.enumerated() {
            let start = Int((cue.time * rate).rounded())
            let n = Int((cue.duration * rate).rounded())
            guard start < count, n > 0 else { continue }
            var lp = 0.0
            let key = SplitMix64.mix(seed &+ UInt64(c) &* 0x9E37_79B9_7F4A_7C15)
            for i in 0..<min(n, count - start) where start + i >= 0 {
                let t = Double(i) / rate
                let noise = Double(SplitMix64.mix(key &+ UInt64(i)) >> 11) * 0x1p-53 * 2 - 1
                var s: Double
                switch cue.kind {
                case .snap:
                    // Click: a decaying noise burst; ring: 2.2 kHz, decaying over ~30 ms. Starts at full level.
                    let click = i == 0 ? 1 : noise * exp(-t / 0.004)
                    s = 0.7 * click + 0.35 * sin(2 * .pi * 2200 * t) * exp(-t / 0.03)
                case .dust:
                    // Noise through a one-pole low-pass whose cutoff falls from 3 kHz to 400 Hz; soft attack, long decay.
                    let p = t / cue.duration
                    let cutoff = 3000 - 2600 * p
                    let a = 1 - exp(-2 * .pi * cutoff / rate)
                    lp += a * (noise - lp)
                    let env = min(1, t / 0.15 + 0.02) * pow(1 - p, 1.5)
                    s = 0.8 * lp * env
                case .restore:
                    // A sine sweeping 300 → 900 Hz (phase integrated), with its octave, fading in and out.
                    let p = t / cue.duration
                    let phase = 2 * .pi * (300 * t + 600 * t * p / 2)
                    let env = min(1, t / 0.05 + 0.05) * min(1, (1 - p) / 0.2)
                    s = 0.3 * env * (sin(phase) + 0.3 * sin(2 * phase)) + (i == 0 ? 0.05 : 0)
                }
                let v = Double(out[start + i]) + s
                out[start + i] = Float(min(1, max(-1, v)))
            }
        }
        return out
    }

    /// A slice of the track: the samples `round(start · sampleRate) ..< round(end · sampleRate)` of the whole track
    /// (`start`, `end` in seconds on the scene's timeline), exactly the samples ``render(_:duration:sampleRate:seed:)``
    /// gives at those indices, so the sound of frames A…B rendered alone matches the full render's. Empty when
    /// `end ≤ start`; `start` below 0 counts from 0.
    ///
    /// Complexity: O(samples of every cue up to `end`) (the low-pass of the dust carries state from the cue's start).
    public static func render(_ cues: [SoundCue], from start: Double, to end: Double, sampleRate: Int = 44_100,
                              seed: UInt64 = 0) -> [Float] {
        let rate = Double(sampleRate)
        let first = max(0, Int((start * rate).rounded()))
        let whole = render(cues, duration: end, sampleRate: sampleRate, seed: seed)
        guard first < whole.count else { return [] }
        return Array(whole[first...])
    }
}
