// Ids.swift — handles to world objects.
//
// An id is a slot index plus the slot's generation. Destroying an object
// bumps its slot's generation, so an old id no longer matches and the world
// reports it as invalid instead of silently addressing a new object that
// reused the slot.

/// A body handle. Compare with `==`; test with ``World/isValid(_:)-(BodyID)``.
public struct BodyID: Hashable, Sendable, CustomStringConvertible {
    /// The slot index in the world's body storage.
    public let index: Int32
    /// The slot's generation when the handle was made: a reused slot has a newer one.
    public let generation: UInt32
    /// A handle to slot `index` at `generation` (handles normally come from the world).
    public init(index: Int32, generation: UInt32) { self.index = index; self.generation = generation }
    /// `Body(index#generation)`.
    public var description: String { "Body(\(index)#\(generation))" }
}

/// A shape handle.
public struct ShapeID: Hashable, Sendable, CustomStringConvertible {
    /// The slot index in the world's shape storage.
    public let index: Int32
    /// The slot's generation when the handle was made: a reused slot has a newer one.
    public let generation: UInt32
    /// A handle to slot `index` at `generation` (handles normally come from the world).
    public init(index: Int32, generation: UInt32) { self.index = index; self.generation = generation }
    /// `Shape(index#generation)`.
    public var description: String { "Shape(\(index)#\(generation))" }
}

/// A joint handle.
public struct JointID: Hashable, Sendable, CustomStringConvertible {
    /// The slot index in the world's joint storage.
    public let index: Int32
    /// The slot's generation when the handle was made: a reused slot has a newer one.
    public let generation: UInt32
    /// A handle to slot `index` at `generation` (handles normally come from the world).
    public init(index: Int32, generation: UInt32) { self.index = index; self.generation = generation }
    /// `Joint(index#generation)`.
    public var description: String { "Joint(\(index)#\(generation))" }
}

/// Errors thrown by the world API for stale or invalid handles.
public enum PhysicsError: Error, Sendable, Equatable {
    /// The body handle does not name a live body (destroyed, or from another world).
    case invalidBody(BodyID)
    /// The shape handle does not name a live shape.
    case invalidShape(ShapeID)
    /// The joint handle does not name a live joint.
    case invalidJoint(JointID)
    /// The geometry cannot be used (the message says why: e.g. a degenerate polygon or a non-finite value).
    case invalidGeometry(String)
}

/// Slot allocation with a free list. Deterministic: slots are reused last-freed-first.
struct SlotAllocator: Sendable {
    var generations: [UInt32] = []
    var alive: [Bool] = []
    var freeList: [Int32] = []

    mutating func allocate() -> (index: Int32, generation: UInt32) {
        if let i = freeList.popLast() {
            alive[Int(i)] = true
            return (i, generations[Int(i)])
        }
        generations.append(1)
        alive.append(true)
        return (Int32(generations.count - 1), 1)
    }

    mutating func free(_ index: Int32) {
        alive[Int(index)] = false
        generations[Int(index)] &+= 1
        freeList.append(index)
    }

    @inline(__always) func isValid(index: Int32, generation: UInt32) -> Bool {
        index >= 0 && Int(index) < generations.count && alive[Int(index)] && generations[Int(index)] == generation
    }
}
