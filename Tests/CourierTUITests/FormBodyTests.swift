import CourierCore
import Testing

@testable import CourierTUI

/// A route with a `form` body on the screen: one field per form field, repeats kept apart,
/// what is typed sent as the form.
@Suite("Form bodies in the Request pane")
struct FormBodyTests {
    static let route = Route(name: "login", method: "POST", path: "/login")

    static var formRoute: Route {
        var route = Self.route
        route.form = [QueryItem("user", "ana"), QueryItem("tag", "a"), QueryItem("tag", "b")]
        return route
    }

    @Test("one field per form field, remembered apart when a name repeats, sent as the whole form")
    func fields() throws {
        var form = RequestForm(route: Self.formRoute, saved: ["form.tag#1": "kept"])
        #expect(form.fields.map(\.key) == ["form.user", "form.tag", "form.tag#1"])
        #expect(form.fields.map(\.value) == ["ana", "a", "kept"])
        #expect(
            try form.input().form == [QueryItem("user", "ana"), QueryItem("tag", "a"), QueryItem("tag", "kept")])
        form.clearToStart()
        form.insert("b")
        form.insert("o")
        #expect(try form.input().form?.first == QueryItem("user", "bo"))
        #expect(form.savedValues == ["form.user": "bo", "form.tag": "a", "form.tag#1": "kept"])
        #expect(try RequestForm(route: Self.route).input().form == nil)
    }

    @Test("the Request pane shows the form fields under 'form', after the header row")
    func screen() throws {
        let workspace = Workspace(
            environments: [Environment(name: "dev", baseURL: "http://dev.test")], routes: [Self.formRoute])
        var state = AppState(workspace: workspace, processEnvironment: [:], width: 80, height: 24)
        state.press(.enter)
        let lines = Views.render(state).trimmedLines
        let header = try #require(lines.firstIndex { $0.contains(" header (none)") })
        #expect(lines[header + 1].contains(" form   user [ ana"))
        #expect(lines[header + 2].contains(" form   tag  [ a"))
        #expect(lines[header + 3].contains(" form   tag  [ b"))
    }
}
