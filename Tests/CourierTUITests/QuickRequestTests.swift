import CourierCore
import Testing

@testable import CourierTUI

/// A quick request (`n`): method and URL typed in the form, sent as a route would be, guarded
/// as one, remembered, and saved as a route with Ctrl-S.
@Suite("A quick request: method and URL typed")
struct QuickRequestTests {
    /// `n` pressed, the URL field focused and set to `url`, the method to `method`.
    static func typed(method: String = "GET", url: String, body: String? = nil) -> AppState {
        var state = Fixtures.state(width: 100, height: 30)
        state.press(.char("n"))
        state.press(.ctrl("u"))
        state.type(method)
        state.press(.down, .ctrl("u"))
        state.type(url)
        if let body {
            while state.openForm?.form.fields[state.openForm?.form.focus ?? 0].section != .text { state.press(.down) }
            state.type(body)
        }
        return state
    }

    @Test("n opens an empty request; the URL typed goes under the base URL; Enter sends it as typed")
    func sendsTyped() throws {
        var state = Fixtures.state(width: 100, height: 30)
        state.press(.char("n"))
        #expect(state.focus == .request && state.openForm?.route.name == AppState.quickRequestName)
        let screen = Views.render(state).trimmedLines.joined(separator: "\n")
        #expect(screen.contains("Request · (new request)") && screen.contains("│ method        [ GET ]"), "\(screen)")
        #expect(screen.contains("│ url           [ / ]") && !screen.contains("Content-Type"), "no body, no type")
        #expect(screen.contains("GET    http://dev.test/v1/"), "\(screen)")
        state = Self.typed(url: "/users/42?full=1")
        let sent = try #require(state.press(.enter).sent.first)
        #expect(sent.request.method == .get && sent.request.url == "http://dev.test/v1/users/42?full=1")
        #expect(sent.request.body == nil && state.inFlight[sent.id]?.request.origin.routeName == "(new request)")
        #expect(sent.request.headers.contains { $0.name == "Authorization" }, "the environment's headers go too")
    }

    @Test("a method typed in lower case, a body, a whole URL; a write to the protected one's URL asks first")
    func guarded() throws {
        var state = Self.typed(method: "post", url: "https://other.test/hook", body: #"{"a": 1}"#)
        let sent = try #require(state.press(.enter).sent.first)
        #expect(sent.request.method == .post && sent.request.url == "https://other.test/hook")
        #expect(sent.request.body == Array(#"{"a": 1}"#.utf8))

        state = Self.typed(method: "DELETE", url: "https://prod.test/users/42")
        #expect(state.press(.enter).sent.isEmpty)
        #expect(state.modal?.dialog is ConfirmDialog)
        #expect(Views.render(state).trimmedLines.joined().contains("production is a protected environment."))
    }

    @Test("what was typed comes back with the session; Ctrl-S saves it as a route, the path made relative")
    func remembersAndSaves() throws {
        var state = Self.typed(method: "PUT", url: "http://dev.test/v1/users/7")
        let saved = state.requestPane.savedValues[AppState.quickRequestName] ?? [:]
        #expect(saved["method.method"] == "PUT" && saved["url.url"] == "http://dev.test/v1/users/7")
        var later = Fixtures.state(session: SessionState(fields: [AppState.quickRequestName: saved]))
        later.press(.char("n"))
        #expect(later.openForm?.route.path == "http://dev.test/v1/users/7" && later.openForm?.route.method == .put)

        state.press(.ctrl("s"))
        let dialog = try #require(state.modal?.dialog as? TextEntryDialog)
        #expect(dialog.text.isEmpty, "a quick request has no name to offer")
        state.type("users.replace")
        let effects = state.press(.enter)
        guard case .saveRoute(let route, let replacing)? = effects.first else {
            Issue.record("no save: \(effects)")
            return
        }
        #expect(route.name == "users.replace" && route.method == .put && route.path == "/users/7" && replacing == nil)
        #expect(route.text == nil, "an empty body is not saved")
    }
}
