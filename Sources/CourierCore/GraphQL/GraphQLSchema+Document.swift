/// The query a picked operation sends: what a user would write first in GraphiQL's explorer.
extension GraphQLSchema {
    /// The body a decoded introspection answer holds; throws a one-line reason (not JSON, not a
    /// schema, introspection refused) when it holds none.
    public init(body: [UInt8]) throws(GraphQLSchemaError) {
        guard let answer = try? JSONValue.parse(body) else { throw .notJSON }
        try self.init(answer: answer)
    }

    /// The operations a picker offers: queries and mutations (a subscription needs a
    /// WebSocket, which GraphQL routes do not speak).
    public var pickable: [Operation] { operations.filter { $0.kind != .subscription } }

    /// A document for `operation`: each argument a variable of the type the server gave, and
    /// the result's fields that need no argument and answer a scalar or an enum (`__typename`
    /// when it has none; nothing for a scalar result).
    ///
    ///     query User($id: ID!) {
    ///       user(id: $id) {
    ///         id
    ///         name
    ///       }
    ///     }
    public func document(for operation: Operation) -> String {
        let variables = operation.arguments.map { "$\($0.name): \($0.type)" }.joined(separator: ", ")
        let passed = operation.arguments.map { "\($0.name): $\($0.name)" }.joined(separator: ", ")
        var text = "\(operation.kind.rawValue) \(Self.operationName(operation.name))"
        if !variables.isEmpty { text += "(\(variables))" }
        text += " {\n  \(operation.name)"
        if !passed.isEmpty { text += "(\(passed))" }
        switch kinds[operation.resultName] {
        case "SCALAR", "ENUM":
            text += "\n"
        default:
            let fields = leaves[operation.resultName] ?? []
            text += " {\n" + (fields.isEmpty ? ["__typename"] : fields).map { "    \($0)\n" }.joined() + "  }\n"
        }
        return text + "}\n"
    }

    /// `user` as `User`: the operation's name, as people name them.
    public static func operationName(_ field: String) -> String {
        guard let first = field.first else { return field }
        return first.uppercased() + field.dropFirst()
    }
}
