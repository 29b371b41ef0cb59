/// The outcome of one check (or capture) against an exchange.
public struct CheckResult: Sendable, Equatable {
    /// The check as written, e.g. `status == 200`, or `capture token`.
    public var check: String
    /// Whether it held.
    public var passed: Bool
    /// For a failure, what came instead: `got "Paris"`, `json roles not found (deepest: user)`.
    public var message: String?
    /// What was expected, templates resolved: `== "Madrid"` (nil when the check has no value).
    public var expected: String?
    /// What the query found, as compact JSON (nil when it found nothing).
    public var actual: String?

    /// A result.
    public init(
        check: String, passed: Bool, message: String? = nil, expected: String? = nil, actual: String? = nil
    ) {
        self.check = check
        self.passed = passed
        self.message = message
        self.expected = expected
        self.actual = actual
    }

    /// `json address.city == "Madrid": got "Paris"`, or the check alone when it passed.
    public var line: String {
        guard let message else { return check }
        return "\(check): \(message)"
    }
}
