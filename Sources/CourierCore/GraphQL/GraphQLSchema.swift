/// What a GraphQL server says of itself through introspection, as much as Courier uses: the
/// root operations (each `query`, `mutation` and `subscription` field) with their arguments'
/// types and their result type. Read from the `__schema` object of an introspection answer.
public struct GraphQLSchema: Sendable, Equatable {
    /// One root field: an operation the server offers.
    public struct Operation: Sendable, Equatable, CustomStringConvertible {
        /// query, mutation or subscription.
        public var kind: GraphQLOperation.Kind
        /// The field's name.
        public var name: String
        /// Its arguments and their types as GraphQL writes them (`ID!`).
        public var arguments: [(name: String, type: String)]
        /// The type it answers with.
        public var type: String
        /// That type's name, unwrapped (`Post` for `[Post!]!`).
        public var resultName: String
        /// The server's description, if any.
        public var summary: String?

        /// `query user(id: ID!): User`.
        public var description: String {
            let list =
                arguments.isEmpty ? "" : "(" + arguments.map { "\($0.name): \($0.type)" }.joined(separator: ", ") + ")"
            return "\(kind.rawValue) \(name)\(list): \(type)"
        }

        public static func == (left: Operation, right: Operation) -> Bool {
            left.kind == right.kind && left.name == right.name && left.type == right.type
                && left.resultName == right.resultName && left.summary == right.summary
                && left.arguments.map(\.name) == right.arguments.map(\.name)
                && left.arguments.map(\.type) == right.arguments.map(\.type)
        }
    }

    /// Every operation, queries first, each kind in the server's order.
    public var operations: [Operation]
    /// Each named type's kind (`OBJECT`, `SCALAR`, `ENUM`, …).
    public var kinds: [String: String] = [:]
    /// Each object or interface type's fields that answer a scalar or an enum and need no
    /// argument: what a picked operation selects (`document(for:)`).
    public var leaves: [String: [String]] = [:]

    /// The query that asks a server for what `init(answer:)` reads: the root types' fields with
    /// their arguments and types (seven levels of wrapping, as graphql-js asks).
    public static let introspectionQuery = """
        query CourierIntrospection {
          __schema {
            queryType { name } mutationType { name } subscriptionType { name }
            types { kind name fields(includeDeprecated: true) { name description args { name type { ...T } } type { ...T } } }
          }
        }
        fragment T on __Type { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } } }
        """

    /// The schema in an introspection answer (`{"data": {"__schema": …}}`, or the `__schema`
    /// object itself); throws a one-line reason when it is not one.
    public init(answer: JSONValue) throws(GraphQLSchemaError) {
        if case .array(let errors)? = answer["errors"], let first = errors.first {
            throw .serverError(first["message"]?.scalarText ?? first.brief())
        }
        guard let schema = answer["data"]?["__schema"] ?? answer["__schema"], case .object = schema else {
            throw .notIntrospection
        }
        guard case .array(let types)? = schema["types"] else { throw .notIntrospection }
        for type in types {
            guard let name = type["name"]?.scalarText, let kind = type["kind"]?.scalarText else { continue }
            kinds[name] = kind
        }
        for type in types {
            guard let name = type["name"]?.scalarText, case .array(let fields)? = type["fields"] else { continue }
            leaves[name] = fields.compactMap { field in
                guard let fieldName = field["name"]?.scalarText,
                    ["SCALAR", "ENUM"].contains(Self.namedKind(field["type"])), !Self.needsArgument(field)
                else { return nil }
                return fieldName
            }
        }
        var operations: [Operation] = []
        for kind in [GraphQLOperation.Kind.query, .mutation, .subscription] {
            guard let root = schema["\(kind.rawValue)Type"]?["name"]?.scalarText,
                let type = types.first(where: { $0["name"]?.scalarText == root }),
                case .array(let fields)? = type["fields"]
            else { continue }
            for field in fields {
                guard let name = field["name"]?.scalarText else { continue }
                var arguments: [(name: String, type: String)] = []
                if case .array(let args)? = field["args"] {
                    for argument in args {
                        guard let argumentName = argument["name"]?.scalarText else { continue }
                        arguments.append((argumentName, Self.typeText(argument["type"])))
                    }
                }
                let summary = field["description"]?.scalarText
                operations.append(
                    Operation(
                        kind: kind, name: name, arguments: arguments, type: Self.typeText(field["type"]),
                        resultName: Self.namedType(field["type"])?["name"]?.scalarText ?? "?",
                        summary: summary == "null" ? nil : summary))
            }
        }
        self.operations = operations
    }

    /// The innermost type of a wrapped one (`Post` in `[Post!]!`); at most 16 levels.
    static func namedType(_ type: JSONValue?) -> JSONValue? {
        var type = type
        for _ in 0..<16 {
            guard let current = type else { return nil }
            guard let inner = current["ofType"], case .object = inner else { return current }
            type = inner
        }
        return nil
    }

    /// The innermost type's kind.
    static func namedKind(_ type: JSONValue?) -> String? { namedType(type)?["kind"]?.scalarText }

    /// Whether a field has an argument that must be given (non-null, no default).
    static func needsArgument(_ field: JSONValue) -> Bool {
        guard case .array(let arguments)? = field["args"] else { return false }
        return arguments.contains { argument in
            argument["type"]?["kind"]?.scalarText == "NON_NULL"
                && (argument["defaultValue"] == nil || argument["defaultValue"] == .null)
        }
    }

    /// `{"kind": "NON_NULL", "ofType": {"kind": "LIST", …}}` as `[Post!]!`; at most 16 levels.
    static func typeText(_ type: JSONValue?, depth: Int = 0) -> String {
        guard let type, depth < 16 else { return "?" }
        switch type["kind"]?.scalarText {
        case "NON_NULL": return typeText(type["ofType"], depth: depth + 1) + "!"
        case "LIST": return "[" + typeText(type["ofType"], depth: depth + 1) + "]"
        default: return type["name"]?.scalarText ?? "?"
        }
    }
}
