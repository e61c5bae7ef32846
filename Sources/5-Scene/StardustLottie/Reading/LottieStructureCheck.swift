/// Checks of the file as a whole, after reading and before any translation: precomp references resolve and
/// form no cycle (a precomp that includes itself, directly or not), nesting stays within ``LottieLimits/maxDepth``,
/// and the expanded layer tree stays within ``LottieLimits/maxTranslatedLayers``.
struct LottieStructureCheck {
    let animation: LottieAnimation
    let limits: LottieLimits

    /// Expanded layer counts of the precomps already measured.
    private final class Memo { var counts: [String: Int] = [:] }

    func run() throws {
        let memo = Memo()
        let total = try expandedCount(animation.layers, stack: [], memo: memo)
        guard total <= limits.maxTranslatedLayers else {
            throw LottieError(path: "$.layers", "the precomps expand to \(total) layers, more than the limit of \(limits.maxTranslatedLayers)")
        }
    }

    /// The number of layers `layers` expands to, precomps included; `stack` holds the precomp ids being expanded.
    private func expandedCount(_ layers: [LottieLayer], stack: [String], memo: Memo) throws -> Int {
        var n = 0
        for layer in layers {
            n += 1
            guard case .precomp(let ref, _, _, _) = layer.kind else { continue }
            if stack.contains(ref) {
                throw LottieError(path: "\(layer.path).refId", "precomp \"\(ref)\" includes itself (\((stack + [ref]).joined(separator: " → ")))")
            }
            guard stack.count < limits.maxDepth else {
                throw LottieError(path: "\(layer.path).refId", "precomps nested deeper than \(limits.maxDepth) levels")
            }
            if let known = memo.counts[ref] { n = n.addingReportingOverflow(known).partialValue; continue }
            guard let inner = animation.precomps[ref] else { continue }  // a missing asset: translation warns
            let c = try expandedCount(inner, stack: stack + [ref], memo: memo)
            memo.counts[ref] = c
            let (sum, overflow) = n.addingReportingOverflow(c)
            n = overflow ? Int.max : sum
            if n > limits.maxTranslatedLayers { return n }
        }
        return n
    }
}
