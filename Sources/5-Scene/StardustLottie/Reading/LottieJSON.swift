/// A JSON value of a Lottie document with its JSON path, and typed accessors that throw ``LottieError`` naming
/// that path. Wraps ``LottieJSONReader``'s output (``LottieJSONValue``).
///
/// The path is kept as a chain of steps from the document (an object per step, shared by the values under it)
/// and spelled out only when asked for (an error, or a property that records where it came from), once per step:
/// a member access no longer builds its container's path string, which was about 15 % of opening a file
/// (docs/LOTTIE.md, "JSON reading"; docs/BENCHMARKS.md, "lottie", seventh round).
struct LottieJSON {
    let value: LottieJSONValue
    private let location: Location

    /// One step of a path; its string is built on first use and kept (parsing is single-threaded).
    private final class Location {
        enum Step { case root(String), member(String), index(Int) }
        let container: Location?
        let step: Step
        private var spelled: String?

        init(_ container: Location?, _ step: Step) { self.container = container; self.step = step }

        var path: String {
            if let spelled { return spelled }
            let p: String
            switch step {
            case .root(let s): p = s
            case .member(let key): p = "\(container?.path ?? "").\(key)"
            case .index(let i): p = "\(container?.path ?? "")[\(i)]"
            }
            spelled = p
            return p
        }
    }

    init(_ value: LottieJSONValue, path: String = "$") { self.value = value; self.location = Location(nil, .root(path)) }

    private init(_ value: LottieJSONValue, _ location: Location) { self.value = value; self.location = location }

    /// The JSON path of this value (`$.layers[3].ks`).
    var path: String { location.path }

    func fail(_ message: String) -> LottieError { LottieError(path: path, message) }

    /// Whether the value is an object.
    var isObject: Bool { if case .object = value { return true } else { return false } }
    var array: [LottieJSONValue]? { if case .array(let a) = value { return a } else { return nil } }
    /// The value when it is a string.
    var stringValue: String? { if case .string(let s) = value { return s } else { return nil } }

    /// The member `key`, or `nil` when absent or null.
    subscript(_ key: String) -> LottieJSON? {
        guard let v = value[key], v != .null else { return nil }
        return LottieJSON(v, Location(location, .member(key)))
    }

    /// The elements of an array, each with its indexed path.
    func elements() throws -> [LottieJSON] {
        guard let a = array else { throw fail("expected an array, found \(kind)") }
        return a.enumerated().map { LottieJSON($0.element, Location(location, .index($0.offset))) }
    }

    var kind: String {
        switch value {
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        case .number, .bool: return "a number"  // as JSONSerialization's NSNumber read true and false
        case .null: return "null"
        }
    }

    /// A number (`true` and `false` read as 1 and 0, as Lottie writes flags both ways).
    func number() throws -> Double {
        let d: Double
        switch value {
        case .number(let n): d = n
        case .bool(let b): d = b ? 1 : 0
        default: throw fail("expected a number, found \(kind)")
        }
        guard d.isFinite else { throw fail("expected a finite number") }
        return d
    }

    func string() throws -> String {
        guard case .string(let s) = value else { throw fail("expected a string, found \(kind)") }
        return s
    }

    /// A number, or the first element of a one-element array (Lottie writes scalars both ways).
    func scalar() throws -> Double {
        if let a = array {
            guard let first = a.first else { throw fail("expected a number, found an empty array") }
            if case .number(let d) = first, d.isFinite { return d }
            return try LottieJSON(first, Location(location, .index(0))).number()
        }
        return try number()
    }

    /// An array of numbers (a lone number becomes a one-element array).
    func numbers() throws -> [Double] {
        if let a = array {
            // Finite numbers directly; anything else through number(), for its error with the element's path.
            var out: [Double] = []
            out.reserveCapacity(a.count)
            for (i, v) in a.enumerated() {
                if case .number(let d) = v, d.isFinite { out.append(d) } else { out.append(try LottieJSON(v, Location(location, .index(i))).number()) }
            }
            return out
        }
        return [try number()]
    }

    /// Truthiness as Lottie writes flags: `true`/`false`, `1`/`0`.
    func flag() throws -> Bool {
        switch value {
        case .bool(let b): return b
        case .number(let n): return n != 0
        default: throw fail("expected true, false, 0 or 1, found \(kind)")
        }
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
