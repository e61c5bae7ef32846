#if !canImport(QuartzCore)
import Foundation
import Stardust

/// The timing properties shared by layers, animations and emitter cells (`CAMediaTiming`): local time =
/// (parent time − beginTime) × speed + timeOffset, then repeat / autoreverse folding and the fill mode.
public protocol CAMediaTiming: AnyObject {
    /// When the object begins, in its parent's time (seconds; default 0).
    var beginTime: CFTimeInterval { get set }
    /// The basic duration in seconds (default 0).
    var duration: CFTimeInterval { get set }
    /// The rate of local time against parent time (default 1).
    var speed: Float { get set }
    /// An offset added to local time (seconds; default 0).
    var timeOffset: CFTimeInterval { get set }
    /// How many times the object repeats (default 0: once; `.infinity` forever).
    var repeatCount: Float { get set }
    /// How long the object repeats, in seconds (default 0).
    var repeatDuration: CFTimeInterval { get set }
    /// Whether each cycle plays forwards then backwards (default false).
    var autoreverses: Bool { get set }
    /// What the object shows outside its active interval (default `.removed`).
    var fillMode: CAMediaTimingFillMode { get set }
}

/// An object whose `CAMediaTiming` properties are stored as the engine's `MediaTiming` (layers,
/// animations, emitter cells), with `Float` values taken at their decimal spelling
/// (docs/DIFFERENCES.md, OpenQuartzCore).
public protocol StardustTimed: CAMediaTiming {
    /// The engine timing the `CAMediaTiming` properties read and write.
    var stardustTiming: MediaTiming { get set }
}

extension StardustTimed {
    /// When the object begins, in its parent's time (seconds; default 0).
    public var beginTime: CFTimeInterval {
        get { stardustTiming.beginTime } set { stardustTiming.beginTime = newValue }
    }
    /// The basic duration in seconds (default 0).
    public var duration: CFTimeInterval {
        get { stardustTiming.duration } set { stardustTiming.duration = newValue }
    }
    /// The rate of local time against parent time (default 1).
    public var speed: Float {
        get { stardustTiming.speed.float } set { stardustTiming.speed = newValue.decimalDouble }
    }
    /// An offset added to local time (seconds; default 0).
    public var timeOffset: CFTimeInterval {
        get { stardustTiming.timeOffset } set { stardustTiming.timeOffset = newValue }
    }
    /// How many times the object repeats (default 0; `.infinity` or `.greatestFiniteMagnitude` forever).
    public var repeatCount: Float {
        get { stardustTiming.repeatCount.float }
        set { stardustTiming.repeatCount = newValue >= .greatestFiniteMagnitude ? .infinity : newValue.decimalDouble }
    }
    /// How long the object repeats, in seconds (default 0).
    public var repeatDuration: CFTimeInterval {
        get { stardustTiming.repeatDuration } set { stardustTiming.repeatDuration = newValue }
    }
    /// Whether each cycle plays forwards then backwards (default false).
    public var autoreverses: Bool {
        get { stardustTiming.autoreverses } set { stardustTiming.autoreverses = newValue }
    }
    /// What the object shows outside its active interval (default `.removed`).
    public var fillMode: CAMediaTimingFillMode {
        get { CAMediaTimingFillMode(rawValue: stardustTiming.fillMode.rawValue) }
        set { stardustTiming.fillMode = FillMode(rawValue: newValue.rawValue) ?? .removed }
    }
}
#endif
