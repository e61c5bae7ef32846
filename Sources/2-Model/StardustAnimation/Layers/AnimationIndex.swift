/// What a layer's attached animations touch, resolved once whenever the animations change (added, removed,
/// finished), so that drawing a frame does no key-path string work for the properties nothing animates
/// (docs/ANIMATION.md, "The animation index").
///
/// Two key paths are related (one is the other or a dotted part of it) only when their first components are
/// equal, so a property whose first component is not in ``roots`` takes its model value: the index answers
/// that without splitting or comparing the paths of every animation at every frame.
struct AnimationIndex {
    /// The distinct first components of the canonical key paths of the attached animations, first seen first.
    private(set) var roots: [String] = []
    /// For each attached animation (in order) and each of its key paths, the position of its root in ``roots``.
    private(set) var rootIDs: [[Int]] = []
    /// Bit `i` is set when ``SnapshotProperty`` i may differ from its model value (see ``LayerSnapshot``).
    private(set) var snapshotMask: UInt32 = 0
    /// Whether an animation names one of the shadow's roots (`shadowColor`, `shadowOpacity`, `shadowRadius`,
    /// `shadowOffset`): every drawn layer asks at every frame, and almost none has one.
    private(set) var mayAnimateShadow = false
    /// Whether some root is not a ``SnapshotProperty`` (a shape's `fillColor`, a shadow's, a gradient's colours):
    /// when not, every other key takes its model value, and a shape layer drawn at every frame asks nothing else
    /// (its up to seven lookups by root string are skipped; docs/ANIMATION.md, "The animation index").
    private(set) var mayAnimateOtherRoots = false
    /// The keyframe animations, in the order attached (each once per attachment): one with a `rotationMode`
    /// turns the layer's `transform` even when no animation names `transform` (read at the frame's time,
    /// as the mode may be set after the animation was attached).
    private(set) var keyframes: [KeyframeAnimation] = []
    /// For each snapshot property whose first component an animation names, in ``SnapshotProperty`` order, that
    /// component's position in ``roots`` and what evaluating the property does with every animation active
    /// (``AnimationRelationPlan``): a frame takes the plan instead of comparing key path strings whenever the
    /// animations it considered are all still active.
    private(set) var snapshotPlans: [(property: SnapshotProperty, rootID: Int, plan: AnimationRelationPlan)] = []
    /// For each ``SnapshotProperty`` (four bits at `4 × rawValue`), the position of its plan in ``snapshotPlans``, or
    /// 15 when it has none: a frame finds a plan without copying the entries before it (each copy of an entry is
    /// four retains and releases; docs/BENCHMARKS.md, "lottie", twenty-fifth round (evaluation)).
    private(set) var snapshotPlanSlots: UInt64 = ~0

    /// The properties a ``LayerSnapshot`` holds; each one's raw value is its bit in ``snapshotMask`` and its name
    /// is its key path.
    enum SnapshotProperty: Int, CaseIterable {
        case position, bounds, anchorPoint, anchorPointZ, zPosition, transform, sublayerTransform, opacity, isHidden,
             backgroundColor, cornerRadius, borderWidth, borderColor, contentsRect

        /// The key path, resolved once.
        var key: String { Self.keys[rawValue] }
        private static let keys = allCases.map { "\($0)" }

        /// The property whose key is `key`, if any. The keys are ASCII and distinct: a key's UTF-8 length picks the
        /// one to three keys it can equal, compared as before (`==`); only a key that matches none and is not ASCII
        /// (which may equal an ASCII key canonically with another length) is compared with every key, as before.
        /// Comparing with every key cost about 550 instructions a new root (docs/BENCHMARKS.md, "lottie",
        /// twenty-eighth round (translation)); `AnimationIndexAppendTests` compares the two.
        init?(key: String) {
            if let p = Self.byLength(key) { self = p; return }
            guard !key.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
            self.init(everyKey: key)
        }

        /// The property whose key is `key`, compared with every key in order (the plain lookup).
        init?(everyKey key: String) {
            guard let i = Self.keys.firstIndex(of: key) else { return nil }
            self.init(rawValue: i)
        }

        /// The property among those whose key has `key`'s UTF-8 length that equals it (each key spelled as its
        /// case is named, which ``keys`` holds).
        private static func byLength(_ key: String) -> SnapshotProperty? {
            switch key.utf8.count {
            case 6: return key == "bounds" ? .bounds : nil
            case 7: return key == "opacity" ? .opacity : nil
            case 8: return key == "position" ? .position : key == "isHidden" ? .isHidden : nil
            case 9: return key == "zPosition" ? .zPosition : key == "transform" ? .transform : nil
            case 11: return key == "anchorPoint" ? .anchorPoint : key == "borderWidth" ? .borderWidth
                : key == "borderColor" ? .borderColor : nil
            case 12: return key == "anchorPointZ" ? .anchorPointZ : key == "cornerRadius" ? .cornerRadius
                : key == "contentsRect" ? .contentsRect : nil
            case 15: return key == "backgroundColor" ? .backgroundColor : nil
            case 17: return key == "sublayerTransform" ? .sublayerTransform : nil
            default: return nil
            }
        }
    }

    /// The index of no animation.
    init() {}

    /// Puts `copies` in place of the keyframe animations listed (``Layer/copySubtree()``: the copies of the same
    /// entries' animations, in the same order; everything else here depends on the entries' key paths only).
    mutating func replaceKeyframes(with copies: [KeyframeAnimation]) {
        precondition(copies.count == keyframes.count, "the keyframe animations of the same entries")
        keyframes = copies
    }

    /// Resolves the entries' key paths. Complexity: O(key paths × distinct roots), once per change.
    init(_ entries: [AnimationEntry]) {
        rootIDs.reserveCapacity(entries.count)
        // The root number of each snapshot property some key path starts with, noted as its root is first seen
        // (roots are distinct, so it is the property's ``rootID(_:)``), instead of looking each property up after.
        var snapshotRoots: [(property: SnapshotProperty, id: Int)] = []
        for e in entries { resolve(e, newSnapshotRoots: &snapshotRoots) }
        // The plans in ``SnapshotProperty`` order (each property once: its root is seen once).
        if snapshotRoots.count > 1 { snapshotRoots.sort { $0.property.rawValue < $1.property.rawValue } }
        snapshotPlans.reserveCapacity(snapshotRoots.count)
        for (p, id) in snapshotRoots { snapshotPlans.append((p, id, Self.snapshotPlan(p, rootID: id, entries, rootIDs))) }
        noteSnapshotPlanSlots()
    }

    /// Sets ``snapshotPlanSlots`` from ``snapshotPlans`` (at most 14 plans, one per property, so a position fits in
    /// four bits).
    private mutating func noteSnapshotPlanSlots() {
        var slots: UInt64 = ~0
        for (i, e) in snapshotPlans.enumerated() {
            let shift = UInt64(4 * e.property.rawValue)
            slots = slots & ~(0xF << shift) | UInt64(i) << shift
        }
        snapshotPlanSlots = slots
    }

    /// Makes this the index of `entries`, which are the entries it was the index of followed by `entry` (what
    /// `Layer.add` appends): the same index as ``init(_:)`` of `entries`, without resolving the earlier entries
    /// again. Only the new entry's key paths are resolved; a plan counts only the entries with a key path under its
    /// property's root, so only the plans of the roots the new entry names are made again (and those of the
    /// snapshot roots it is the first to name, put in ``SnapshotProperty`` order); the others stay as they were.
    /// `AnimationIndexResolutionTests` compares it with the index built afresh after random changes.
    mutating func append(_ entry: AnimationEntry, entries: [AnimationEntry]) {
        var newRoots: [(property: SnapshotProperty, id: Int)] = []
        resolve(entry, newSnapshotRoots: &newRoots)
        let ids = rootIDs[rootIDs.count - 1]
        for i in snapshotPlans.indices where ids.contains(snapshotPlans[i].rootID) {
            snapshotPlans[i].plan = Self.snapshotPlan(snapshotPlans[i].property, rootID: snapshotPlans[i].rootID, entries, rootIDs)
        }
        for (p, id) in newRoots {
            let plan = Self.firstNamingPlan(p, rootID: id, entry: entry, at: entries.count - 1, ids: ids)
                ?? Self.snapshotPlan(p, rootID: id, entries, rootIDs)
            // At the end (the plans' usual order of arrival), an append: `insert(_:at:)` goes through the general
            // `replaceSubrange` (docs/BENCHMARKS.md, "lottie", twenty-seventh round (opening)).
            let at = snapshotPlans.firstIndex { $0.property.rawValue > p.rawValue } ?? snapshotPlans.count
            if at == snapshotPlans.count { snapshotPlans.append((p, id, plan)) } else { snapshotPlans.insert((p, id, plan), at: at) }
        }
        if !newRoots.isEmpty { noteSnapshotPlanSlots() }
    }

    /// Resolves entry `e`'s key paths onto the roots, appending its root numbers to ``rootIDs``; the snapshot
    /// properties whose roots it is the first to name are appended to `newSnapshotRoots` with their root numbers.
    private mutating func resolve(_ e: AnimationEntry, newSnapshotRoots: inout [(property: SnapshotProperty, id: Int)]) {
        var ids: [Int] = []
        ids.reserveCapacity(e.paths.count)
        for p in e.paths {
            let root = String(LayerKeyPath.split(p.canonical).head)
            if let i = roots.firstIndex(of: root) { ids.append(i) } else {
                ids.append(roots.count)
                if let p = SnapshotProperty(key: root) {
                    snapshotMask |= 1 << UInt32(p.rawValue)
                    newSnapshotRoots.append((p, roots.count))
                } else {
                    mayAnimateOtherRoots = true
                }
                if root == "shadowColor" || root == "shadowOpacity" || root == "shadowRadius" || root == "shadowOffset" {
                    mayAnimateShadow = true
                }
                roots.append(root)
            }
        }
        rootIDs.append(ids)
        if let kf = e.animation as? KeyframeAnimation {
            keyframes.append(kf)
            snapshotMask |= 1 << UInt32(SnapshotProperty.transform.rawValue)
        }
    }

    /// The plan of snapshot property `p`, whose root is number `rootID`, with every animation active. A snapshot
    /// key has no dot, so the rule that asks for the layer's value at a dotted key's first component never applies
    /// (`hasValue` is not called).
    private static func snapshotPlan(_ p: SnapshotProperty, rootID: Int, _ entries: [AnimationEntry], _ rootIDs: [[Int]]) -> AnimationRelationPlan {
        AnimationRelationPlan.make(key: p.key, rootID: rootID, entries: entries, rootIDs: rootIDs, recordCandidates: true,
                                   isActive: { _ in true }, hasValue: { _ in false })
    }

    /// The plan ``snapshotPlan(_:rootID:_:_:)`` gives for snapshot property `p` when `entry`, at position `position`,
    /// is the only entry naming its root (number `rootID`; `ids` are the entry's root numbers): without the scan of
    /// every entry and key path string. No earlier entry names the root, so the entry is the only candidate; the key
    /// has no dot and each of the entry's key paths on the root is the key or a dotted part of it, so the root is the
    /// key, there is no rest, and each such path is a step, in order, with its part after the key. Nil (the plain
    /// plan) when one of those paths is not ASCII, where `String` comparison is not byte comparison. Adding animations
    /// one by one, as the Lottie translator does, names a new root with nearly every add (docs/BENCHMARKS.md,
    /// "lottie", twenty-seventh round (opening)); `AnimationIndexAppendTests` compares it with the plain plan.
    static func firstNamingPlan(_ p: SnapshotProperty, rootID: Int, entry: AnimationEntry, at position: Int,
                                ids: [Int]) -> AnimationRelationPlan? {
        let key = p.key
        let keyLength = key.utf8.count
        var plan = AnimationRelationPlan()
        for (j, (raw, path)) in entry.paths.enumerated() where ids[j] == rootID {
            guard path.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
            plan.steps.append(AnimationRelationPlan.Step(entry: position, raw: raw,
                                                         part: path.utf8.count == keyLength ? nil : path.dropFirst(keyLength + 1)))
        }
        guard !plan.steps.isEmpty else { return nil }
        plan.root = key
        plan.candidates = [position]
        return plan
    }

    /// The plan of snapshot property `p` with every animation active, when an animation names its first component.
    func snapshotPlan(_ p: SnapshotProperty) -> AnimationRelationPlan? {
        let slot = Int(truncatingIfNeeded: snapshotPlanSlots >> UInt64(4 * p.rawValue) & 0xF)
        return slot < snapshotPlans.count ? snapshotPlans[slot].plan : nil
    }

    /// The position of `root` (a first component) in ``roots``, or nil when no animation touches it.
    /// Complexity: O(distinct roots), a few short string comparisons.
    func rootID<S: StringProtocol>(_ root: S) -> Int? {
        roots.firstIndex { $0 == root }
    }

    /// Whether the value at a canonical key path whose first component is `root` may differ from its model value.
    func mayAnimate<S: StringProtocol>(root: S) -> Bool {
        rootID(root) != nil || (!keyframes.isEmpty && root == "transform")
    }

    /// Whether snapshot property `p` may differ from its model value.
    @inline(__always) func mayAnimate(_ p: SnapshotProperty) -> Bool {
        snapshotMask & (1 << UInt32(p.rawValue)) != 0
    }
}
