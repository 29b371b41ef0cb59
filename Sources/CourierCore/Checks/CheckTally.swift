/// How many of an exchange's checks (and captures) held: `✓ 4/4`, `✗ 1/4`.
public struct CheckTally: Sendable, Equatable {
    /// Checks that held.
    public var passed: Int
    /// Checks run.
    public var total: Int

    /// A tally.
    public init(passed: Int, total: Int) {
        self.passed = passed
        self.total = total
    }

    /// Whether every check held.
    public var allPassed: Bool { passed == total }

    /// `✓ 4/4`, or `✗ 1/4 failed`: a bare `✗ 3/4` read as three failures.
    public var description: String { allPassed ? "✓ \(passed)/\(total)" : "✗ \(total - passed)/\(total) failed" }
}
