import Foundation
import StardustCore

/// A JSON value together with its path in the document: the typed accessors
/// of the scene reader, each throwing a ``SceneError`` that names the path
/// and the expectation.
public struct JSONNode {
    /// The value at ``path``.
    public let value: JSONValue
    /// The JSON path of the value in its document, such as `layers[2].emitterCells[0].birthRate` (`$` for the root).
    public let path: String

    /// A node for `value` at `path` (the document root by default).
    public init(_ value: JSONValue, path: String = "$") { self.value = value; self.path = path }

    func fail(_ message: String) -> SceneError { SceneError(path: path, message) }

    /// The member `key` of an object, with its path extended by `.key`; `nil` when the key is absent or this is not an object.
    public func child(_ key: String) -> JSONNode? {
        value[key].map { JSONNode($0, path: path == "$" ? key : "\(path).\(key)") }
    }

    // MARK: Scalars

    /// The value as a number.
    /// - Throws: ``SceneError`` naming the path and the kind found, when it is not a number.
    public func number() throws -> Double {
        guard case .number(let n) = value else { throw fail("expected a number, found \(value.kindName)") }
        return n
    }

    /// The value as a number within `range`.
    /// - Throws: ``SceneError`` when it is not a number or lies outside `range`.
    public func number(in range: ClosedRange<Double>) throws -> Double {
        let n = try number()
        guard range.contains(n) else { throw fail("expected a number in \(fmt(range.lowerBound))…\(fmt(range.upperBound)), found \(fmt(n))") }
        return n
    }

    /// The value as a whole number within `range` (`3.0` is accepted, `3.5` is not).
    /// - Throws: ``SceneError`` when it is not a whole number in `range`.
    public func integer(in range: ClosedRange<Int>) throws -> Int {
        let n = try number()
        guard n == n.rounded(), n >= Double(range.lowerBound), n <= Double(range.upperBound) else {
            throw fail("expected a whole number in \(range.lowerBound)…\(range.upperBound), found \(fmt(n))")
        }
        return Int(n)
    }

    /// The value as a Boolean.
    /// - Throws: ``SceneError`` when it is not `true` or `false` (numbers are not accepted).
    public func bool() throws -> Bool {
        guard case .bool(let b) = value else { throw fail("expected true or false, found \(value.kindName)") }
        return b
    }

    /// The value as a string.
    /// - Throws: ``SceneError`` when it is not a string.
    public func string() throws -> String {
        guard case .string(let s) = value else { throw fail("expected a string, found \(value.kindName)") }
        return s
    }

    /// A string among `choices`, with a suggestion when it is close to one.
    public func choice(_ choices: [String]) throws -> String {
        let s = try string()
        guard choices.contains(s) else {
            let close = Suggestions.close(to: s, in: choices)
            let hint = close.isEmpty ? "" : " (did you mean \(close.map { "\"\($0)\"" }.joined(separator: " or "))?)"
            throw fail("\"\(quoted(s))\" is not one of \(choices.map { "\"\($0)\"" }.joined(separator: ", "))\(hint)")
        }
        return s
    }

    /// An angle in radians: a number, or a string `"90deg"`, `"1.5rad"`, `"0.5turn"` or `"pi/2"`-style (`"pi"`, `"2pi"`, `"-pi/4"`).
    public func angle() throws -> Double {
        if case .number(let n) = value { return n }
        guard case .string(let raw) = value else { throw fail("expected an angle (radians, or a string like \"90deg\"), found \(value.kindName)") }
        let s = raw.trimmingCharacters(in: .whitespaces).lowercased()
        func num(_ t: Substring) -> Double? { t.isEmpty ? nil : Double(t) }
        if s.hasSuffix("deg"), let v = num(s.dropLast(3)), v.isFinite { return v * .pi / 180 }
        if s.hasSuffix("rad"), let v = num(s.dropLast(3)), v.isFinite { return v }
        if s.hasSuffix("turn"), let v = num(s.dropLast(4)), v.isFinite { return v * 2 * .pi }
        if let r = s.range(of: "pi") {
            let before = s[..<r.lowerBound], after = s[r.upperBound...]
            let k: Double? = before.isEmpty ? 1 : before == "-" ? -1 : Double(before)
            var d: Double? = 1
            if after.hasPrefix("/") { d = Double(after.dropFirst()) } else if !after.isEmpty { d = nil }
            if let k, let d, d != 0, (k * .pi / d).isFinite { return k * .pi / d }
        }
        if let v = Double(s), v.isFinite { return v }
        throw fail("\"\(quoted(raw))\" is not an angle; write radians as a number, or \"90deg\", \"1.5rad\", \"pi/2\"")
    }

    // MARK: Compounds

    /// The elements of an array, each with its path extended by `[index]`.
    /// - Throws: ``SceneError`` when it is not an array.
    public func array() throws -> [JSONNode] {
        guard case .array(let a) = value else { throw fail("expected an array, found \(value.kindName)") }
        return a.enumerated().map { JSONNode($1, path: "\(path)[\($0)]") }
    }

    /// An array of exactly `count` numbers.
    /// - Throws: ``SceneError`` when it is not an array, has another length, or holds a non-number.
    public func numbers(count: Int) throws -> [Double] {
        let a = try array()
        guard a.count == count else { throw fail("expected an array of \(count) numbers, found \(a.count) element\(a.count == 1 ? "" : "s")") }
        return try a.map { try $0.number() }
    }

    /// `[x, y]` as a point.
    /// - Throws: ``SceneError`` unless it is an array of two numbers.
    public func point() throws -> Point { let v = try numbers(count: 2); return Point(v[0], v[1]) }
    /// `[width, height]` as a size; both must be non-negative.
    /// - Throws: ``SceneError`` unless it is an array of two non-negative numbers.
    public func size() throws -> Size {
        let v = try numbers(count: 2)
        guard v[0] >= 0, v[1] >= 0 else { throw fail("expected a non-negative width and height") }
        return Size(v[0], v[1])
    }
    /// `[dx, dy]`: an offset held in a size (`shadowOffset`), either sign, within ±1 000 000 points.
    public func offset() throws -> Size {
        let v = try numbers(count: 2)
        guard v.allSatisfy({ abs($0) <= 1e6 }) else { throw fail("expected an offset within ±1000000 points") }
        return Size(v[0], v[1])
    }
    /// `[x, y, width, height]`.
    public func rect() throws -> Rect { let v = try numbers(count: 4); return Rect(v[0], v[1], v[2], v[3]) }

    /// `"#RRGGBB"`, `"#RRGGBBAA"`, `"#RGB"` or `[r, g, b]` / `[r, g, b, a]` with components in 0…1
    /// (values outside 0…1 are kept: emitter colors clamp when drawn).
    public func color() throws -> Color {
        switch value {
        case .string(let s):
            guard let c = Color(hex: s) else { throw fail("\"\(quoted(s))\" is not a color; expected \"#RRGGBB\", \"#RRGGBBAA\" or [r, g, b, a]") }
            return c
        case .array(let a) where a.count == 3 || a.count == 4:
            let v = try self.array().map { try $0.number() }
            return Color(red: v[0], green: v[1], blue: v[2], alpha: v.count == 4 ? v[3] : 1)
        default:
            throw fail("expected a color (\"#RRGGBB\", \"#RRGGBBAA\" or [r, g, b, a]), found \(value.kindName)")
        }
    }

    /// The members of an object, checking that every key is one of `allowed`;
    /// an unknown key is an error that lists the closest valid names.
    public func object(allowedKeys allowed: [String]) throws -> [String: JSONNode] {
        guard case .object(let members) = value else { throw fail("expected an object, found \(value.kindName)") }
        var out: [String: JSONNode] = [:]
        for (k, v) in members {
            let childPath = path == "$" ? k : "\(path).\(k)"
            // Messages quote long keys cut (a 16 MB key must not become a 16 MB error line).
            let shownPath = path == "$" ? quoted(k) : "\(path).\(quoted(k))"
            guard out[k] == nil else { throw SceneError(path: shownPath, "the key \"\(quoted(k))\" appears twice in this object") }
            guard allowed.contains(k) else {
                let close = Suggestions.close(to: k, in: allowed)
                let hint = close.isEmpty ? "" : "; did you mean \(close.map { "\"\($0)\"" }.joined(separator: ", "))?"
                throw SceneError(path: shownPath, "unknown key \"\(quoted(k))\"\(hint)")
            }
            out[k] = JSONNode(v, path: childPath)
        }
        return out
    }

    private func fmt(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
    }
}
