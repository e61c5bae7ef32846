#if !canImport(QuartzCore)
import Foundation
import Stardust

/// Groups layer changes (`CATransaction`): the duration, timing function and on/off switch of
/// implicit animations, and a completion block run when every animation added inside has stopped.
///
/// Transactions nest and are per thread. Outside `begin()`/`commit()` the settings apply to the
/// implicit transaction, which a render commits before each frame (as the run loop does on iOS).
/// Completion blocks run from the media clock, at the rendered time the last animation ends.
public final class CATransaction {
    final class Frame {
        var duration: Double?
        var timingFunction: CAMediaTimingFunction?
        var disableActions: Bool?
        var completion: (() -> Void)?
        var animations: [Animation] = []
        var values: [String: Any] = [:]
    }

    final class Stack { var frames: [Frame] = [Frame()] }

    private static let threadKey = "OpenQuartzCore.CATransaction"
    static var stack: Stack {
        let dict = Thread.current.threadDictionary
        if let s = dict[threadKey] as? Stack { return s }
        let s = Stack()
        dict[threadKey] = s
        return s
    }
    private static var top: Frame { stack.frames[stack.frames.count - 1] }

    /// Opens a nested transaction.
    public class func begin() { stack.frames.append(Frame()) }
    /// Closes the innermost transaction: its completion block is armed (runs at once when it added
    /// no animation). Unbalanced calls commit the implicit transaction.
    public class func commit() {
        let s = stack
        let frame = s.frames.count > 1 ? s.frames.removeLast() : s.frames[0]
        if s.frames.count == 1, frame === s.frames[0] { s.frames[0] = Frame() }
        finish(frame)
    }
    /// Commits the implicit transaction (a render calls it before each frame).
    public class func flush() {
        let s = stack
        let frame = s.frames[0]
        s.frames[0] = Frame()
        finish(frame)
    }

    private static func finish(_ frame: Frame) {
        guard let completion = frame.completion else { return }
        if frame.animations.isEmpty { completion(); return }
        var remaining = frame.animations.count
        for a in frame.animations {
            let previous = a.completion
            a.completion = { finished in
                previous?(finished)
                remaining -= 1
                if remaining == 0 { completion() }
            }
        }
    }

    /// Records an animation for the open transactions that have a completion block (Core Animation's
    /// completion waits for the animations added after the block was set).
    static func track(_ animation: Animation) {
        for f in stack.frames where f.completion != nil { f.animations.append(animation) }
    }

    private static func setting<T>(_ read: (Frame) -> T?) -> T? {
        for f in stack.frames.reversed() { if let v = read(f) { return v } }
        return nil
    }

    /// The duration of implicit animations (default 0.25 s).
    public class func animationDuration() -> CFTimeInterval { setting { $0.duration } ?? MediaTiming.defaultAnimationDuration }
    /// Sets the duration of implicit animations in this transaction.
    public class func setAnimationDuration(_ dur: CFTimeInterval) { top.duration = dur }
    /// The timing function of implicit animations (default `nil`: Core Animation's default curve).
    public class func animationTimingFunction() -> CAMediaTimingFunction? { setting { $0.timingFunction } }
    /// Sets the timing function of implicit animations in this transaction.
    public class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) { top.timingFunction = function }
    /// Whether implicit animations are off (default false).
    public class func disableActions() -> Bool { setting { $0.disableActions } ?? false }
    /// Turns implicit animations off (or on) in this transaction.
    public class func setDisableActions(_ flag: Bool) { top.disableActions = flag }
    /// The completion block of this transaction.
    public class func completionBlock() -> (() -> Void)? { top.completion }
    /// Sets the block run once every animation added to this transaction from now on has stopped.
    public class func setCompletionBlock(_ block: (() -> Void)?) { top.completion = block }
    /// A value stored in the transaction (`"animationDuration"`, `"disableActions"` are the settings).
    public class func value(forKey key: String) -> Any? {
        switch key {
        case "animationDuration": return animationDuration()
        case "disableActions": return disableActions()
        case "animationTimingFunction": return animationTimingFunction()
        case "completionBlock": return completionBlock()
        default: return setting { $0.values[key] }
        }
    }
    /// Stores a value in the transaction (the setting keys change the settings).
    public class func setValue(_ anObject: Any?, forKey key: String) {
        switch key {
        case "animationDuration": top.duration = anObject as? Double
        case "disableActions": top.disableActions = anObject as? Bool
        case "animationTimingFunction": top.timingFunction = anObject as? CAMediaTimingFunction
        case "completionBlock": top.completion = anObject as? () -> Void
        default: top.values[key] = anObject
        }
    }
}
#endif
