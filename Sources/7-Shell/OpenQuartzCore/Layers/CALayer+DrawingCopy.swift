#if !canImport(QuartzCore)
import Foundation
import Stardust

/// What ``CALayer/init(layer:)`` and ``CALayer/presentation()`` copy of the drawing model (docs/DRAWING.md):
/// shadows, compositing filter, mask mode and mask; a shape's path, colors, stroke and dashes; a gradient's type,
/// colors, locations and end points; a replicator's instance properties. Animatable values are the presentation
/// values at `time` when one is given (what is on screen), else the model values. The copies are values: editing
/// the copy's `lineDashPattern` or `colors` never changes the original (Swift arrays, as `NSArray` copies in
/// Core Animation); the mask is the original's mask layer (Core Animation gives its presentation copy; the
/// façade's presentation copy has no presentation of its own mask).
extension CALayer {
    func copyDrawingValues(from other: Layer, at time: Double?) {
        let l = stardustLayer
        func current(_ key: String) -> AnimatableValue? {
            guard let time, other.hasAnimations else { return nil }
            return other.presentationValue(forKeyPath: key, at: time)
        }
        func copy(_ keys: [String], to target: Layer) {
            for key in keys { if let v = current(key) ?? other.value(forKeyPath: key) { target.setValue(v, forKeyPath: key) } }
        }
        copy(["shadowColor", "shadowOpacity", "shadowRadius", "shadowOffset"], to: l)
        l.shadowPath = other.shadowPath
        l.compositingFilter = other.compositingFilter
        l.maskMode = other.maskMode
        l.mask = other.mask
        switch (other, l) {
        case (let o as ShapeLayer, let s as ShapeLayer):
            s.path = o.path; s.fillColor = o.fillColor; s.strokeColor = o.strokeColor; s.lineDashPattern = o.lineDashPattern
            s.fillRule = o.fillRule; s.lineCap = o.lineCap; s.lineJoin = o.lineJoin
            copy(["lineWidth", "miterLimit", "strokeStart", "strokeEnd", "lineDashPhase"], to: s)
            for key in ["path", "fillColor", "strokeColor", "lineDashPattern"] {
                // An animated presentation value; a nil model color stays nil (it reads as clear).
                if let v = current(key), v != other.value(forKeyPath: key) { s.setValue(v, forKeyPath: key) }
            }
        case (let o as GradientLayer, let g as GradientLayer):
            g.type = o.type; g.colors = o.colors; g.locations = o.locations
            copy(["startPoint", "endPoint"], to: g)
            for key in ["colors", "locations"] {
                if let v = current(key), v != other.value(forKeyPath: key) { g.setValue(v, forKeyPath: key) }
            }
        case (let o as ReplicatorLayer, let r as ReplicatorLayer):
            r.instanceCount = o.instanceCount
            copy(["instanceDelay", "instanceTransform", "instanceColor", "instanceRedOffset", "instanceGreenOffset",
                  "instanceBlueOffset", "instanceAlphaOffset"], to: r)
        default:
            break
        }
    }
}
#endif
