/// What evaluating one canonical key path on a layer does, as far as the key path strings decide it: the key
/// path the animations are evaluated on (the shortest related one, the root), and which animations' key paths
/// apply to it, in the order they were added (docs/ANIMATION.md, "The animation index").
///
/// `Layer.animatedValue(forCanonicalKeyPath:at:)` builds one per lookup from the animations active at the time;
/// ``AnimationIndex`` builds one per animated ``AnimationIndex/SnapshotProperty`` once, with every animation
/// active, and a frame in which every animation it considered is active uses it as is: the string comparisons
/// then happen when the animations change, not at every frame, and the value comes out the same.
struct AnimationRelationPlan {
    /// One animation key path that applies: the entry's position, the key path as written (what the animation
    /// answers to) and, for a part of the root (`position.x` on `position`), the part's path relative to the root.
    struct Step {
        var entry: Int
        var raw: String
        let part: Substring?
        /// ``part`` matched once (``ComponentPath``): a kept plan reads and writes the part at every frame.
        let partPath: ComponentPath?

        init(entry: Int, raw: String, part: Substring?) {
            self.entry = entry; self.raw = raw; self.part = part
            partPath = part.map(ComponentPath.init)
        }
    }

    /// Nil when no animation is related to the key: the model value.
    var root: String?
    var steps: [Step] = []
    /// The key relative to the root, or nil when the key is the root.
    var rest: Substring?
    /// The entries whose key paths share the key's first component: only their activity can change the plan.
    var candidates: [Int] = []

    /// The plan for canonical `key` whose first component is the index's root `rootID`, counting only the
    /// entries `isActive` accepts. `hasValue(top)` says whether the layer has a value at first component `top`
    /// (asked only for a dotted key: see the rule on parts without fields below). ``candidates`` is filled only
    /// with `recordCandidates` (a plan kept across frames; a plan used once needs no list).
    /// Complexity: O(key paths of the entries × key length).
    static func make(key: String, rootID: Int, entries: [AnimationEntry], rootIDs: [[Int]], recordCandidates: Bool = false,
                     isActive: (Int) -> Bool, hasValue: (String) -> Bool) -> AnimationRelationPlan {
        var plan = AnimationRelationPlan()
        var root = key
        var related = false
        for (i, e) in entries.enumerated() {
            let ids = rootIDs[i]
            guard ids.contains(rootID) else { continue }
            if recordCandidates { plan.candidates.append(i) }
            guard isActive(i) else { continue }
            for (j, (_, p)) in e.paths.enumerated() where ids[j] == rootID {
                if LayerKeyPath.isPrefix(p, of: key) {
                    related = true
                    if p.utf8.count < root.utf8.count { root = p }
                } else if LayerKeyPath.isPrefix(key, of: p) {
                    related = true
                }
            }
        }
        guard related else { return plan }
        // A part with no fields of its own (`transform.scale`, a number) cannot take an animation of a
        // finer part (`transform.scale.x`): evaluate on the whole (`transform`) and read the part back.
        if root == key, key.utf8.contains(UInt8(ascii: ".")), let top = key.split(separator: ".").first.map(String.init), top != key,
           entries.contains(where: { e in e.paths.contains { LayerKeyPath.isPrefix(key, of: $0.canonical) && $0.canonical != key } }),
           hasValue(top) {
            root = top
        }
        plan.root = root
        for (i, e) in entries.enumerated() where isActive(i) {
            let ids = rootIDs[i]
            for (j, (raw, p)) in e.paths.enumerated() where ids[j] == rootID && LayerKeyPath.isPrefix(root, of: p) {
                plan.steps.append(Step(entry: i, raw: raw, part: p.utf8.count == root.utf8.count ? nil : p.dropFirst(root.count + 1)))
            }
        }
        plan.rest = key.utf8.count == root.utf8.count ? nil : key.dropFirst(root.count + 1)
        return plan
    }
}
