import Testing

@testable import CourierCore

/// The query a picked operation sends (`O` on the screen): its arguments as variables, the
/// result's scalar fields selected; and that query replacing a route's when it is sent.
@Suite("GraphQL: the document of a picked operation")
struct GraphQLDocumentTests {
    static func named(_ kind: String, _ name: String) -> String {
        #"{"kind": "\#(kind)", "name": "\#(name)", "ofType": null}"#
    }
    static func nonNull(_ inner: String) -> String { #"{"kind": "NON_NULL", "name": null, "ofType": \#(inner)}"# }
    static func list(_ inner: String) -> String { #"{"kind": "LIST", "name": null, "ofType": \#(inner)}"# }
    static func field(_ name: String, _ type: String, args: String = "") -> String {
        #"{"name": "\#(name)", "description": null, "args": [\#(args)], "type": \#(type)}"#
    }
    static func argument(_ name: String, _ type: String, default value: String = "null") -> String {
        #"{"name": "\#(name)", "type": \#(type), "defaultValue": \#(value)}"#
    }

    static let kept: GraphQLSchema? = {
        let id = nonNull(named("SCALAR", "ID"))
        let types = [
            #"{"kind": "OBJECT", "name": "Query", "fields": ["#
                + [
                    field("user", named("OBJECT", "User"), args: argument("id", id)),
                    field(
                        "users", nonNull(list(nonNull(named("OBJECT", "User")))),
                        args: argument("city", named("SCALAR", "String")) + ", "
                            + argument("first", nonNull(named("SCALAR", "Int")), default: "\"10\"")),
                    field("count", nonNull(named("SCALAR", "Int"))),
                    field(
                        "search", list(named("UNION", "Result")),
                        args: argument("term", nonNull(named("SCALAR", "String")))),
                    field("me", named("OBJECT", "Empty")),
                ].joined(separator: ",") + "]}",
            #"{"kind": "OBJECT", "name": "Mutation", "fields": ["#
                + field(
                    "renameUser", named("OBJECT", "User"),
                    args: argument("id", id) + ", " + argument("name", nonNull(named("SCALAR", "String"))))
                + "]}",
            #"{"kind": "OBJECT", "name": "Subscription", "fields": ["# + field("ticks", named("SCALAR", "Int")) + "]}",
            #"{"kind": "OBJECT", "name": "User", "fields": ["#
                + [
                    field("id", id), field("name", nonNull(named("SCALAR", "String"))),
                    field("role", named("ENUM", "Role")),
                    field("posts", list(named("OBJECT", "Post"))),
                    field("avatar", named("SCALAR", "String"), args: argument("size", nonNull(named("SCALAR", "Int")))),
                    field("bio", named("SCALAR", "String"), args: argument("format", named("SCALAR", "String"))),
                ].joined(separator: ",") + "]}",
            #"{"kind": "OBJECT", "name": "Empty", "fields": ["# + field("self", named("OBJECT", "Empty")) + "]}",
            #"{"kind": "UNION", "name": "Result", "fields": null}"#,
            #"{"kind": "ENUM", "name": "Role", "fields": null}"#,
            #"{"kind": "SCALAR", "name": "Int", "fields": null}"#,
        ]
        let text = #"""
            {"data": {"__schema": {"queryType": {"name": "Query"}, "mutationType": {"name": "Mutation"},
              "subscriptionType": {"name": "Subscription"}, "types": [\#(types.joined(separator: ","))]}}}
            """#
        return try? GraphQLSchema(body: Array(text.utf8))
    }()

    static var schema: GraphQLSchema { get throws { try #require(kept) } }

    static func operation(_ name: String) throws -> GraphQLSchema.Operation {
        try #require(try schema.operations.first { $0.name == name })
    }

    @Test(
        "each operation's document: its arguments as variables, the result's scalar and enum fields that need no argument",
        arguments: [
            ("user", "query User($id: ID!) {\n  user(id: $id) {\n    id\n    name\n    role\n    bio\n  }\n}\n"),
            (
                "users",
                "query Users($city: String, $first: Int!) {\n  users(city: $city, first: $first) {\n    id\n    name\n    role\n    bio\n  }\n}\n"
            ),
            ("count", "query Count {\n  count\n}\n"),
            ("search", "query Search($term: String!) {\n  search(term: $term) {\n    __typename\n  }\n}\n"),
            ("me", "query Me {\n  me {\n    __typename\n  }\n}\n"),
            (
                "renameUser",
                "mutation RenameUser($id: ID!, $name: String!) {\n  renameUser(id: $id, name: $name) {\n    id\n    name\n    role\n    bio\n  }\n}\n"
            ),
        ])
    func document(name: String, expected: String) throws {
        let text = try Self.schema.document(for: try Self.operation(name))
        #expect(text == expected)
        // Each is a document the reader reads, with the operation named as the form sends it.
        let parsed = try GraphQLDocument.parse(text)
        #expect(
            try parsed.operation(named: GraphQLSchema.operationName(name)).name == GraphQLSchema.operationName(name))
    }

    @Test("subscriptions are not offered; what each result is, is kept")
    func pickable() throws {
        #expect(try Self.schema.operations.map(\.name).contains("ticks"))
        #expect(try Self.schema.pickable.map(\.name) == ["user", "users", "count", "search", "me", "renameUser"])
        #expect(try Self.operation("users").resultName == "User")
        #expect(try Self.schema.kinds["Role"] == "ENUM")
    }

    @Test("a body that is not JSON is one line")
    func notJSON() {
        #expect(throws: GraphQLSchemaError.notJSON) { try GraphQLSchema(body: Array("<html>".utf8)) }
        #expect(GraphQLSchemaError.notJSON.description == "the answer is not JSON: not a GraphQL endpoint")
    }

    @Test("a picked query replaces the route's, with its operation and the variables typed for it")
    func picked() throws {
        var input = RequestInput()
        input.graphQLQuery = "query A { a } mutation RenameUser($id: ID!) { renameUser(id: $id) { id } }"
        input.graphQLOperationName = "RenameUser"
        input.graphQLVariables = #"{"id": "{{id}}"}"#
        let prepared = try GraphQLRouteTests.build("user", input: input)
        #expect(
            String(decoding: prepared.request.body ?? [], as: UTF8.self)
                == #"{"query":"query A { a } mutation RenameUser($id: ID!) { renameUser(id: $id) { id } }","operationName":"RenameUser","variables":{"id":"7"}}"#
        )
        // A mutation picked on a GET route is refused before sending, as one written there is.
        #expect(throws: RequestError.self) { try GraphQLRouteTests.build("user.get", input: input) }
    }

    @Test("the introspection of a route keeps its endpoint, headers and auth, and nothing of its own request")
    func introspection() throws {
        var route = Route(name: "g", method: "GET", path: "/graphql", headers: [HeaderField("X-Key", "k")])
        route.graphql = GraphQLBody(query: .text("{ a }"), variables: .object([]))
        route.checks = [try CheckParser.check("status == 201")]
        let asked = route.introspection
        #expect(asked.method == .post && asked.path == "/graphql" && asked.headers == route.headers)
        #expect(asked.graphql == GraphQLBody(query: .text(GraphQLSchema.introspectionQuery)))
        #expect(asked.checks == [])
    }
}
