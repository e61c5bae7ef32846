import Foundation

/// An error in SVG path data, with the character offset where it was found.
public struct SVGPathError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The offset of the offending character in the path data, counted in UTF-8 bytes from 0.
    public var offset: Int
    /// What is wrong there, for a person to read.
    public var message: String
    /// `SVG path data, at character N: message`.
    public var description: String { "SVG path data, at character \(offset): \(message)" }
}

extension Path {
    /// Parses SVG path data (`M 0 0 Q 50 100 100 0 Z`): the commands
    /// M, L, H, V, C, S, Q, T, A and Z, absolute and relative (lower case).
    /// Elliptical arcs are converted to cubic Béziers.
    public init(svg data: String) throws {
        self.init()
        var p = SVGScanner(Array(data.utf8))
        var cmd: UInt8 = 0
        var cur = Point.zero, start = Point.zero
        var lastC2: Point? = nil, lastQ: Point? = nil
        while true {
            p.skipSeparators()
            if p.atEnd { break }
            if let c = p.peekCommand() { cmd = c; p.advance() } else if cmd == 0 {
                throw SVGPathError(offset: p.index, message: "expected a command letter (M, L, C, Q, A, Z, …)")
            } else if cmd | 0x20 == UInt8(ascii: "z") {
                // Z takes no arguments, so it cannot repeat implicitly.
                throw SVGPathError(offset: p.index, message: "expected a command letter after Z")
            } else if cmd == UInt8(ascii: "M") { cmd = UInt8(ascii: "L") } else if cmd == UInt8(ascii: "m") { cmd = UInt8(ascii: "l") }
            let rel = cmd >= UInt8(ascii: "a")
            let base = rel ? cur : .zero
            func pt() throws -> Point { let x = try p.number(); let y = try p.number(); return Point(base.x + x, base.y + y) }
            var newC2: Point? = nil, newQ: Point? = nil
            switch cmd | 0x20 {
            case UInt8(ascii: "m"): cur = try pt(); start = cur; move(to: cur)
            case UInt8(ascii: "l"): cur = try pt(); addLine(to: cur)
            case UInt8(ascii: "h"): let x = try p.number(); cur = Point(rel ? cur.x + x : x, cur.y); addLine(to: cur)
            case UInt8(ascii: "v"): let y = try p.number(); cur = Point(cur.x, rel ? cur.y + y : y); addLine(to: cur)
            case UInt8(ascii: "c"):
                let c1 = try pt(), c2 = try pt(), e = try pt()
                addCurve(to: e, control1: c1, control2: c2); cur = e; newC2 = c2
            case UInt8(ascii: "s"):
                let c1 = lastC2.map { cur * 2 - $0 } ?? cur
                let c2 = try pt(), e = try pt()
                addCurve(to: e, control1: c1, control2: c2); cur = e; newC2 = c2
            case UInt8(ascii: "q"):
                let c = try pt(), e = try pt()
                addQuadCurve(to: e, control: c); cur = e; newQ = c
            case UInt8(ascii: "t"):
                let c = lastQ.map { cur * 2 - $0 } ?? cur
                let e = try pt()
                addQuadCurve(to: e, control: c); cur = e; newQ = c
            case UInt8(ascii: "a"):
                let rx = try p.number(), ry = try p.number(), rot = try p.number()
                let large = try p.flag(), sweep = try p.flag()
                let e = try pt()
                addSVGArc(from: cur, to: e, rx: rx, ry: ry, rotationDegrees: rot, largeArc: large, sweep: sweep)
                cur = e
            case UInt8(ascii: "z"): closeSubpath(); cur = start
            default: throw SVGPathError(offset: p.index, message: "unknown command '\(Character(UnicodeScalar(cmd)))'")
            }
            lastC2 = newC2; lastQ = newQ
        }
    }

    /// Endpoint-parameterized elliptical arc (SVG implementation notes, appendix F.6).
    mutating func addSVGArc(from p0: Point, to p1: Point, rx rx0: Double, ry ry0: Double,
                            rotationDegrees: Double, largeArc: Bool, sweep: Bool) {
        var rx = abs(rx0), ry = abs(ry0)
        if rx == 0 || ry == 0 || p0 == p1 { addLine(to: p1); return }
        let phi = rotationDegrees * .pi / 180, cp = cos(phi), sp = sin(phi)
        let dx = (p0.x - p1.x) / 2, dy = (p0.y - p1.y) / 2
        let x1 = cp * dx + sp * dy, y1 = -sp * dx + cp * dy
        let lam = x1 * x1 / (rx * rx) + y1 * y1 / (ry * ry)
        if lam > 1 { rx *= lam.squareRoot(); ry *= lam.squareRoot() }
        let num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let den = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var k = (max(0, num) / den).squareRoot()
        if largeArc == sweep { k = -k }
        let cx1 = k * rx * y1 / ry, cy1 = -k * ry * x1 / rx
        let cx = cp * cx1 - sp * cy1 + (p0.x + p1.x) / 2
        let cy = sp * cx1 + cp * cy1 + (p0.y + p1.y) / 2
        func ang(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double { atan2(ux * vy - uy * vx, ux * vx + uy * vy) }
        let t1 = ang(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry)
        var dt = ang((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry)
        if !sweep && dt > 0 { dt -= 2 * .pi } else if sweep && dt < 0 { dt += 2 * .pi }
        let n = max(1, Int((abs(dt) / (.pi / 2)).rounded(.up)))
        let step = dt / Double(n), kk = 4.0 / 3.0 * tan(step / 4)
        func point(_ t: Double) -> Point { Point(cx + rx * cos(t) * cp - ry * sin(t) * sp, cy + rx * cos(t) * sp + ry * sin(t) * cp) }
        func deriv(_ t: Double) -> Point { Point(-rx * sin(t) * cp - ry * cos(t) * sp, -rx * sin(t) * sp + ry * cos(t) * cp) }
        var t = t1
        for i in 0..<n {
            let t2 = t + step
            let a = point(t), b = i == n - 1 ? p1 : point(t2)
            addCurve(to: b, control1: a + deriv(t) * kk, control2: b - deriv(t2) * kk)
            t = t2
        }
    }
}

struct SVGScanner {
    let bytes: [UInt8]
    var index = 0
    init(_ b: [UInt8]) { bytes = b }
    var atEnd: Bool { index >= bytes.count }
    mutating func advance() { index += 1 }
    mutating func skipSeparators() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ",")].contains(bytes[index]) { index += 1 }
    }
    func peekCommand() -> UInt8? {
        let c = bytes[index]
        return Array("MmLlHhVvCcSsQqTtAaZz".utf8).contains(c) ? c : nil
    }
    mutating func flag() throws -> Bool {
        skipSeparators()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "0") || bytes[index] == UInt8(ascii: "1") else {
            throw SVGPathError(offset: index, message: "expected an arc flag (0 or 1)")
        }
        defer { index += 1 }
        return bytes[index] == UInt8(ascii: "1")
    }
    mutating func number() throws -> Double {
        skipSeparators()
        let s = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        var digits = 0, dot = false
        while index < bytes.count {
            let c = bytes[index]
            if c >= 0x30 && c <= 0x39 { digits += 1; index += 1 } else if c == UInt8(ascii: ".") && !dot { dot = true; index += 1 } else { break }
        }
        if digits > 0, index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            while index < bytes.count, bytes[index] >= 0x30 && bytes[index] <= 0x39 { index += 1 }
        }
        guard digits > 0, let v = Double(String(decoding: bytes[s..<index], as: UTF8.self)), v.isFinite else {
            throw SVGPathError(offset: s, message: "expected a number")
        }
        return v
    }
}
