/// The layers of one composition by their index (`ind`), as positions in the composition's list: the last layer with
/// an index wins, as in a dictionary filled in list order. Finding a parent or a matte source copies no layer (a
/// ``LottieLayer`` holds some thirty references, each retained by a copy; a dictionary of copies was about 3 % of
/// translating, docs/BENCHMARKS.md, "lottie", twenty-sixth round (opening)).
struct LottieLayerLookup {
    let list: [LottieLayer]
    private var positions: [Int: Int] = [:]

    init(_ list: [LottieLayer]) {
        self.list = list
        for (n, l) in list.enumerated() { if let i = l.index { positions[i] = n } }
    }

    /// The position in ``list`` of the layer whose index is `index`.
    func position(of index: Int) -> Int? { positions[index] }

    /// The layer whose index is `index`.
    subscript(index: Int) -> LottieLayer? { positions[index].map { list[$0] } }
}
