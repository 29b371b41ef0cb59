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
        let header = try #require(lines.lastIndex { $0.contains(" header User-Agent") })
        #expect(lines[header + 1].contains(" form   user [ ana"))
        #expect(lines[header + 2].contains(" form   tag  [ a"))
        #expect(lines[header + 3].contains(" form   tag  [ b"))
    }

    @Test("the URL is what the path and query fields say, even while another field is wrong; that one is named")
    func previewWithInvalidField() throws {
        let search = Route(
            name: "search", method: "POST", path: "/search/:kind", query: [QueryItem("q", "hello")],
            body: .object([JSONMember("limit", .number("10"))]), params: ["kind": "all"])
        let workspace = Workspace(
            environments: [Environment(name: "dev", baseURL: "http://dev.test")], routes: [search])
        var state = AppState(workspace: workspace, processEnvironment: [:], width: 140, height: 24)
        state.press(.enter)
        #expect(state.openForm?.form.fields.map(\.key) == ["path.kind", "query.q", "body.limit"])
        state.press(.down, .down, .ctrl("u"))
        state.type("many")
        state.press(.up, .ctrl("u"))
        state.type("custom value")
        state.press(.up, .ctrl("u"))
        state.type("users")
        #expect(try state.resolvedURL?.get() == "http://dev.test/search/users?q=custom%20value")
        let urlLine = try #require(Views.render(state).trimmedLines.first { $0.contains("POST") })
        #expect(
            urlLine.contains("http://dev.test/search/users?q=custom%20value  ⚠ body field 'limit' must be a number"))
        // Sending is still refused, naming the field.
        #expect(state.press(.enter).sent.isEmpty)
    }

    static var multipartRoute: Route {
        var route = Self.route
        route.multipart = [
            MultipartField(name: "who", content: .value("ana")),
            MultipartField(name: "photo", content: .file("pics/me.png"), contentType: "image/webp", fileName: "x.webp"),
            MultipartField(name: "photo", content: .file("/abs/missing.png")),
        ]
        return route
    }

    @Test("multipart parts are fields; a file field keeps the route's type and file name with the path typed")
    func multipartFields() throws {
        var form = RequestForm(route: Self.multipartRoute, saved: ["part.photo#1": "/abs/other.png"])
        #expect(form.fields.map(\.key) == ["part.who", "part.photo", "part.photo#1"])
        #expect(form.fields.map(\.kind) == [.text, .file, .file])
        form.moveFocus(1)
        form.insert("2")
        let parts = try #require(try form.input().multipart)
        #expect(parts[0] == MultipartField(name: "who", content: .value("ana")))
        #expect(
            parts[1]
                == MultipartField(
                    name: "photo", content: .file("pics/me.png2"), contentType: "image/webp", fileName: "x.webp"))
        #expect(parts[2].content == .file("/abs/other.png"))
    }

    @Test("a file field shows its size once measured, or that it cannot be read; the runtime is asked once per path")
    func fileSizes() throws {
        let workspace = Workspace(
            environments: [Environment(name: "dev", baseURL: "http://dev.test")], routes: [Self.multipartRoute],
            baseDirectory: "/ws")
        var state = AppState(workspace: workspace, processEnvironment: [:], width: 80, height: 24)
        #expect(state.press(.enter).contains(.measureFiles(paths: ["/abs/missing.png", "/ws/pics/me.png"])))
        #expect(!state.press(.down).contains { if case .measureFiles = $0 { true } else { false } })
        var lines = Views.render(state).trimmedLines
        #expect(lines.contains { $0.contains(" part   photo [ pics/me.png") && !$0.contains("KB") })
        _ = state.update(.filesMeasured(["/ws/pics/me.png": 12_800, "/abs/missing.png": nil]))
        lines = Views.render(state).trimmedLines
        #expect(lines.contains { $0.contains(" part   photo [ pics/me.png") && $0.contains("] 12.5 KB ") })
        #expect(lines.contains { $0.contains(" part   photo [ /abs/missing.png") && $0.contains("] cannot be read ") })
    }

    @Test("a text body is one field, sent as text; a line break shows as ↵; the editor edits it raw")
    func textBody() throws {
        var route = Self.route
        route.text = "line 1\nline 2"
        var form = RequestForm(route: route)
        #expect(form.fields.map(\.key) == ["text.text"])
        #expect(try form.input().text == "line 1\nline 2")
        #expect(form.bodyText == "line 1\nline 2")
        try form.replaceBody(with: "{not json")
        #expect(try form.input().text == "{not json")

        let workspace = Workspace(environments: [Environment(name: "dev", baseURL: "http://dev.test")], routes: [route])
        var state = AppState(workspace: workspace, processEnvironment: [:], width: 80, height: 24)
        state.press(.enter)
        #expect(Views.render(state).trimmedLines.contains { $0.contains(" text   text [ line 1↵line 2") })
    }
}
