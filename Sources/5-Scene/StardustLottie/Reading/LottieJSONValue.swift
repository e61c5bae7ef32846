/// A JSON value as a tree of plain Swift values: the form tests compare with other decoders
/// (``LottieJSONDocument/value(at:)``) and build documents from (`LottieJSONDocument`'s initializer from a tree).
/// The reader writes a flat ``LottieJSONDocument`` instead, which needs no heap array per JSON array or object
/// (docs/LOTTIE.md, "JSON reading").
///
/// Objects keep their members in file order as a list. A key given twice reads as its last value, as in a
/// dictionary built in file order.
enum LottieJSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([LottieJSONValue])
    case object([LottieJSONMember])

    /// The member `key` (its last occurrence), or `nil` when this is not an object or has no such member.
    subscript(_ key: String) -> LottieJSONValue? {
        guard case .object(let members) = self else { return nil }
        var i = members.count
        while i > 0 {
            i -= 1
            if members[i].key == key { return members[i].value }
        }
        return nil
    }
}

/// One member of a JSON object.
struct LottieJSONMember: Sendable, Equatable {
    var key: String
    var value: LottieJSONValue
}
