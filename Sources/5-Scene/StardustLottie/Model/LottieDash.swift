/// One entry of a stroke's dash list (`d[i]`): `n` "d" dash, "g" gap, "o" offset; `v` its length in points.
public struct LottieDash: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable { case dash = "d", gap = "g", offset = "o" }
    public var kind: Kind
    public var length: LottieProperty<Double>
}
