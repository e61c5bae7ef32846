import StardustAnimation
import StardustCore

/// Scene JSON for masks, compositing filters, shadows and replicators (the keys `SceneLoader+Compositing` reads).
extension SceneJSONWriter.Writer {
    mutating func compositing(_ l: Layer, fresh: Layer, into f: inout [(key: String, value: JSONValue)], at here: String) throws {
        if let c = l.compositingFilter, c != .normal { f.append(("compositingFilter", .string(c.rawValue))) }
        if l.shadowColor != fresh.shadowColor { f.append(("shadowColor", SceneJSONWriter.color(l.shadowColor))) }
        if l.shadowOpacity != fresh.shadowOpacity { f.append(("shadowOpacity", .number(l.shadowOpacity))) }
        if l.shadowRadius != fresh.shadowRadius { f.append(("shadowRadius", .number(l.shadowRadius))) }
        if l.shadowOffset != fresh.shadowOffset {
            f.append(("shadowOffset", SceneJSONWriter.numbers([l.shadowOffset.width, l.shadowOffset.height])))
        }
        if let p = l.shadowPath { f.append(("shadowPath", .string(SceneJSONWriter.svg(p)))) }
        if l.maskMode != fresh.maskMode { f.append(("maskMode", .string(l.maskMode.rawValue))) }
        if let m = l.mask {
            guard m.animationKeys().isEmpty, m.sublayers.allSatisfy({ $0.animationKeys().isEmpty }) else {
                throw SceneJSONWriterError("\(here) has an animated mask, which this writer cannot name for its animations")
            }
            f.append(("mask", try layer(m)))
        }
        if let r = l as? ReplicatorLayer {
            let d = ReplicatorLayer()
            if r.instanceCount != d.instanceCount { f.append(("instanceCount", .number(Double(r.instanceCount)))) }
            if r.instanceDelay != d.instanceDelay { f.append(("instanceDelay", .number(r.instanceDelay))) }
            if r.instanceTransform != d.instanceTransform { f.append(("instanceTransform", SceneJSONWriter.transform(r.instanceTransform))) }
            if r.instanceColor != d.instanceColor { f.append(("instanceColor", SceneJSONWriter.color(r.instanceColor))) }
            if r.instanceRedOffset != 0 { f.append(("instanceRedOffset", .number(r.instanceRedOffset))) }
            if r.instanceGreenOffset != 0 { f.append(("instanceGreenOffset", .number(r.instanceGreenOffset))) }
            if r.instanceBlueOffset != 0 { f.append(("instanceBlueOffset", .number(r.instanceBlueOffset))) }
            if r.instanceAlphaOffset != 0 { f.append(("instanceAlphaOffset", .number(r.instanceAlphaOffset))) }
        }
    }
}
