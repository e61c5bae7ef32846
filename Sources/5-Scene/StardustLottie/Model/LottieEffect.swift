/// A layer effect (`ef[i]`): its type (`ty`; 25 drop shadow) and its values (`ef[i].ef[k].v`) by index.
public struct LottieEffect: Sendable, Equatable {
    /// `ty`: 25 drop shadow; the others are named in a warning.
    public var type: Int
    /// Each value's property (a colour is four numbers, a slider one), in the order of the file.
    public var values: [LottieProperty<[Double]>]
    /// `en`: whether the effect is on (0 = off).
    public var enabled: Bool
    /// The effect's JSON path, for warnings.
    public var path: String
}
