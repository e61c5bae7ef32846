import Foundation

/// A JSON value of a Lottie document with its JSON path, and typed accessors that throw ``LottieError`` naming
/// that path. Wraps Foundation's `JSONSerialization` output (`[String: Any]`, `[Any]`, `NSNumber`, `String`).
struct LottieJSON {
    let value: Any
    let path: String

    init(_ value: Any, path: String = "$") { self.value = value; self.path = path }

    func fail(_ message: String) -> LottieError { LottieError(path: path, message) }

    var object: [String: Any]? { value as? [String: Any] }
    var array: [Any]? { value as? [Any] }

    /// The member `key`, or `nil` when absent or null.
    subscript(_ key: String) -> LottieJSON? {
        guard let v = object?[key], !Self.isNull(v) else { return nil }
        return LottieJSON(v, path: "\(path).\(key)")
    }

    /// Whether `v` is JSON null. Compares the dynamic type rather than casting (`v is NSNull`): on Linux a cast of
    /// a Swift dictionary or array to a class bridges it — its whole subtree — to Foundation objects first, which made
    /// every member lookup cost as much as copying the member (most of the parse time of a large file).
    @inline(__always) static func isNull(_ v: Any) -> Bool { ObjectIdentifier(type(of: v)) == ObjectIdentifier(NSNull.self) }

    /// The elements of an array, each with its indexed path.
    func elements() throws -> [LottieJSON] {
        guard let a = array else { throw fail("expected an array, found \(kind)") }
        return a.enumerated().map { LottieJSON($0.element, path: "\(path)[\($0.offset)]") }
    }

    var kind: String {
        switch value {
        case is String: return "a string"
        case is [Any]: return "an array"
        case is [String: Any]: return "an object"
        case is NSNumber: return "a number"
        default: return "null"
        }
    }

    func number() throws -> Double {
        guard let n = value as? NSNumber, !(value is String) else { throw fail("expected a number, found \(kind)") }
        let d = n.doubleValue
        guard d.isFinite else { throw fail("expected a finite number") }
        return d
    }

    func string() throws -> String {
        guard let s = value as? String else { throw fail("expected a string, found \(kind)") }
        return s
    }

    /// A number, or the first element of a one-element array (Lottie writes scalars both ways).
    func scalar() throws -> Double {
        if let a = array {
            guard let first = a.first else { throw fail("expected a number, found an empty array") }
            return try LottieJSON(first, path: "\(path)[0]").number()
        }
        return try number()
    }

    /// An array of numbers (a lone number becomes a one-element array).
    func numbers() throws -> [Double] {
        if let a = array { return try a.enumerated().map { try LottieJSON($0.element, path: "\(path)[\($0.offset)]").number() } }
        return [try number()]
    }

    /// Truthiness as Lottie writes flags: `true`/`false`, `1`/`0`.
    func flag() throws -> Bool {
        guard let n = value as? NSNumber, !(value is String) else { throw fail("expected true, false, 0 or 1, found \(kind)") }
        return n.doubleValue != 0
    }

    // Optional members with defaults.
    func number(_ key: String, default d: Double) throws -> Double { try self[key]?.number() ?? d }
    func string(_ key: String) throws -> String? { try self[key]?.string() }
    func flag(_ key: String) throws -> Bool { try self[key]?.flag() ?? false }
    func requiredNumber(_ key: String) throws -> Double {
        guard let v = self[key] else { throw fail("missing \"\(key)\"") }
        return try v.number()
    }
}
