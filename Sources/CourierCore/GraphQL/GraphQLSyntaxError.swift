/// Why a GraphQL document does not parse, and where: `line 3, column 5: expected a name, found "}"`.
public struct GraphQLSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, in Unicode scalars.
    public var column: Int
    /// What is wrong there.
    public var message: String

    /// An error at `line`:`column`.
    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// One line, place first.
    public var description: String { "line \(line), column \(column): \(message)" }
}
