/// Why a GraphQL route cannot be sent as written: each a one-line message.
public enum GraphQLRequestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The query does not parse.
    case syntax(GraphQLSyntaxError)
    /// `operation_name` names no operation of the document.
    case unknownOperation(String, known: [String])
    /// The document holds several operations and no `operation_name` picks one.
    case severalOperations([String])
    /// The document holds fragments only.
    case noOperation
    /// A mutation (or subscription) with method GET, which GraphQL over HTTP forbids.
    case mutationOverGet(GraphQLOperation.Kind)
    /// `variables` is not a JSON object.
    case variablesNotObject(String)
    /// The `.graphql` file cannot be read.
    case unreadableFile(String, reason: String)

    /// The message.
    public var description: String {
        switch self {
        case .syntax(let error): return "the GraphQL query does not parse: \(error)"
        case .unknownOperation(let name, let known):
            return "the query has no operation \(name)"
                + (known.isEmpty ? "" : " (it has \(known.joined(separator: ", ")))")
        case .severalOperations(let names):
            return "the query has \(names.count) operations (\(names.joined(separator: ", "))); "
                + "name the one to send with \"operation_name\""
        case .noOperation: return "the query has no operation, only fragments"
        case .mutationOverGet(let kind):
            return "a \(kind.rawValue) is not sent with GET (GraphQL over HTTP allows only queries); use POST"
        case .variablesNotObject(let kind): return "GraphQL variables are a JSON object, not \(kind)"
        case .unreadableFile(let path, let reason): return "the GraphQL query \(path): \(reason)"
        }
    }
}
