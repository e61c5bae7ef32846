import Stardust

/// A polygon collider's vertices as the page edits them (docs/STUDIO.md, "Cell extensions"): a list of `[x, y]`
/// rows, sent whole as one `setSource` at `CELL.colliders[N].polygon`, so that each change (a number, a vertex added
/// or removed) is one undoable edit and the scene loader checks the whole polygon — its count and its convexity —
/// with its own message.
enum StudioColliderVertices {
    /// The control's kind: the page draws a row of two numbers per vertex, with buttons adding and removing one.
    static let kind = "vertices"
    /// The most rows a message may carry: more than the loader takes (16), so that its message names the count.
    static let maximumRows = 64

    /// Decodes `[[x, y], …]` (finite numbers, at most ``maximumRows`` rows, none at all too) as a value the document
    /// writes back as the same JSON; nil for anything else. The count is the loader's to judge.
    static func value(_ json: JSONValue) -> AnimatableValue? {
        guard case .array(let rows) = json, rows.count <= maximumRows else { return nil }
        var points: [AnimatableValue] = []
        for row in rows {
            guard let p = StudioValueCoding.value(row, like: .point(.zero)) else { return nil }
            points.append(p)
        }
        return .array(points)
    }
}
