/// Why an emitter cannot be evaluated as configured.
public enum EmitterError: Error, Equatable, CustomStringConvertible {
    /// The estimated live particle count exceeds ``EmitterLayer/maximumParticleCount``.
    case particleBudgetExceeded(estimated: Int, limit: Int)
    /// A property holds a value that is not a finite number (or is out of its domain).
    case invalidValue(keyPath: String, value: Double, reason: String)

    /// A sentence naming the limit or property and how to fix it.
    public var description: String {
        switch self {
        case .particleBudgetExceeded(let e, let l):
            return "emitter would hold about \(e) live particles, more than the limit of \(l) "
                + "(lower birthRate or lifetime, or raise maximumParticleCount)"
        case .invalidValue(let k, let v, let r):
            return "emitter property \(k) = \(v) is invalid: \(r)"
        }
    }
}
