/// A GraphQL executable document: its operations and fragments, each with its selections,
/// read by `GraphQLParser`. What Courier needs of a query (which operations it holds, their
/// variables and types) and what the sample API needs to answer one.
public struct GraphQLDocument: Sendable, Equatable {
    /// The operations, in order.
    public var operations: [GraphQLOperation]
    /// The fragments, in order.
    public var fragments: [GraphQLFragment]

    /// The document `text` holds; throws where it breaks the grammar.
    public static func parse(_ text: String) throws(GraphQLSyntaxError) -> GraphQLDocument {
        var parser = try GraphQLParser(text)
        return try parser.document()
    }

    /// The operation a request runs: the one named `name`, or the only one when `name` is nil.
    public func operation(named name: String?) throws(GraphQLRequestError) -> GraphQLOperation {
        if let name {
            guard let found = operations.first(where: { $0.name == name }) else {
                throw .unknownOperation(name, known: operations.compactMap(\.name))
            }
            return found
        }
        guard operations.count == 1, let only = operations.first else {
            throw operations.isEmpty ? .noOperation : .severalOperations(operations.map { $0.name ?? "(unnamed)" })
        }
        return only
    }
}

/// One `query`, `mutation` or `subscription`.
public struct GraphQLOperation: Sendable, Equatable {
    /// What it does.
    public enum Kind: String, Sendable, Equatable {
        case query, mutation, subscription
    }

    /// Its kind (a `{ … }` shorthand is a query).
    public var kind: Kind
    /// Its name, if it has one.
    public var name: String?
    /// Its variables, in order.
    public var variables: [GraphQLVariable]
    /// Its top-level selections.
    public var selections: [GraphQLSelection]
}

/// A variable an operation declares: `$first: Int = 10`.
public struct GraphQLVariable: Sendable, Equatable {
    /// Its name, without `$`.
    public var name: String
    /// Its type.
    public var type: GraphQLTypeReference
    /// Its default, if declared.
    public var defaultValue: GraphQLValue?
}

/// A type as a variable declares it: `ID`, `[Int!]`, `String!`.
public indirect enum GraphQLTypeReference: Sendable, Equatable, CustomStringConvertible {
    case named(String)
    case list(GraphQLTypeReference)
    case nonNull(GraphQLTypeReference)

    /// As written in GraphQL.
    public var description: String {
        switch self {
        case .named(let name): return name
        case .list(let item): return "[\(item)]"
        case .nonNull(let type): return "\(type)!"
        }
    }

    /// The named type under lists and `!`.
    public var namedType: String {
        switch self {
        case .named(let name): return name
        case .list(let type), .nonNull(let type): return type.namedType
        }
    }
}

/// A value written in a query: an argument, a default or a directive's argument.
public indirect enum GraphQLValue: Sendable, Equatable {
    case variable(String)
    case int(String)
    case float(String)
    case string(String)
    case bool(Bool)
    case null
    case enumValue(String)
    case list([GraphQLValue])
    case object([GraphQLArgument])

    /// As JSON, with `variables` for `$name` (null when not given) and enum values as strings.
    public func json(variables: [String: JSONValue] = [:]) -> JSONValue {
        switch self {
        case .variable(let name): return variables[name] ?? .null
        case .int(let text), .float(let text): return .number(text)
        case .string(let text), .enumValue(let text): return .string(text)
        case .bool(let flag): return .bool(flag)
        case .null: return .null
        case .list(let items): return .array(items.map { $0.json(variables: variables) })
        case .object(let fields):
            return .object(fields.map { JSONMember($0.name, $0.value.json(variables: variables)) })
        }
    }
}

/// `name: value`, in arguments and input objects.
public struct GraphQLArgument: Sendable, Equatable {
    /// The name.
    public var name: String
    /// The value.
    public var value: GraphQLValue
}

/// One selection: a field, a fragment spread or an inline fragment.
public indirect enum GraphQLSelection: Sendable, Equatable {
    case field(GraphQLField)
    case spread(String)
    case inline(typeCondition: String?, selections: [GraphQLSelection])
}

/// A field selected: `alias: name(arguments) @directives { selections }`.
public struct GraphQLField: Sendable, Equatable {
    /// The alias, when written.
    public var alias: String?
    /// The field's name.
    public var name: String
    /// Its arguments, in order.
    public var arguments: [GraphQLArgument]
    /// The names of its directives (`include`, `skip`), with their arguments.
    public var directives: [GraphQLDirective]
    /// Its sub-selections (empty for a leaf).
    public var selections: [GraphQLSelection]

    /// The key its value has in the response: the alias, else the name.
    public var responseKey: String { alias ?? name }
}

/// `@name(arguments)`.
public struct GraphQLDirective: Sendable, Equatable {
    /// The name, without `@`.
    public var name: String
    /// Its arguments.
    public var arguments: [GraphQLArgument]
}

/// `fragment Name on Type { … }`.
public struct GraphQLFragment: Sendable, Equatable {
    /// Its name.
    public var name: String
    /// The type it applies to.
    public var typeCondition: String
    /// Its selections.
    public var selections: [GraphQLSelection]
}
