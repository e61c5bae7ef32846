import Foundation
import StardustCore

/// One function of a CSS transform list.
public enum TransformFunction: Hashable, Sendable {
    /// `translate(x, y)`, `translateX(x)`, `translateY(y)`, in points (`px` or no unit).
    case translate(x: Double, y: Double)
    /// `scale(s)`, `scale(sx, sy)`, `scaleX(sx)`, `scaleY(sy)`.
    case scale(x: Double, y: Double)
    /// `rotate(a)`: radians, positive clockwise on a y-down screen.
    case rotate(Double)
    /// `skewX(a)`, `skewY(a)` in radians, as `skew(ax, ay)`.
    case skew(x: Double, y: Double)
    /// `matrix(a, b, c, d, tx, ty)`.
    case matrix(Transform2D)

    /// The function's own transform.
    public var affineTransform: Transform2D {
        switch self {
        case let .translate(x, y): return Transform2D(translationX: x, y: y)
        case let .scale(x, y): return Transform2D(scaleX: x, y: y)
        case let .rotate(a): return Transform2D(rotationAngle: a)
        case let .skew(x, y): return Transform2D(a: 1, b: tan(y), c: tan(x), d: 1, tx: 0, ty: 0)
        case let .matrix(m): return m
        }
    }

    /// Whether two functions are the same primitive (and so interpolate argument by argument).
    func hasSameShape(as o: TransformFunction) -> Bool {
        switch (self, o) {
        case (.translate, .translate), (.scale, .scale), (.rotate, .rotate), (.skew, .skew), (.matrix, .matrix): return true
        default: return false
        }
    }

    func interpolated(to o: TransformFunction, _ t: Double) -> TransformFunction {
        func l(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        switch (self, o) {
        case let (.translate(x0, y0), .translate(x1, y1)): return .translate(x: l(x0, x1), y: l(y0, y1))
        case let (.scale(x0, y0), .scale(x1, y1)): return .scale(x: l(x0, x1), y: l(y0, y1))
        case let (.rotate(a0), .rotate(a1)): return .rotate(l(a0, a1))
        case let (.skew(x0, y0), .skew(x1, y1)): return .skew(x: l(x0, x1), y: l(y0, y1))
        default:
            let a = AffineDecomposition(affineTransform), b = AffineDecomposition(o.affineTransform)
            return .matrix(a.interpolated(to: b, t).transform)
        }
    }
}

/// An error in a CSS transform list string, with the character offset where it was found.
public struct TransformListError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The character offset of the problem.
    public var offset: Int
    /// What is wrong.
    public var message: String
    /// `transform list, at character N: message`.
    public var description: String { "transform list, at character \(offset): \(message)" }
}

/// A CSS-style transform list such as
/// `"rotate(30deg) translate(10px, 20px) rotate(-0.5rad) scale(2)"`.
///
/// Each function applies in the coordinate system set up by the ones
/// before it (as CSS): for "translate(10px, 0) rotate(90deg)" a point is
/// rotated first and then translated. Angles take `deg`, `rad`, `grad` or
/// `turn` (no unit = radians); lengths take `px` or no unit (points).
/// Arguments are separated by commas and/or spaces.
///
/// Two lists of the same shape (the same primitives in the same order)
/// interpolate function by function, so `rotate(0deg)` → `rotate(720deg)`
/// turns twice; lists of different shapes interpolate as decomposed
/// matrices (CSS's fallback).
public struct TransformList: Hashable, Sendable, CustomStringConvertible {
    /// The functions in written order.
    public var functions: [TransformFunction]

    /// A list of `functions` in written order.
    public init(_ functions: [TransformFunction] = []) { self.functions = functions }

    /// Parses a transform list; `"none"` and the empty string are the empty list.
    public init(parsing text: String) throws {
        var p = TransformListParser(Array(text.unicodeScalars))
        functions = try p.parse()
    }

    /// The combined transform: the last function applies first to a point.
    public var affineTransform: Transform2D {
        var m = Transform2D.identity
        for f in functions { m = f.affineTransform.concatenating(m) }
        return m
    }

    /// ``affineTransform`` as a 3D transform.
    public var transform3D: Transform3D { Transform3D(affineTransform) }

    /// Whether `other` has the same primitives in the same order.
    public func hasSameShape(as other: TransformList) -> Bool {
        functions.count == other.functions.count && zip(functions, other.functions).allSatisfy { $0.hasSameShape(as: $1) }
    }

    /// The list at `fraction` between `self` (0) and `end` (1): function by
    /// function for lists of the same shape (a missing list, i.e. empty, is
    /// read as identity functions of the other's shape), otherwise one
    /// `matrix` interpolated by decomposition.
    public func interpolated(to end: TransformList, fraction t: Double) -> TransformList {
        var a = self, b = end
        if a.functions.isEmpty { a = b.identityLike }
        if b.functions.isEmpty { b = a.identityLike }
        if a.hasSameShape(as: b) {
            return TransformList(zip(a.functions, b.functions).map { $0.interpolated(to: $1, t) })
        }
        let da = AffineDecomposition(a.affineTransform), db = AffineDecomposition(b.affineTransform)
        return TransformList([.matrix(da.interpolated(to: db, t).transform)])
    }

    /// The same shape with every function at identity.
    var identityLike: TransformList {
        TransformList(functions.map {
            switch $0 {
            case .translate: return .translate(x: 0, y: 0)
            case .scale: return .scale(x: 1, y: 1)
            case .rotate: return .rotate(0)
            case .skew: return .skew(x: 0, y: 0)
            case .matrix: return .matrix(.identity)
            }
        })
    }

    /// The list in CSS syntax, as `TransformList(parsing:)` reads it back.
    public var description: String {
        functions.map { f -> String in
            switch f {
            case let .translate(x, y): return "translate(\(x)px, \(y)px)"
            case let .scale(x, y): return "scale(\(x), \(y))"
            case let .rotate(a): return "rotate(\(a)rad)"
            case let .skew(x, y): return "skew(\(x)rad, \(y)rad)"
            case let .matrix(m): return "matrix(\(m.a), \(m.b), \(m.c), \(m.d), \(m.tx), \(m.ty))"
            }
        }.joined(separator: " ")
    }
}

/// A recursive-descent reader for transform lists.
struct TransformListParser {
    let s: [Unicode.Scalar]
    var i = 0
    init(_ s: [Unicode.Scalar]) { self.s = s }

    enum Unit { case length, angle, number }

    mutating func skipSpace() { while i < s.count, s[i].properties.isWhitespace { i += 1 } }

    func fail(_ m: String) -> TransformListError { TransformListError(offset: i, message: m) }

    mutating func parse() throws -> [TransformFunction] {
        var out: [TransformFunction] = []
        skipSpace()
        if String(String.UnicodeScalarView(s[i...])).trimmingCharacters(in: .whitespaces) == "none" { return [] }
        while true {
            skipSpace()
            if i >= s.count { return out }
            let start = i
            while i < s.count, (s[i].properties.isAlphabetic) { i += 1 }
            let name = String(String.UnicodeScalarView(s[start..<i]))
            guard !name.isEmpty else { throw fail("expected a transform function name") }
            skipSpace()
            guard i < s.count, s[i] == "(" else { throw fail("expected '(' after '\(name)'") }
            i += 1
            let units: [Unit]
            switch name {
            case "translate": units = [.length, .length]
            case "translateX", "translateY": units = [.length]
            case "scale": units = [.number, .number]
            case "scaleX", "scaleY": units = [.number]
            case "rotate", "skewX", "skewY": units = [.angle]
            case "skew": units = [.angle, .angle]
            case "matrix": units = Array(repeating: .number, count: 6)
            default: i = start; throw fail("unknown transform function '\(name)'")
            }
            var args: [Double] = []
            var close = i
            while true {
                skipSpace()
                if i < s.count, s[i] == ")" { close = i; i += 1; break }
                if !args.isEmpty, i < s.count, s[i] == "," { i += 1; skipSpace() }
                guard args.count < units.count else { throw fail("too many arguments to '\(name)'") }
                args.append(try number(units[args.count]))
            }
            let minCount = ["translate": 1, "scale": 1, "skew": 1][name] ?? units.count
            guard args.count >= minCount else { i = close; throw fail("'\(name)' needs \(minCount) argument\(minCount == 1 ? "" : "s")") }
            switch name {
            case "translate": out.append(.translate(x: args[0], y: args.count > 1 ? args[1] : 0))
            case "translateX": out.append(.translate(x: args[0], y: 0))
            case "translateY": out.append(.translate(x: 0, y: args[0]))
            case "scale": out.append(.scale(x: args[0], y: args.count > 1 ? args[1] : args[0]))
            case "scaleX": out.append(.scale(x: args[0], y: 1))
            case "scaleY": out.append(.scale(x: 1, y: args[0]))
            case "rotate": out.append(.rotate(args[0]))
            case "skewX": out.append(.skew(x: args[0], y: 0))
            case "skewY": out.append(.skew(x: 0, y: args[0]))
            case "skew": out.append(.skew(x: args[0], y: args.count > 1 ? args[1] : 0))
            default: out.append(.matrix(Transform2D(a: args[0], b: args[1], c: args[2], d: args[3], tx: args[4], ty: args[5])))
            }
        }
    }

    mutating func number(_ unit: Unit) throws -> Double {
        let start = i
        if i < s.count, s[i] == "+" || s[i] == "-" { i += 1 }
        while i < s.count, ("0"..."9").contains(s[i]) || s[i] == "." { i += 1 }
        if i < s.count, s[i] == "e" || s[i] == "E" {
            var j = i + 1
            if j < s.count, s[j] == "+" || s[j] == "-" { j += 1 }
            if j < s.count, ("0"..."9").contains(s[j]) { i = j; while i < s.count, ("0"..."9").contains(s[i]) { i += 1 } }
        }
        let text = String(String.UnicodeScalarView(s[start..<i]))
        guard let v = Double(text), v.isFinite else { i = start; throw fail("expected a number") }
        let us = i
        while i < s.count, s[i].properties.isAlphabetic || s[i] == "%" { i += 1 }
        let u = String(String.UnicodeScalarView(s[us..<i]))
        switch (unit, u) {
        case (.number, ""), (.length, ""), (.length, "px"), (.angle, ""), (.angle, "rad"): return v
        case (.angle, "deg"): return v * Double.pi / 180
        case (.angle, "grad"): return v * Double.pi / 200
        case (.angle, "turn"): return v * 2 * Double.pi
        default:
            i = us
            throw fail(u.isEmpty ? "missing unit" : "unit '\(u)' is not allowed here")
        }
    }
}
