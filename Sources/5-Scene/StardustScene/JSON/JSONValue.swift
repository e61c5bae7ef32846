/// A parsed JSON document that keeps object keys in file order, so that
/// errors and serialization follow what the user wrote.
public indirect enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as a `Double` (JSON does not distinguish integers).
    case number(Double)
    /// A string, with its escapes decoded.
    case string(String)
    /// An array, in document order.
    case array([JSONValue])
    /// An object, its members in document order (duplicate keys are kept as written).
    case object([(key: String, value: JSONValue)])

    /// Structural equality; objects are equal only with the same keys in the same order.
    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// Hashes the structure, consistently with `==` (key order included).
    public func hash(into h: inout Hasher) {
        switch self {
        case .null: h.combine(0)
        case .bool(let b): h.combine(b)
        case .number(let n): h.combine(n)
        case .string(let s): h.combine(s)
        case .array(let a): h.combine(a)
        case .object(let o): for (k, v) in o { h.combine(k); h.combine(v) }
        }
    }

    /// The value of `key` in an object (the last one when a key repeats).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let o) = self else { return nil }
        return o.last(where: { $0.key == key })?.value
    }

    /// A short name of the value's kind, for error messages.
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
