import CourierCore
import Testing

@testable import CourierTUI

/// A GraphQL route on the screen: its variables are fields typed as the query declares them,
/// what is typed is sent as the variables, and a wrong value is one line before sending.
@Suite("GraphQL routes on the screen")
struct GraphQLFormTests {
    static func state() -> AppState {
        var route = Route(name: "user", method: "POST", path: "/graphql")
        route.graphql = GraphQLBody(
            query: .text(
                "query User($id: ID!, $first: Int, $all: Boolean!, $tags: [String!]) { user(id: $id) { name } }"),
            variables: .object([
                JSONMember("id", .string("{{user_id}}")), JSONMember("first", .string("10")),
                JSONMember("tags", .array([.string("a")])),
            ]))
        return SendValueViewTests.state([route])
    }

    @Test("fields are typed from the query; a required variable the route leaves out gets a field")
    func typedFields() throws {
        var state = Self.state()
        state.press(.enter)
        let fields = state.openForm?.form.fields ?? []
        #expect(fields.map(\.key) == ["var.id", "var.first", "var.tags", "var.all"])
        #expect(fields.map(\.kind) == [.text, .number, .json, .bool])
        let screen = Views.render(state).trimmedLines.joined(separator: "\n")
        #expect(screen.contains("var    first [ 10 ]"))
        // The empty required Boolean says so before anything is sent.
        #expect(screen.contains("variable 'all' must be true or fals"))
    }

    @Test("what is typed is sent as the variables; a number that is not one is refused in one line")
    func sends() throws {
        var state = Self.state()
        state.press(.enter)
        state.press(.ctrl("u"))
        state.type("7")
        state.press(.down)
        state.type("x")
        #expect(state.press(.enter).sent.isEmpty)
        #expect(state.status?.text == "variable 'first' must be a number, not '10x'")
        state.press(.backspace, .down, .down)
        // A Boolean toggles with space.
        state.type(" ")
        let request = try #require(state.press(.enter).sent.first?.request)
        #expect(
            String(decoding: request.body ?? [], as: UTF8.self)
                == #"{"query":"query User($id: ID!, $first: Int, $all: Boolean!, $tags: [String!]) { user(id: $id) { name } }","variables":{"id":"7","first":10,"tags":["a"],"all":true}}"#
        )
    }
}
