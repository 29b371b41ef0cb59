/// Why an introspection answer gave no schema.
public enum GraphQLSchemaError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server answered with errors (introspection turned off, often).
    case serverError(String)
    /// The answer has no `__schema`.
    case notIntrospection
    /// The answer is not JSON at all.
    case notJSON

    /// One line.
    public var description: String {
        switch self {
        case .serverError(let message):
            return "the server refused introspection: \(TerminalText.visibleLine(message))"
        case .notIntrospection: return "the answer is not a GraphQL introspection result (no data.__schema)"
        case .notJSON: return "the answer is not JSON: not a GraphQL endpoint"
        }
    }
}
