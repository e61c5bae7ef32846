import StardustCore

extension Layer {
    /// The display list of the tree rooted at this layer at scene time `time`
    /// (the root's superlayer time), with presentation values throughout.
    /// Complexity: O(layers × (properties + animations)) plus what subclasses draw.
    ///
    /// `context` carries the scene's seed and the caller's scratch space (see ``DrawContext``): pass
    /// the same context frame after frame to reuse buffers, and one context per thread.
    public func displayList(size: Size, scale: Double = 2, background: Color = .clear, at time: Double,
                            context: DrawContext = DrawContext()) -> DisplayList {
        var commands: [DrawCommand] = []
        commands.reserveCapacity(context.scratch.commandCountHint)
        render(into: &commands, parentTime: time, parentTransform: .identity, context: context)
        context.scratch.commandCountHint = commands.count
        return DisplayList(size: size, scale: scale, background: background, commands: commands)
    }

    /// The transform from this layer's bounds space to its superlayer's space
    /// for the given presentation values: `translate(−anchor, −anchorPointZ) · transform · translate(position, zPosition)`.
    public static func localTransform(of s: LayerSnapshot) -> Transform3D {
        localTransform(bounds: s.bounds, anchorPoint: s.anchorPoint, anchorPointZ: s.anchorPointZ, transform: s.transform,
                       position: s.position, zPosition: s.zPosition)
    }

    /// ``localTransform(of:)`` of the values drawing takes (``presentationValues(atLocalTime:onlyIfDrawn:)``).
    static func localTransform(of s: LayerSnapshotValues) -> Transform3D {
        localTransform(bounds: s.bounds, anchorPoint: s.anchorPoint, anchorPointZ: s.anchorPointZ, transform: s.transform,
                       position: s.position, zPosition: s.zPosition)
    }

    @inline(__always)
    private static func localTransform(bounds: Rect, anchorPoint: Point, anchorPointZ: Double, transform: Transform3D,
                                       position: Point, zPosition: Double) -> Transform3D {
        // The anchor point in bounds coordinates (``LayerSnapshot/anchorPointInBounds``).
        let anchor = Point(bounds.origin.x + anchorPoint.x * bounds.size.width, bounds.origin.y + anchorPoint.y * bounds.size.height)
        return Transform3D(translationX: -anchor.x, y: -anchor.y, z: -anchorPointZ)
            .concatenating(transform)
            .concatenating(Transform3D(translationX: position.x, y: position.y, z: zPosition))
    }

    /// Appends the commands of this layer and its subtree.
    ///
    /// - Parameters:
    ///   - list: the commands to append to (in scene points).
    ///   - parentTime: the superlayer's local time (scene time for a root).
    ///   - parentTransform: maps the superlayer's sublayer space (where
    ///     `position` lives, after its `sublayerTransform`) to scene points.
    ///   - context: the scene seed and the caller-owned scratch space (see ``DrawContext``).
    ///
    /// Order per layer: background, `pushClip` (when `masksToBounds`),
    /// contents, ``drawContents(into:time:transform:)``, sublayers by
    /// ascending `zPosition` (stable), `popClip`, border. Opacity below 1 wraps
    /// the layer's commands in a group unless there is only one drawing
    /// command, which then carries the opacity itself.
    public func render(into list: inout [DrawCommand], parentTime: Double, parentTransform: Transform3D,
                       context: DrawContext = DrawContext()) {
        let local = localTime(fromParentTime: parentTime)
        // A hidden or transparent layer is left before its other properties are evaluated.
        // The values alone, not a ``LayerSnapshot`` (no reference to the layer to retain and release).
        guard let s = presentationValues(atLocalTime: local, onlyIfDrawn: true) else { return }
        let full = Layer.localTransform(of: s).concatenating(parentTransform)
        let a = full.affineApproximation(around: s.bounds.center)
        let start = list.count
        // The drawing attributes in one read (one exclusivity check, not one per property and read: ``LayerDrawAttributes``).
        let d = drawAttributes
        let masksToBounds = d.masksToBounds
        // Mask, compositing filter, shadow: the layer draws as a composite group (docs/DRAWING.md).
        let group = compositeGroup(opacity: s.opacity, transform: a, localTime: local, d)
        if let group {
            // Core Animation clips the shadow with the bounds too.
            if masksToBounds && group.shadow != nil { list.append(.pushClip(rect: s.bounds.standardized, transform: a)) }
            list.append(.beginCompositeGroup(group))
        }

        if let bg = s.backgroundColor, bg.alpha > 0, !s.bounds.isEmpty {
            list.append(.roundedRect(s.bounds.standardized, cornerRadius: s.cornerRadius, color: bg, transform: a))
        }
        // A rounded clip is a mask by the rounded rectangle; a square one stays a clip.
        let roundedClip = masksToBounds && s.cornerRadius > 0
        if roundedClip {
            list.append(.beginCompositeGroup(CompositeGroup(mask: .alpha)))
        } else if masksToBounds {
            list.append(.pushClip(rect: s.bounds.standardized, transform: a))
        }
        if let texture = d.animatedContents?.frame(at: local) ?? d.contents {
            let cs = contentsScale > 0 ? contentsScale : 1
            let natural = Size(Double(texture.width) * s.contentsRect.width / cs,
                               Double(texture.height) * s.contentsRect.height / cs)
            let rect = contentsGravity.rect(forContentSize: natural, in: s.bounds)
            if !rect.isEmpty {
                list.append(.image(ImageDraw(texture: texture, rect: rect, transform: a, contentsRect: s.contentsRect,
                                             minificationFilter: minificationFilter, magnificationFilter: magnificationFilter)))
            }
        }
        drawContents(into: &list, time: local, transform: a, transform3D: full, context: context)
        if !sublayers.isEmpty {
            let childSpace = Layer.sublayerSpace(full: full, sublayerTransform: s.sublayerTransform, center: s.bounds.center)
            drawSublayers(into: &list, localTime: local, sublayerSpace: childSpace, context: context)
        }
        if roundedClip {
            list.append(.beginGroupMask)
            list.append(.roundedRect(s.bounds.standardized, cornerRadius: s.cornerRadius, color: .white, transform: a))
            list.append(.endCompositeGroup)
        } else if masksToBounds {
            list.append(.popClip)
        }
        if s.borderWidth > 0, s.borderColor.alpha > 0, !s.bounds.isEmpty {
            list.append(.border(s.bounds.standardized, cornerRadius: s.cornerRadius, width: s.borderWidth,
                                color: s.borderColor, transform: a))
        }
        if let group {
            if group.mask != nil {
                list.append(.beginGroupMask)
                drawMask(into: &list, localTime: local, full: full, context: context)
            }
            list.append(.endCompositeGroup)
            if masksToBounds && group.shadow != nil { list.append(.popClip) }
        } else if s.opacity < 1 {
            Layer.applyOpacity(min(s.opacity, 1), to: &list, from: start)
        }
    }

    /// The sublayers sorted by presentation `zPosition`, ties kept in model order.
    /// Complexity: O(n) when every sublayer has the same, unanimated z (the usual case: nothing to sort or
    /// allocate per frame), else O(n log n).
    func sublayersInDrawingOrder(atLocalTime local: Double) -> [Layer] {
        let layers = sublayers
        guard layers.count > 1 else { return layers }
        let z0 = layers[0].zPosition
        if layers.allSatisfy({ $0.zPosition == z0 && !$0.animationIndex.mayAnimate(.zPosition) }) {
            return layers
        }
        let keyed = layers.enumerated().map { (i, l) -> (z: Double, i: Int, layer: Layer) in
            var z = l.zPosition
            if l.hasAnimations, let v = l.presentationValue(forKeyPath: "zPosition", at: l.localTime(fromParentTime: local))?.doubleValue {
                z = v
            }
            return (z, i, l)
        }
        return keyed.sorted { $0.z != $1.z ? $0.z < $1.z : $0.i < $1.i }.map(\.layer)
    }

    /// The space sublayers are placed in: `translate(−c) · sublayerTransform · translate(c)`,
    /// then flattened onto this layer's plane (z dropped), then the layer's full transform.
    static func sublayerSpace(full: Transform3D, sublayerTransform: Transform3D, center c: Point) -> Transform3D {
        var flat = full
        flat.m31 = 0; flat.m32 = 0; flat.m33 = 0; flat.m34 = 0
        guard !sublayerTransform.isIdentity else { return flat }
        return Transform3D(translationX: -c.x, y: -c.y, z: 0)
            .concatenating(sublayerTransform)
            .concatenating(Transform3D(translationX: c.x, y: c.y, z: 0))
            .concatenating(flat)
    }

    /// Applies a layer's opacity to the commands it appended after `start`:
    /// folded into a single drawing command, else a group around them.
    static func applyOpacity(_ opacity: Double, to list: inout [DrawCommand], from start: Int) {
        let n = list.count - start
        guard n > 0 else { return }
        if n == 1 {
            switch list[start] {
            case .image(var d): d.opacity *= opacity; list[start] = .image(d); return
            case .maskedImage(var d): d.image.opacity *= opacity; list[start] = .maskedImage(d); return
            case .path(var d): d.opacity *= opacity; list[start] = .path(d); return
            case .text(var d): d.opacity *= opacity; list[start] = .text(d); return
            default: break
            }
        }
        list.insert(.beginGroup(opacity: opacity), at: start)
        list.append(.endGroup)
    }
}
