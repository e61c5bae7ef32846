import StardustAnimation
import StardustCore
import StardustParticles

extension SwiftExportWriter {
    mutating func writeEmitter(_ e: EmitterLayer, _ v: String) {
        let f = EmitterLayer()
        if e.emitterPosition != f.emitterPosition { line("\(v).emitterPosition = \(SwiftLiteral.point(e.emitterPosition))") }
        if e.emitterZPosition != f.emitterZPosition { line("\(v).emitterZPosition = \(SwiftLiteral.number(e.emitterZPosition))") }
        if e.emitterSize != f.emitterSize { line("\(v).emitterSize = \(SwiftLiteral.size(e.emitterSize))") }
        if e.emitterDepth != f.emitterDepth { line("\(v).emitterDepth = \(SwiftLiteral.number(e.emitterDepth))") }
        if e.emitterShape != f.emitterShape { line("\(v).emitterShape = .\(e.emitterShape.rawValue)") }
        if e.emitterMode != f.emitterMode { line("\(v).emitterMode = .\(e.emitterMode.rawValue)") }
        if e.renderMode != f.renderMode { line("\(v).renderMode = .\(e.renderMode.rawValue)") }
        if e.preservesDepth { line("\(v).preservesDepth = true") }
        if e.birthRate != f.birthRate { line("\(v).birthRate = \(SwiftLiteral.number(e.birthRate))") }
        if e.lifetime != f.lifetime { line("\(v).lifetime = \(SwiftLiteral.number(e.lifetime))") }
        if e.velocity != f.velocity { line("\(v).velocity = \(SwiftLiteral.number(e.velocity))") }
        if e.scale != f.scale { line("\(v).scale = \(SwiftLiteral.number(e.scale))") }
        if e.spin != f.spin { line("\(v).spin = \(SwiftLiteral.number(e.spin))") }
        if e.seed != f.seed { line("\(v).seed = \(e.seed)") }
        if let p = e.emitterPath { writeEmitterPath(p, v) }
        let cells = e.emitterCells.map { writeCell($0) }
        if !cells.isEmpty { line("\(v).emitterCells = [\(cells.joined(separator: ", "))]") }
    }

    /// Writes a cell after its sub-cells (assigning cells copies them, so they are complete first); returns its variable.
    mutating func writeCell(_ c: EmitterCell) -> String {
        let subs = c.emitterCells.map { writeCell($0) }
        let v = variable(c.name, fallback: "cell")
        let f = EmitterCell()
        line("let \(v) = CAEmitterCell()")
        if let n = c.name { line("\(v).name = \(SwiftSourceText.stringLiteral(n))") }
        if !c.isEnabled { line("\(v).isEnabled = false") }
        if let t = c.contents { line("\(v).contents = UIImage(named: \(SwiftSourceText.stringLiteral(imageName(t, hint: c.name ?? v))))?.cgImage") }
        let numbers: [(String, Double, Double, Bool)] = [
            ("birthRate", c.birthRate, f.birthRate, false), ("lifetime", c.lifetime, f.lifetime, false),
            ("lifetimeRange", c.lifetimeRange, f.lifetimeRange, false),
            ("emissionLatitude", c.emissionLatitude, f.emissionLatitude, true),
            ("emissionLongitude", c.emissionLongitude, f.emissionLongitude, true),
            ("emissionRange", c.emissionRange, f.emissionRange, true),
            ("velocity", c.velocity, f.velocity, false), ("velocityRange", c.velocityRange, f.velocityRange, false),
            ("xAcceleration", c.xAcceleration, f.xAcceleration, false), ("yAcceleration", c.yAcceleration, f.yAcceleration, false),
            ("zAcceleration", c.zAcceleration, f.zAcceleration, false),
            ("scale", c.scale, f.scale, false), ("scaleRange", c.scaleRange, f.scaleRange, false),
            ("scaleSpeed", c.scaleSpeed, f.scaleSpeed, false),
            ("spin", c.spin, f.spin, true), ("spinRange", c.spinRange, f.spinRange, true),
        ]
        for (name, value, def, angle) in numbers where value != def {
            line("\(v).\(name) = \(SwiftLiteral.number(value, angle: angle))")
        }
        if c.color != f.color { line("\(v).color = \(SwiftLiteral.color(c.color))") }
        let colorNumbers: [(String, Double)] = [
            ("redRange", c.redRange), ("greenRange", c.greenRange), ("blueRange", c.blueRange), ("alphaRange", c.alphaRange),
            ("redSpeed", c.redSpeed), ("greenSpeed", c.greenSpeed), ("blueSpeed", c.blueSpeed), ("alphaSpeed", c.alphaSpeed),
        ]
        for (name, value) in colorNumbers where value != 0 { line("\(v).\(name) = \(SwiftLiteral.number(value))") }
        if c.contentsRect != f.contentsRect { line("\(v).contentsRect = \(SwiftLiteral.rect(c.contentsRect))") }
        if c.contentsScale != f.contentsScale { line("\(v).contentsScale = \(SwiftLiteral.number(c.contentsScale))") }
        if c.minificationFilter != f.minificationFilter { line("\(v).minificationFilter = \(SwiftSourceText.stringLiteral(c.minificationFilter.rawValue))") }
        if c.magnificationFilter != f.magnificationFilter { line("\(v).magnificationFilter = \(SwiftSourceText.stringLiteral(c.magnificationFilter.rawValue))") }
        writeTiming(c.timing, v, isLayer: false)
        if let x = c.extensions { writeExtensions(x, v) }
        if !subs.isEmpty { line("\(v).emitterCells = [\(subs.joined(separator: ", "))]") }
        return v
    }

    /// An emitter path (docs/PARTICLE-MODEL.md §2.14): iOS has only the six `emitterShape`s, so a comment says so
    /// and the path is written for OpenQuartzCore's `stardustEmitterPath` inside `#if !canImport(QuartzCore)`
    /// (docs/DIFFERENCES.md Q32) — as the resolved path in the emitter's coordinates, which rebuilds the same
    /// births whatever layer it was read from (the layer's later changes never moved it).
    mutating func writeEmitterPath(_ p: EmitterPath, _ v: String) {
        let placement = p.placement.rawValue
        omissions.append("on iOS, the emission of emitter \(v) from a path (\(placement)), written for OpenQuartzCore only")
        line("// iOS cannot express emission from a path (\(placement)) on emitter \(SwiftSourceText.comment(v)): Core Animation")
        line("// emits from `emitterShape` instead; OpenQuartzCore emits from the path (`stardustEmitterPath`).")
        line("#if !canImport(QuartzCore)", indent: 0)
        var args = "path: try! Path(svg: \(SwiftSourceText.stringLiteral(SceneJSONWriter.svg(p.path)))), fillRule: .\(p.fillRule.rawValue), placement: .\(placement)"
        if p.placement == .tracing { args += ", speed: \(SwiftLiteral.number(p.speed)), phase: \(SwiftLiteral.number(p.phase))" }
        line("\(v).stardustEmitterPath = try! EmitterPath(\(args))")
        line("#endif", indent: 0)
    }

    /// A cell's Stardust extensions: what iOS cannot express, named in a comment (and in ``SwiftExport/omissions``),
    /// then written for OpenQuartzCore's `cell.stardust` inside `#if !canImport(QuartzCore)` so that the same
    /// source renders the scene's frames where OpenQuartzCore stands in (docs/DIFFERENCES.md Q24, Q31).
    mutating func writeExtensions(_ x: CellExtensions, _ v: String) {
        guard let w = SwiftCellExtensions.lines(x, cell: v) else {
            // A property the writer does not know: say so rather than export it wrong.
            omit("the Stardust cell extensions of cell \(v): iOS has no equivalent, and this exporter cannot write them all")
            return
        }
        let what = w.features.joined(separator: ", ")
        omissions.append("on iOS, the Stardust cell extensions of cell \(v) (\(what)), written for OpenQuartzCore only")
        line("// iOS cannot express the Stardust extensions of cell \(SwiftSourceText.comment(v)): \(SwiftSourceText.comment(what)).")
        line("// Core Animation shows the cell without them; OpenQuartzCore renders them (`cell.stardust`).")
        line("#if !canImport(QuartzCore)", indent: 0)
        for l in w.lines { line(l) }
        line("#endif", indent: 0)
    }
}
