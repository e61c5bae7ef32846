/// Expressions (`x` on a property) are After Effects JavaScript; they are not run here. Each is named in one
/// warning line and the property's keyframes are used.
extension LottieTranslator {
    func warnExpression(_ source: String, at path: String) {
        let line = source.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        let short = line.count > 60 ? String(line.prefix(57)) + "…" : line
        warn(path, "not evaluated: expression \"\(short)\"")
    }
}
