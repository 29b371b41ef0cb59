/// A check or capture that cannot be parsed: the column (1-based, in characters) and why.
public struct CheckSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where in the line the problem starts.
    public var column: Int
    /// What is wrong, and what would be right.
    public var message: String

    /// An error at `column`.
    public init(column: Int, _ message: String) {
        self.column = column
        self.message = message
    }

    /// `column 8: unknown predicate 'equals'; did you mean '=='?`.
    public var description: String { "column \(column): \(message)" }
}
