import StardustAnimation

/// A precomp used more than once is translated once per distinct use and copied for the others
/// (docs/LOTTIE.md, "Decisions", "Opening shortcuts").
///
/// What a precomp's layers translate to depends on the asset, the nesting depth and ``LottieTranslator/rootFrames``
/// only (the visibility animations' fill mode reads it), besides the translator's warnings: a use with the same
/// three is the same layer tree, so it is the first such use's layers copied (``Layer/copySubtree()``), and the
/// warnings and unevaluated expressions that translating it noted are noted again in the same order (both are
/// recorded once per path, except the count of expressions past the fifty named, so this keeps every message).
extension LottieTranslator {
    /// What makes two uses of a precomp translate alike.
    struct PrecompUseKey: Hashable {
        let ref: String
        let depth: Int
        let scale: Double?
        let offset: Double?
    }

    /// The layers of the first use of a precomp under a key, and what translating them noted.
    struct PrecompTranslation {
        let layers: [Layer]
        let notes: [Note]
        /// Cleared when a copy failed (a layer or animation class that does not copy itself): translated every time.
        var copies = true
    }

    /// A warning or an unevaluated expression, noted again for each copy.
    enum Note {
        case warning(path: String, message: String)
        case expression(source: String, path: String)
    }

    /// The layers of precomp `ref` (`asset`'s layers) at `depth`, copied from an earlier use with the same key.
    func precompLayers(_ ref: String, _ asset: [LottieLayer], depth: Int) -> [Layer] {
        guard copiesPrecompUses else { return layers(asset, depth: depth) }
        let key = PrecompUseKey(ref: ref, depth: depth, scale: rootFrames?.scale, offset: rootFrames?.offset)
        if let earlier = precompTranslations[key] {
            if earlier.copies, let copies = copy(earlier.layers) {
                for n in earlier.notes {
                    switch n {
                    case .warning(let path, let message): warn(path, message)
                    case .expression(let source, let path): warnExpression(source, at: path)
                    }
                }
                return copies
            }
            precompTranslations[key]?.copies = false
            return layers(asset, depth: depth)
        }
        noteRecordings.append([])
        let made = layers(asset, depth: depth)
        let notes = noteRecordings.removeLast()
        precompTranslations[key] = PrecompTranslation(layers: made, notes: notes)
        return made
    }

    /// Every layer copied, or `nil` when one cannot be.
    private func copy(_ layers: [Layer]) -> [Layer]? {
        var copies: [Layer] = []
        copies.reserveCapacity(layers.count)
        for l in layers {
            guard let c = l.copySubtree() else { return nil }
            copies.append(c)
        }
        return copies
    }

    /// Adds `note` to every precomp translation being recorded (the innermost one's enclosing ones too).
    func record(_ note: Note) {
        for i in noteRecordings.indices { noteRecordings[i].append(note) }
    }
}
