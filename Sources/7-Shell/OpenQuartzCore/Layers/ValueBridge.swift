#if !canImport(QuartzCore)
import Foundation
import Stardust

/// Converts the `Any` values of key-value coding and animations (`fromValue`, `values`,
/// `setValue(_:forKeyPath:)`) to the engine's `AnimatableValue` and back.
enum ValueBridge {
    /// The engine value of `value`: numbers (any Swift numeric type or `NSNumber`; `Float` at its
    /// decimal spelling), `Bool`, `CGPoint`, `CGSize`, `CGRect`, `CATransform3D`, `CGAffineTransform`,
    /// `CGColor`, `UIColor`, `String`, `CGPath` (shape morphing), arrays of these (`colors`, `locations`,
    /// `lineDashPattern`). `nil` for anything else.
    static func animatable(_ value: Any?) -> AnimatableValue? {
        guard let value else { return nil }
        // Only a real `Bool` is a Boolean: an `NSNumber` holding 1 would also cast to `Bool`.
        if let v = value as? Bool, type(of: value) == Bool.self { return .bool(v) }
        if let n = value as? NSNumber, type(of: value) is NSNumber.Type { return .number(n.doubleValue) }
        switch value {
        case let v as Double: return .number(v)
        case let v as CGFloat: return .number(Double(v))
        case let v as Float: return .number(v.decimalDouble)
        case let v as Int: return .number(Double(v))
        case let v as Int32: return .number(Double(v))
        case let v as UInt32: return .number(Double(v))
        case let v as NSNumber: return .number(v.doubleValue)
        case let v as CGPoint: return .point(v.stardust)
        case let v as CGSize: return .size(v.stardust)
        case let v as CGRect: return .rect(v.stardust)
        case let v as CATransform3D: return .transform(v.stardust)
        case let v as CGAffineTransform: return .transform(Transform3D(v.stardust))
        case let v as CGColor: return .color(v.stardustColor)
        case let v as UIColor: return .color(v.cgColor.stardustColor)
        case let v as String: return .string(v)
        case let v as CGPath: return .path(v.stardustPath)
        case let v as [Any]:
            var out: [AnimatableValue] = []
            for e in v { guard let a = animatable(e) else { return nil }; out.append(a) }
            return .array(out)
        default: return nil
        }
    }

    /// The `Any` value of an engine value: numbers as `NSNumber` (so `as? Float`, `as? Double` work),
    /// points, sizes and rectangles as CoreGraphics structs, colors as `CGColor`, transforms as `CATransform3D`.
    static func any(_ value: AnimatableValue) -> Any {
        switch value {
        case .number(let v): return NSNumber(value: v)
        case .point(let p): return CGPoint(p)
        case .size(let s): return CGSize(s)
        case .rect(let r): return CGRect(r)
        case .color(let c): return CGColor(c)
        case .transform(let t): return CATransform3D(t)
        case .bool(let b): return b
        case .string(let s): return s
        case .path(let p): return CGPath(p)
        case .array(let a): return a.map(any)
        }
    }
}
#endif
