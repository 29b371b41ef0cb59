import CourierCore

/// The sample GraphQL endpoint's schema as introspection answers it (`__schema`): the value
/// that selections then narrow, as for any other field.
enum SampleGraphQLSchema {
    /// `(name, arguments as (name, type), type)` of each field of each object type.
    private static let objects: [(name: String, fields: [(String, [(String, String)], String)])] = [
        (
            "Query",
            [
                ("users", [("city", "String")], "[User!]!"), ("user", [("id", "ID!")], "User"),
                ("posts", [], "[Post!]!"),
            ]
        ),
        ("Mutation", [("renameUser", [("id", "ID!"), ("name", "String!")], "User")]),
        (
            "User",
            [
                ("id", [], "ID!"), ("name", [], "String!"), ("surname", [], "String!"), ("email", [], "String!"),
                ("city", [], "String!"), ("posts", [], "[Post!]!"),
            ]
        ),
        ("Post", [("id", [], "ID!"), ("title", [], "String!"), ("body", [], "String!")]),
    ]
    private static let scalars = ["ID", "String", "Boolean", "Int", "Float"]

    static let introspection: JSONValue = .object([
        JSONMember("description", .null),
        JSONMember("queryType", .object([JSONMember("name", .string("Query"))])),
        JSONMember("mutationType", .object([JSONMember("name", .string("Mutation"))])),
        JSONMember("subscriptionType", .null),
        JSONMember("types", .array(objects.map(objectType) + scalars.map(scalarType))),
        JSONMember("directives", .array([])),
    ])

    private static func objectType(_ object: (name: String, fields: [(String, [(String, String)], String)]))
        -> JSONValue
    {
        let fields = object.fields.map { name, arguments, type in
            JSONValue.object([
                JSONMember("name", .string(name)), JSONMember("description", .null),
                JSONMember(
                    "args",
                    .array(
                        arguments.map { argument, type in
                            .object([
                                JSONMember("name", .string(argument)), JSONMember("description", .null),
                                JSONMember("type", reference(type)), JSONMember("defaultValue", .null),
                            ])
                        })),
                JSONMember("type", reference(type)), JSONMember("isDeprecated", .bool(false)),
                JSONMember("deprecationReason", .null),
            ])
        }
        return type(kind: "OBJECT", name: object.name, fields: .array(fields), interfaces: .array([]))
    }

    private static func scalarType(_ name: String) -> JSONValue {
        type(kind: "SCALAR", name: name, fields: .null, interfaces: .null)
    }

    private static func type(kind: String, name: String, fields: JSONValue, interfaces: JSONValue) -> JSONValue {
        .object([
            JSONMember("kind", .string(kind)), JSONMember("name", .string(name)), JSONMember("description", .null),
            JSONMember("specifiedByURL", .null), JSONMember("fields", fields), JSONMember("inputFields", .null),
            JSONMember("interfaces", interfaces), JSONMember("enumValues", .null),
            JSONMember("possibleTypes", .null), JSONMember("ofType", .null),
        ])
    }

    /// `[Post!]!` as introspection writes a type reference.
    private static func reference(_ text: String) -> JSONValue {
        func wrapper(_ kind: String, _ inner: JSONValue) -> JSONValue {
            .object([JSONMember("kind", .string(kind)), JSONMember("name", .null), JSONMember("ofType", inner)])
        }
        if text.hasSuffix("!") { return wrapper("NON_NULL", reference(String(text.dropLast()))) }
        if text.hasPrefix("[") { return wrapper("LIST", reference(String(text.dropFirst().dropLast()))) }
        return .object([
            JSONMember("kind", .string(scalars.contains(text) ? "SCALAR" : "OBJECT")),
            JSONMember("name", .string(text)), JSONMember("ofType", .null),
        ])
    }
}
