/// The outcome of one check (or capture) against an exchange.
public struct CheckResult: Sendable, Equatable {
    /// The check as written, e.g. `status == 200`.
    public var check: String
    /// Whether it held.
    public var passed: Bool
    /// For a failure: what was expected and what came, e.g. `got "Paris"`.
    public var message: String?

    /// A result.
    public init(check: String, passed: Bool, message: String? = nil) {
        self.check = check
        self.passed = passed
        self.message = message
    }
}
