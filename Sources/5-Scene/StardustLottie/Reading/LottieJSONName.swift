/// A member name the parser asks for, with its word (``LottieJSONKey``) made from the literal's bytes.
///
/// Why: the parser asks for members by literal names (`j["ks"]`), about 480 000 lookups over the lottie-ios files;
/// taking each as a `String` and packing its word through the string's storage cost about 45 M instructions of
/// the reading (the packing and a retain and release of the string per lookup; docs/BENCHMARKS.md, "lottie",
/// twenty-fifth and twenty-eighth rounds). A literal is a `StaticString`: its bytes are at hand, its word is a
/// few instructions, and nothing is counted. The name is made into a `String` only where a string is needed (an
/// error message, or comparing with a member name that is not ASCII), so the match is the one
/// ``LottieJSONKey`` defines, `String`'s equality.
struct LottieJSONName: ExpressibleByStringLiteral, CustomStringConvertible {
    /// The name's word, as ``LottieJSONKey/init(_:)-(String)`` would make it from the same text.
    let key: LottieJSONKey
    private let literal: StaticString
    /// A name made at run time (tests, and names passed on as strings); `nil` for a literal.
    private let spelled: String?

    init(stringLiteral value: StaticString) {
        literal = value
        spelled = nil
        if value.hasPointerRepresentation {
            key = LottieJSONKey(UnsafeBufferPointer(start: value.utf8Start, count: value.utf8CodeUnitCount))
        } else {
            key = LottieJSONKey(value.description)
        }
    }

    init(_ name: String) {
        literal = ""
        spelled = name
        key = LottieJSONKey(name)
    }

    /// The name as a string.
    var description: String { spelled ?? literal.description }
}
