/// What drawing a layer tree reads besides the model and the time: the scene's seed, and scratch
/// space that the caller owns.
///
/// Drawing is a function of (model, ``seed``, time): layers keep no per-frame state of their own.
/// Buffers that are expensive to allocate every frame (an emitter's particle snapshot) live in
/// ``scratch``, so a caller that renders frame after frame reuses them, and two threads that
/// render two times of one scene, each with its own context, never share one.
public struct DrawContext {
    /// The scene's seed, combined with every emitter's own `seed` (0 leaves them alone).
    public var seed: UInt64
    /// Reusable buffers, one per drawing layer. Not thread-safe: one per thread.
    public let scratch: DrawScratch
    /// How many masks deep the drawing is (a mask's own mask is 2): bounds mask chains and cycles.
    public var maskNesting = 0

    /// A context with `seed` and fresh (or reused) scratch space.
    public init(seed: UInt64 = 0, scratch: DrawScratch = DrawScratch()) {
        self.seed = seed; self.scratch = scratch
    }
}

/// Buffers reused from frame to frame, keyed by the layer that uses them.
///
/// A layer asks for its buffer with ``buffer(for:_:)``; the first request makes it. Owned by one
/// caller (one render loop, one thread): sharing one between threads is a data race.
/// Complexity: O(1) expected per request; memory grows with the number of drawing layers seen.
public final class DrawScratch {
    private var buffers: [ObjectIdentifier: (owner: AnyObject, buffer: AnyObject)] = [:]
    /// How many commands the last display list drawn with this scratch space had: the next one reserves that many at
    /// once instead of growing its array by doubling through a dozen copies per frame (docs/BENCHMARKS.md, "lottie",
    /// twenty-fifth round (evaluation)).
    var commandCountHint = 0

    /// Empty scratch space: buffers are made on first use by each layer.
    public init() {}

    /// The buffer of type `T` kept for `owner`, made by `make` on first use.
    public func buffer<T: AnyObject>(for owner: AnyObject, _ make: () -> T) -> T {
        let id = ObjectIdentifier(owner)
        // The owner is retained with its buffer, so its identifier cannot be reused by another object.
        if let entry = buffers[id], entry.owner === owner, let b = entry.buffer as? T { return b }
        let b = make()
        buffers[id] = (owner, b)
        return b
    }
}
