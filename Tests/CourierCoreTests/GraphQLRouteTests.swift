import Testing

@testable import CourierCore

/// GraphQL routes: the workspace's `graphql` key, the request built from it (POST body, GET
/// URL), the operation picked, variables filled, and the implicit check of the answer.
@Suite("GraphQL routes")
struct GraphQLRouteTests {
    static let file = """
        {"environments": {"dev": {"base_url": "http://127.0.0.1:1", "variables": {"id": "7"}}},
         "routes": [
           {"name": "user", "method": "POST", "path": "/graphql",
            "graphql": {"query": "query User($id: ID!) { user(id: $id) { name } }", "variables": {"id": "{{id}}"}}},
           {"name": "user.get", "method": "GET", "path": "/graphql?x=1",
            "graphql": {"query": "query User($id: ID!) { user(id: $id) { name } }", "variables": {"id": "{{id}}"}}},
           {"name": "two", "method": "POST", "path": "/graphql",
            "graphql": {"query": "query A { a } mutation B { b }", "operation_name": "B"}},
           {"name": "two.get", "method": "GET", "path": "/graphql",
            "graphql": {"query": "query A { a } mutation B { b }", "operation_name": "B"}},
           {"name": "unnamed", "method": "POST", "path": "/graphql", "graphql": {"query": "query A { a } query B { b }"}},
           {"name": "broken", "method": "POST", "path": "/graphql", "graphql": {"query": "{ user(id: 1) { name }"}},
           {"name": "filed", "method": "POST", "path": "/graphql", "graphql": {"file": "queries/user.graphql"}}
         ]}
        """

    static func workspace() throws -> Workspace {
        try WorkspaceLoader().load(bytes: Array(file.utf8), fileName: "environments.json", baseDirectory: "/w")
    }

    static func build(_ name: String, input: RequestInput = RequestInput()) throws(RequestError) -> PreparedRequest {
        let workspace: Workspace
        let route: Route
        do {
            workspace = try Self.workspace()
            route = try workspace.route(named: name)
        } catch {
            throw .badHeader("\(error)")
        }
        return try RequestBuilder(workspace: workspace, processEnvironment: [:]).build(
            route: route, environment: workspace.environments[0], input: input)
    }

    @Test(
        "each route sends what GraphQL over HTTP says, or one line saying why not",
        arguments: [
            (
                "user", "POST http://127.0.0.1:1/graphql",
                #"{"query":"query User($id: ID!) { user(id: $id) { name } }","variables":{"id":"7"}}"#
            ),
            (
                "user.get",
                "GET http://127.0.0.1:1/graphql?x=1&query=query%20User%28%24id%3A%20ID%21%29%20%7B%20user%28id%3A%20%24id%29%20%7B%20name%20%7D%20%7D&variables=%7B%22id%22%3A%227%22%7D",
                ""
            ),
            (
                "two", "POST http://127.0.0.1:1/graphql",
                #"{"query":"query A { a } mutation B { b }","operationName":"B"}"#
            ),
            ("two.get", "a mutation is not sent with GET (GraphQL over HTTP allows only queries); use POST", ""),
            (
                "unnamed",
                "the query has 2 operations (A, B); name the one to send with \"operation_name\"", ""
            ),
            (
                "broken",
                "the GraphQL query does not parse: line 1, column 23: expected a name, found the end of the query", ""
            ),
            (
                "filed",
                "{{$file \"queries/user.graphql\"}} needs a value and there is no one to ask (run it in a terminal)", ""
            ),
        ])
    func requests(route: String, line: String, body: String) throws {
        do {
            let prepared = try Self.build(route)
            #expect("\(prepared.request.method.rawValue) \(prepared.request.url)" == line)
            #expect(String(decoding: prepared.request.body ?? [], as: UTF8.self) == body)
            #expect(
                prepared.request.headers.value(for: "Accept")
                    == "application/graphql-response+json, application/json;q=0.9")
            #expect(prepared.request.headers.value(for: "Content-Type") == (body.isEmpty ? nil : "application/json"))
            #expect(prepared.checkPlan?.graphQL == true)
        } catch {
            #expect(error.description == line)
        }
    }

    @Test("--variables replaces the route's variables, templates filled; a non-object is refused")
    func variablesInput() throws {
        var input = RequestInput()
        input.graphQLVariables = #"{"id": "{{id}}-x", "n": 2}"#
        let prepared = try Self.build("user", input: input)
        #expect(
            String(decoding: prepared.request.body ?? [], as: UTF8.self).hasSuffix(#""variables":{"id":"7-x","n":2}}"#))
        input.graphQLVariables = "[1]"
        #expect(throws: RequestError.graphQL(.variablesNotObject("an array"))) { try Self.build("user", input: input) }
    }

    @Test("a query from a file is asked of the source, and a file that cannot be read says which")
    func fromFile() throws {
        var input = RequestInput()
        input.answers[.file("queries/user.graphql")] = "{ me { name } }"
        let prepared = try Self.build("filed", input: input)
        #expect(String(decoding: prepared.request.body ?? [], as: UTF8.self) == #"{"query":"{ me { name } }"}"#)
        #expect(
            RequestError.graphQL(.unreadableFile("queries/user.graphql", reason: "no such file")).description
                == "the GraphQL query queries/user.graphql: no such file")
    }

    @Test(
        "the workspace's graphql key: shapes refused in one line, and written back as read",
        arguments: [
            (#"{"query": "{ a }", "file": "a.graphql"}"#, "has both \"query\" and \"file\""),
            (#"{"variables": {}}"#, "needs \"query\" (the text) or \"file\""),
            (#"{"query": "{ a }", "variables": [1]}"#, "is a JSON object of the query's variables"),
            (#"{"query": "{ a }", "extra": 1}"#, "extra"),
        ])
    func schema(graphql: String, message: String) {
        let text = """
            {"environments": {"dev": {"base_url": "http://h"}},
             "routes": [{"name": "g", "method": "POST", "path": "/", "graphql": \(graphql)}]}
            """
        #expect(throws: WorkspaceError.self) {
            try WorkspaceLoader().load(bytes: Array(text.utf8), fileName: "environments.json")
        }
        do {
            _ = try WorkspaceLoader().load(bytes: Array(text.utf8), fileName: "environments.json")
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
        }
    }

    @Test("a GraphQL route written and read again is the same route; a second body kind is refused")
    func roundTrip() throws {
        let workspace = try Self.workspace()
        let again = try WorkspaceLoader().load(
            bytes: WorkspaceWriter().bytes(workspace), fileName: "environments.json", baseDirectory: "/w")
        #expect(again.routes == workspace.routes)
        let two = """
            {"environments": {"dev": {"base_url": "http://h"}},
             "routes": [{"name": "g", "method": "POST", "path": "/", "body": {}, "graphql": {"query": "{ a }"}}]}
            """
        #expect(throws: WorkspaceError.self) {
            try WorkspaceLoader().load(bytes: Array(two.utf8), fileName: "environments.json")
        }
    }

    @Test(
        "the implicit check fails on errors in a 200 answer, and on an answer that is not GraphQL",
        arguments: [
            (#"{"data": {"user": {"name": "Ada"}}}"#, nil),
            (#"{"data": null, "errors": []}"#, nil),
            (
                #"{"data": {"user": null}, "errors": [{"message": "no user 9", "path": ["user"]}, {"message": "x"}]}"#,
                "GraphQL error: no user 9 (at user) (and 1 more)"
            ),
            (
                #"{"errors": [{"message": "Cannot query field \"nme\" on type \"User\"."}]}"#,
                #"GraphQL error: Cannot query field "nme" on type "User"."#
            ),
            (#"{"ok": true}"#, "not a GraphQL response: it has neither \"data\" nor \"errors\""),
            (
                "<html>hello</html>",
                "not a GraphQL response: body is not JSON (line 1, column 1: expected a value, found '<')"
            ),
            (#"[1]"#, "not a GraphQL response: the body is not a JSON object"),
            (#"{"data": {}, "errors": "boom"}"#, "\"errors\" is a string, not a list"),
            // A hostile server's message: its escape sequence and line break show, not act.
            (#"{"errors": [{"message": "\u001b[2Jgone\nsecond line"}]}"#, "GraphQL error: ^[[2Jgone second line"),
        ] as [(String, String?)])
    func implicitCheck(body: String, message: String?) {
        let response = HTTPResponse(
            status: 200, reason: "OK", headers: [HeaderField("Content-Type", "text/html")], body: Array(body.utf8))
        var evaluator = CheckEvaluator(response: response)
        evaluator.graphQL = true
        let results = evaluator.evaluate(nil)
        let graphQL = results.first(where: { $0.check == "no GraphQL errors" })
        #expect(graphQL?.passed == (message == nil))
        if let message { #expect(graphQL?.message == message) }
    }
}

@Suite("GraphQL: a schema from introspection")
struct GraphQLSchemaTests {
    @Test("the root types' fields become operations, wrapped types written as GraphQL writes them")
    func operations() throws {
        let answer = try JSONValue.parse(
            #"""
            {"data": {"__schema": {"queryType": {"name": "Q"}, "mutationType": null, "subscriptionType": {"name": "S"},
              "types": [
                {"kind": "OBJECT", "name": "Q", "fields": [
                  {"name": "node", "description": "One node\nby id", "args": [{"name": "id", "type": {"kind": "NON_NULL", "name": null, "ofType": {"kind": "SCALAR", "name": "ID", "ofType": null}}}],
                   "type": {"kind": "INTERFACE", "name": "Node", "ofType": null}},
                  {"name": "all", "description": null, "args": [],
                   "type": {"kind": "NON_NULL", "name": null, "ofType": {"kind": "LIST", "name": null, "ofType": {"kind": "NON_NULL", "name": null, "ofType": {"kind": "OBJECT", "name": "Node"}}}}}]},
                {"kind": "OBJECT", "name": "S", "fields": [{"name": "ticks", "args": [], "type": {"kind": "SCALAR", "name": "Int"}}]}
              ]}}}
            """#)
        let schema = try GraphQLSchema(answer: answer)
        #expect(
            schema.operations.map(\.description) == [
                "query node(id: ID!): Node", "query all: [Node!]!", "subscription ticks: Int",
            ])
        #expect(schema.operations[0].summary == "One node\nby id")
        #expect(schema.operations[1].summary == nil)
    }

    @Test(
        "an answer that is not a schema is one line",
        arguments: [
            (
                #"{"errors": [{"message": "introspection is disabled"}]}"#,
                "the server refused introspection: introspection is disabled"
            ),
            (#"{"errors": [{"message": "off\u001b[0m\nhere"}]}"#, "the server refused introspection: off^[[0m here"),
            (#"{"data": {"user": null}}"#, "the answer is not a GraphQL introspection result (no data.__schema)"),
            (#"[1]"#, "the answer is not a GraphQL introspection result (no data.__schema)"),
        ])
    func refused(text: String, message: String) throws {
        #expect(throws: GraphQLSchemaError.self) { try GraphQLSchema(answer: try JSONValue.parse(text)) }
        do {
            _ = try GraphQLSchema(answer: try JSONValue.parse(text))
        } catch let error as GraphQLSchemaError {
            #expect(error.description == message)
        }
    }

    @Test("the introspection query Courier sends is a query the reader reads")
    func introspectionQuery() throws {
        let document = try GraphQLDocument.parse(GraphQLSchema.introspectionQuery)
        #expect(try document.operation(named: nil).name == "CourierIntrospection")
    }
}
