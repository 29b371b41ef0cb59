import CourierCore
import Testing

@testable import CourierTUI

/// `O` on a GraphQL route: the kept schema is read, or the endpoint asked (confirmed in a
/// protected environment); the picker finds operations as the user types, and the one picked
/// goes in the form, its variables as fields, sent and saved as the route's query.
@Suite("GraphQL operations on the screen")
struct GraphQLOperationTests {
    static func state(environment: String = "development", width: Int = 100, height: Int = 30) -> AppState {
        var route = Route(name: "graph", method: "POST", path: "/graphql")
        route.graphql = GraphQLBody(
            query: .text("query User($id: ID!) { user(id: $id) { name } }"),
            variables: .object([JSONMember("id", .string("42"))]))
        var workspace = Fixtures.workspace
        workspace.routes = [route, Fixtures.showRoute]
        return AppState(
            workspace: workspace, processEnvironment: [:], session: SessionState(environment: environment),
            width: width,
            height: height)
    }

    /// Queries `user(id: ID!): User` and `posts`, mutation `renameUser`, a subscription.
    static var schema: GraphQLSchema {
        get throws {
            let id = #"{"kind": "NON_NULL", "ofType": {"kind": "SCALAR", "name": "ID"}}"#
            let string = #"{"kind": "NON_NULL", "ofType": {"kind": "SCALAR", "name": "String"}}"#
            let user = #"{"kind": "OBJECT", "name": "User"}"#
            let text = #"""
                {"__schema": {"queryType": {"name": "Q"}, "mutationType": {"name": "M"}, "subscriptionType": {"name": "S"},
                 "types": [
                  {"kind": "OBJECT", "name": "Q", "fields": [
                    {"name": "user", "args": [{"name": "id", "type": \#(id)}], "type": \#(user)},
                    {"name": "posts", "description": "Every post", "args": [], "type": {"kind": "LIST", "ofType": {"kind": "SCALAR", "name": "String"}}}]},
                  {"kind": "OBJECT", "name": "M", "fields": [
                    {"name": "renameUser", "args": [{"name": "id", "type": \#(id)}, {"name": "name", "type": \#(string)}], "type": \#(user)}]},
                  {"kind": "OBJECT", "name": "S", "fields": [{"name": "ticks", "args": [], "type": {"kind": "SCALAR", "name": "Int"}}]},
                  {"kind": "OBJECT", "name": "User", "fields": [{"name": "id", "args": [], "type": \#(id)}, {"name": "name", "args": [], "type": \#(string)}]},
                  {"kind": "SCALAR", "name": "String"}]}}
                """#
            return try GraphQLSchema(body: Array(text.utf8))
        }
    }

    /// Presses `O` on the GraphQL route and answers with `answer`, as the runtime would.
    static func open(_ state: inout AppState, answer: GraphQLSchemaAnswer) throws -> [Effect] {
        let effects = state.press(.char("O"))
        guard case .loadGraphQLSchema(let route, let request)? = effects.first else {
            Issue.record("O did not read the kept schema: \(effects)")
            return []
        }
        #expect(route == "graph")
        #expect(request.request.method == .post && request.request.url.hasSuffix("/graphql"))
        let body = String(decoding: request.request.body ?? [], as: UTF8.self)
        #expect(body.contains("CourierIntrospection") && !body.contains("variables"))
        return state.update(.graphQLSchema(id: nil, route: route, answer))
    }

    @Test("a kept schema opens the picker at once; typing finds an operation; Esc closes it")
    func kept() throws {
        var state = Self.state()
        #expect(try Self.open(&state, answer: .schema(Self.schema)).isEmpty)
        let screen = Views.render(state).trimmedLines.joined(separator: "\n")
        #expect(screen.contains("Operations · graph @ development"))
        #expect(screen.contains("query user(id: ID!): User"))
        #expect(screen.contains("mutation renameUser(id: ID!, name: String!): User"))
        #expect(!screen.contains("ticks"))
        state.type("rename")
        let picker = try #require(state.modal?.dialog as? OperationPicker)
        let pickable = try Self.schema.pickable
        #expect(picker.finder.matches.map { pickable[$0].name } == ["renameUser"])
        state.press(.escape)
        #expect(state.modal == nil)
    }

    @Test("the picked operation goes in the form: its variables as fields, sent with its query, saved into the route")
    func picked() throws {
        var state = Self.state()
        _ = try Self.open(&state, answer: .schema(Self.schema))
        state.type("renameuser")
        state.press(.enter)
        #expect(state.modal == nil && state.openRoute == "graph" && state.focus == .request)
        let form = try #require(state.openForm?.form)
        // What was typed into `id` stays; `name` is new and empty.
        #expect(form.fields.map(\.key) == ["var.id", "var.name"])
        #expect(form.fields.map(\.value) == ["42", ""])
        #expect(state.status?.text == "mutation renameUser in the form · Enter sends · Ctrl-S keeps it in the route")
        state.press(.down)
        state.type("Ada")
        let request = try #require(state.press(.enter).sent.first?.request)
        let body = try JSONValue.parse(request.body ?? [])
        #expect(body["operationName"] == .string("RenameUser"))
        #expect(body["variables"] == .object([JSONMember("id", .string("42")), JSONMember("name", .string("Ada"))]))
        #expect(body["query"]?.scalarText?.hasPrefix("mutation RenameUser($id: ID!, $name: String!) {") == true)
        // Saved as the route, the query is the picked one.
        let route = try #require(state.openForm?.route)
        let saved = try form.route(from: route)
        #expect(saved.graphql?.operationName == "RenameUser")
        guard case .text(let query)? = saved.graphql?.query else { throw Failure("the saved query is not text") }
        #expect(query.hasPrefix("mutation RenameUser"))
        // Ctrl-R, again, puts the route's own query back, even with the same variables.
        state.press(.ctrl("r"), .ctrl("r"))
        #expect(state.openForm?.form.pickedQuery == nil)
        // Esc cancels the request sent above, then leaves the form.
        state.press(.escape, .escape)
        _ = try Self.open(&state, answer: .schema(Self.schema))
        state.press(.enter)
        #expect(state.openForm?.form.pickedQuery?.hasPrefix("query User($id: ID!)") == true)
        state.press(.ctrl("r"))
        #expect(state.openForm?.form.pickedQuery == nil)
    }

    @Test("no kept schema: the endpoint is asked, as a request in flight that Esc cancels; its answer opens the picker")
    func fetched() throws {
        var state = Self.state()
        let effects = try Self.open(&state, answer: .notKept)
        guard case .fetchGraphQLSchema(let id, "graph", let request)? = effects.first else {
            throw Failure("the endpoint was not asked: \(effects)")
        }
        #expect(request.options.maxBodyInMemory == 16 << 20)
        #expect(state.inFlight[id]?.purpose == .schema(route: "graph"))
        #expect(state.update(.graphQLSchema(id: id, route: "graph", .schema(try Self.schema))).isEmpty)
        #expect(state.modal?.dialog is OperationPicker)
        // Ctrl-R asks again.
        guard case .fetchGraphQLSchema? = state.press(.ctrl("r")).first else {
            throw Failure("Ctrl-R did not ask again")
        }
        #expect(state.modal == nil)
        // A cancelled ask's answer is not wanted.
        let cancelled = state.press(.escape)
        #expect(cancelled.contains { if case .cancel = $0 { true } else { false } })
        _ = state.update(.graphQLSchema(id: id + 1, route: "graph", .schema(try Self.schema)))
        #expect(state.modal == nil)
    }

    @Test("a protected environment confirms the introspection POST first")
    func protected() throws {
        var state = Self.state(environment: "production")
        _ = try Self.open(&state, answer: .notKept)
        #expect(state.modal?.dialog is ConfirmDialog)
        guard case .fetchGraphQLSchema? = state.press(.char("y")).first else {
            throw Failure("y did not ask the endpoint")
        }
    }

    @Test("a failed ask, a route that is not GraphQL and a schema with nothing to pick are one line each")
    func refusals() throws {
        var state = Self.state()
        _ = try Self.open(&state, answer: .failed("http://dev.test/v1/graphql answered 404: the answer is not JSON"))
        #expect(
            state.status
                == AppState.StatusLine(
                    text: "graph: http://dev.test/v1/graphql answered 404: the answer is not JSON", isError: true))
        _ = state.update(
            .graphQLSchema(
                id: nil, route: "graph", .schema(try GraphQLSchema(body: Array(#"{"__schema": {"types": []}}"#.utf8)))))
        #expect(state.status?.text == "graph: the schema has no queries or mutations")
        var other = Self.state()
        other.focus = .routes
        other.press(.down)
        #expect(other.press(.char("O")).isEmpty)
        #expect(other.status?.text == "users.show is not a GraphQL route: O lists a GraphQL route's operations")
    }
}

/// A test's own failure, with its reason.
private struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
