/// `--shard K/N`: this process takes every N-th item starting at K (0 ≤ K < N), so N processes, each given its own K
/// (a Kubernetes Indexed Job's `JOB_COMPLETION_INDEX`, a Slurm array's `SLURM_ARRAY_TASK_ID`, GNU parallel's
/// `{%}` − 1), together take every item exactly once with no coordination (docs/BATCH.md).
struct Shard: Equatable {
    var index: Int
    var count: Int

    /// All items: `0/1`.
    static let whole = Shard(index: 0, count: 1)

    /// Parses `K/N`.
    init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= 1_000_000, k >= 0, k < n else {
            throw CLIError.usage("--shard expects K/N with 0 ≤ K < N ≤ 1000000 (K counts from 0), like 0/4; got \"\(text)\".")
        }
        self.init(index: k, count: n)
    }

    init(index: Int, count: Int) { self.index = index; self.count = count }

    /// Whether item `i` (counted from 0) belongs to this shard.
    func contains(_ i: Int) -> Bool { i % count == index }

    /// This shard's part of `0..<total` as one contiguous range (for frames, which encode in order): the first
    /// `total % count` shards get one item more.
    func contiguousPart(of total: Int) -> Range<Int> {
        let base = total / count, extra = total % count
        let start = index * base + min(index, extra)
        return start..<(start + base + (index < extra ? 1 : 0))
    }
}
