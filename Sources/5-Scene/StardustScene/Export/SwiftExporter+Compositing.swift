import StardustAnimation
import StardustCore

/// `export-swift` for masks, compositing filters, shadows and replicators (docs/DRAWING.md): code that
/// compiles against QuartzCore and OpenQuartzCore alike.
extension SwiftExportWriter {
    mutating func writeCompositing(_ l: Layer, fresh f: Layer, _ v: String) {
        if let filter = l.compositingFilter, filter != .normal {
            // QuartzCore takes the filter name as a string (a CAFilter name); so does OpenQuartzCore.
            line("\(v).compositingFilter = \(SwiftSourceText.stringLiteral(filter == .additive ? "plusL" : filter.rawValue))")
        }
        if l.shadowColor != f.shadowColor { line("\(v).shadowColor = \(SwiftLiteral.color(l.shadowColor))") }
        if l.shadowOpacity != f.shadowOpacity { line("\(v).shadowOpacity = \(SwiftLiteral.number(l.shadowOpacity))") }
        if l.shadowRadius != f.shadowRadius { line("\(v).shadowRadius = \(SwiftLiteral.number(l.shadowRadius))") }
        if l.shadowOffset != f.shadowOffset { line("\(v).shadowOffset = \(SwiftLiteral.size(l.shadowOffset))") }
        if let p = l.shadowPath { line("\(v).shadowPath = \(writePath(p, hint: v + "ShadowPath"))") }
        if let m = l.mask {
            if l.maskMode != .alpha {
                omit("the maskMode \"\(l.maskMode.rawValue)\" of layer \(l.name.map { "\"\($0)\"" } ?? "(unnamed)") (a Stardust extension; exported as an alpha mask)")
            }
            if let mv = writeLayer(m) { line("\(v).mask = \(mv)") }
        }
    }

    mutating func writeReplicator(_ r: ReplicatorLayer, fresh f: ReplicatorLayer, _ v: String) {
        if r.instanceCount != f.instanceCount { line("\(v).instanceCount = \(r.instanceCount)") }
        if r.instanceDelay != f.instanceDelay { line("\(v).instanceDelay = \(SwiftLiteral.number(r.instanceDelay))") }
        if r.instanceTransform != f.instanceTransform { line("\(v).instanceTransform = \(SwiftLiteral.transform(r.instanceTransform))") }
        if r.instanceColor != f.instanceColor { line("\(v).instanceColor = \(SwiftLiteral.color(r.instanceColor))") }
        if r.instanceRedOffset != 0 { line("\(v).instanceRedOffset = \(SwiftLiteral.number(r.instanceRedOffset))") }
        if r.instanceGreenOffset != 0 { line("\(v).instanceGreenOffset = \(SwiftLiteral.number(r.instanceGreenOffset))") }
        if r.instanceBlueOffset != 0 { line("\(v).instanceBlueOffset = \(SwiftLiteral.number(r.instanceBlueOffset))") }
        if r.instanceAlphaOffset != 0 { line("\(v).instanceAlphaOffset = \(SwiftLiteral.number(r.instanceAlphaOffset))") }
    }
}
