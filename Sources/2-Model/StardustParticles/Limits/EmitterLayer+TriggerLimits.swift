extension EmitterLayer {
    /// Refuses a triggered sub-cell whose emission window never ends (a birth rate, or bursts that cycle
    /// forever, with neither an `emissionDuration` nor a finite `duration`).
    ///
    /// Each parent leaves such an emitter behind for good (docs/PARTICLE-MODEL.md §2.8), so the emitters to
    /// plan grow with the time evaluated and a seek far ahead takes time and memory without bound. The particle
    /// estimate usually refuses it already, as an endless count; ``CellExtensions/maximumAlive`` bounds the
    /// particles alive per emitter but not the emitters, so with a cap the estimate alone let it through.
    /// O(cells) after the compile the estimate also uses.
    func checkTriggeredWindowsEnd() throws(EmitterError) {
        let compiled = compile(upTo: 0, sceneSeed: 0).cells
        var prefixes: [String] = []
        func walk(_ cells: [EmitterCell], _ prefix: String) {
            for (i, c) in cells.enumerated() {
                let path = prefix + "emitterCells." + (c.name ?? "#\(i)") + "."
                prefixes.append(path)
                walk(c.emitterCells, path)
            }
        }
        walk(emitterCells, "")  // the pre-order of the compiled cells, named as ``validate()`` names them
        for (i, c) in compiled.enumerated()
        where c.parent >= 0 && c.extensions?.trigger != nil && c.emits && c.windowHi == .infinity {
            throw .invalidValue(keyPath: prefixes[i] + "emissionDuration", value: .infinity,
                                reason: "a triggered cell that emits at a rate (or in bursts that repeat forever) needs an "
                                    + "emissionDuration or a finite duration: each parent leaves its emitter behind, running forever")
        }
    }
}
