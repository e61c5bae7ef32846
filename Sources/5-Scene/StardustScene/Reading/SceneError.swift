/// A problem in a scene file: where it is (a JSON path such as
/// `layers[2].emitterCells[0].birthRate`) and what was expected.
public struct SceneError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The JSON path of the offending value (`$` for the whole document).
    public var path: String
    /// What was expected, and what was found instead.
    public var message: String

    /// An error at the JSON path `path`.
    public init(path: String, _ message: String) { self.path = path; self.message = message }

    /// `path: message`, as `stardust validate` prints it.
    public var description: String { "\(path): \(message)" }
}

/// A key or value as quoted in a message: at most 64 characters, longer ones cut with their length.
func quoted(_ s: String, max: Int = 64) -> String {
    guard s.utf8.count > max else { return s }
    return String(s.prefix(max)) + "…(\(s.count) characters)"
}

/// Names close to a misspelled one, for "did you mean" hints (Levenshtein distance ≤ 1/3 of the length, case-insensitive).
enum Suggestions {
    static func close(to name: String, in candidates: [String], limit: Int = 3) -> [String] {
        // A name far longer than every candidate is close to none (and would cost O(length × candidates)).
        guard name.utf8.count <= 2 * (candidates.map(\.utf8.count).max() ?? 0) + 8 else { return [] }
        let n = name.lowercased()
        var scored: [(name: String, score: Int)] = []
        for c in candidates {
            let lc = c.lowercased()
            let d = distance(n, lc)
            if d <= max(2, n.count / 3) || lc.hasPrefix(n) || n.hasPrefix(lc) { scored.append((c, d)) }
        }
        scored.sort { $0.score != $1.score ? $0.score < $1.score : $0.name < $1.name }
        return scored.prefix(limit).map { $0.name }
    }

    static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var prev = Array(0...y.count), cur = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            cur[0] = i
            for j in 1...y.count {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
            swap(&prev, &cur)
        }
        return prev[y.count]
    }
}
