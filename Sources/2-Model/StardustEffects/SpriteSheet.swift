import StardustAnimation
import StardustCore

/// A sprite sheet: `frameCount` frames of equal size laid out left to right, then top to bottom,
/// in a grid of `columns × rows` (a horizontal sheet has one row). Played through `contentsRect`
/// keyframes in the discrete calculation mode (docs/DESIGN.md §8: the gauntlet).
public struct SpriteSheet: Hashable, Sendable {
    public var columns: Int
    public var rows: Int
    public var frameCount: Int

    /// A grid sheet; `frameCount` defaults to every cell.
    public init(columns: Int, rows: Int = 1, frameCount: Int? = nil) {
        self.columns = max(1, columns); self.rows = max(1, rows)
        self.frameCount = min(max(1, frameCount ?? columns * rows), self.columns * self.rows)
    }

    /// The unit rectangle of frame `i` (clamped to the sheet's frames).
    public func contentsRect(ofFrame i: Int) -> Rect {
        let f = min(max(i, 0), frameCount - 1)
        let w = 1 / Double(columns), h = 1 / Double(rows)
        return Rect(x: Double(f % columns) * w, y: Double(f / columns) * h, width: w, height: h)
    }

    /// The frame shown at time `t` after the start of a play of `duration` seconds: ⌊count·t/duration⌋,
    /// the last frame from the end on.
    public func frame(at t: Double, duration: Double) -> Int {
        guard duration > 0 else { return frameCount - 1 }
        return min(max(Int((Double(frameCount) * t / duration).rounded(.down)), 0), frameCount - 1)
    }

    /// Discrete keyframes that show frame i on [i, i+1)·duration/count. A one-row sheet animates
    /// `contentsRect.origin.x`, a grid `contentsRect.origin`. `reversed` plays the frames backwards.
    /// The animation holds its last frame (fill forwards) and shows frame 0 before it begins (fill backwards).
    public func animation(duration: Double, beginTime: Double = 0, reversed: Bool = false) -> KeyframeAnimation {
        let order = reversed ? Array((0..<frameCount).reversed()) : Array(0..<frameCount)
        let values: [AnimatableValue] = order.map { i in
            let r = contentsRect(ofFrame: i)
            return rows == 1 ? .number(r.origin.x) : .point(r.origin)
        }
        let k = KeyframeAnimation(keyPath: rows == 1 ? "contentsRect.origin.x" : "contentsRect.origin", values: values,
                                  timing: MediaTiming(beginTime: beginTime, duration: duration, fillMode: .both))
        k.calculationMode = .discrete
        k.keyTimes = (0...frameCount).map { Double($0) / Double(frameCount) }
        k.isRemovedOnCompletion = false
        return k
    }

    /// A layer of `size` points showing `texture` as this sheet, starting at frame 0 (or the last
    /// when `reversed`); add ``animation(duration:beginTime:reversed:)`` to play it.
    public func layer(texture: Texture, size: Size, reversed: Bool = false) -> Layer {
        let l = Layer()
        l.contents = texture
        l.bounds = Rect(origin: .zero, size: size)
        l.contentsRect = contentsRect(ofFrame: reversed ? frameCount - 1 : 0)
        return l
    }
}
