/// A route's GraphQL request (`"graphql"` in the file): the query, written in the file or in a
/// `.graphql` file beside it, its variables and the operation to run. Sent as GraphQL over HTTP
/// says: a JSON POST body `{"query", "operationName", "variables"}`, or, for a query on a GET
/// route, the same three as URL parameters.
public struct GraphQLBody: Sendable, Equatable {
    /// Where the query text is.
    public enum Source: Sendable, Equatable {
        /// Written in the workspace.
        case text(String)
        /// A file relative to the workspace's folder and confined to it, read at each send
        /// (as `{{$file}}` is).
        case file(String)
    }

    /// The query.
    public var query: Source
    /// The variables: a JSON object whose strings may hold templates; nil sends none.
    public var variables: JSONValue?
    /// The operation to run, when the query holds several.
    public var operationName: String?

    /// A GraphQL request.
    public init(query: Source, variables: JSONValue? = nil, operationName: String? = nil) {
        self.query = query
        self.variables = variables
        self.operationName = operationName
    }
}
