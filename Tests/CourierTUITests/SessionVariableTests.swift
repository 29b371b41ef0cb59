import CourierCore
import Testing

@testable import CourierTUI

/// `V`, then Enter: a variable's value set for this session, over the workspace's; requests,
/// the preview and masking read it; `x` undoes it; a secret is typed unseen.
@Suite("Variables set for the session")
struct SessionVariableTests {
    /// The variable list open on `name`.
    static func listed(on name: String, state: inout AppState) throws {
        state.press(.char("V"))
        let list = try #require(state.modal?.dialog as? VariableList)
        let index = try #require(list.variables.firstIndex { $0.name == name })
        for _ in 0..<index { state.press(.down) }
    }

    @Test("Enter sets a value for this session: the list says so, requests send it; x brings the file's back")
    func setAndUndo() throws {
        var state = Fixtures.state(width: 100, height: 30)
        try Self.listed(on: "city", state: &state)
        state.press(.enter)
        let entry = try #require(state.modal?.dialog as? TextEntryDialog)
        #expect(entry.text == "Madrid" && entry.kind == .setVariable(name: "city", environment: "development"))
        state.press(.ctrl("u"))
        state.type("Lyon")
        state.press(.enter)
        #expect(state.status?.text == "city in development: set for this session (never written)")
        let list = try #require(state.modal?.dialog as? VariableList)
        #expect(list.variables[list.cursor.index].name == "city")
        #expect(list.variables[list.cursor.index].source == "set here (x undoes)")
        #expect(Views.render(state).trimmedLines.joined().contains("Lyon"))
        state.press(.escape, .enter)
        #expect(state.press(.enter).sent.first?.request.url == "http://dev.test/v1/users?city=Lyon")
        // Another environment keeps its own value; switching back finds this one again.
        #expect(state.withSession(state.workspace.environments[1]).variables["city"] == "Paris")
        // Esc cancels the request in flight, then leaves the form.
        state.press(.escape, .escape)
        try Self.listed(on: "city", state: &state)
        state.press(.char("x"))
        #expect(state.status?.text == "city in development: back to the workspace's value")
        #expect(state.sessionVariables["development"]?["city"] == nil)
        state.press(.escape, .enter)
        #expect(state.press(.enter).sent.first?.request.url == "http://dev.test/v1/users?city=Madrid")
        #expect(state.session.fields.values.allSatisfy { !$0.values.contains("Lyon") }, "never written")
    }

    @Test("a secret starts empty and is typed unseen; the new value is what is sent and what is masked")
    func secret() throws {
        var state = Fixtures.state(width: 100, height: 30)
        try Self.listed(on: "token", state: &state)
        state.press(.enter)
        #expect((state.modal?.dialog as? TextEntryDialog)?.text == "")
        state.type("n3w+/=&\"")
        let dialog = Views.render(state).trimmedLines.joined(separator: "\n")
        #expect(dialog.contains("value  ••••••••▏") && !dialog.contains("n3w"))
        state.press(.enter, .escape, .enter)
        let sent = try #require(state.press(.enter).sent.first)
        #expect(sent.request.headers.contains(HeaderField("Authorization", "Bearer n3w+/=&\"")))
        #expect(state.secretValues.contains("n3w+/=&\""))
        #expect(!Views.render(state).trimmedLines.joined().contains("n3w"))
    }
}
