import CourierCore
import Foundation
import Testing

@testable import CourierTUI

/// The screen and its workspace file: a pasted curl command, the form saved as a route, and
/// the file changing on disk (DESIGN.md §9).
@Suite("Workspace edits on the screen")
struct WorkspaceEditTests {
    /// The state with `users.show` open in the form and the Request pane focused.
    private func showOpen() -> AppState {
        var state = Fixtures.state()
        state.press(.down, .enter)
        return state
    }

    private func importEffect(_ effects: [Effect]) -> String? {
        for case .importCurl(let command) in effects { return command }
        return nil
    }

    @Test(
        "I opens the paste dialog; Enter after a trailing \\ or in an open quote starts a line; a whole command is imported"
    )
    func paste() {
        var state = Fixtures.state()
        state.press(.char("I"))
        #expect(state.mode == .dialog(Modal(TextEntryDialog(.pasteCurl))))
        state.type("curl 'http://x.test/a' \\")
        #expect(state.press(.enter).isEmpty)
        state.type("  -H 'A: b")
        #expect(state.press(.enter).isEmpty, "an open quote goes on")
        state.type("c'")
        state.press(.backspace)
        state.type("'")
        let effects = state.press(.enter)
        #expect(importEffect(effects) == "curl 'http://x.test/a' \\\n  -H 'A: b\nc'")
        state.press(.ctrl("u"))
        #expect(state.mode == .dialog(Modal(TextEntryDialog(.pasteCurl))))
        state.press(.escape)
        #expect(state.mode == .normal)
    }

    @Test("a failed import keeps the text and shows why; a written one opens the route in the form")
    func written() throws {
        var state = Fixtures.state()
        state.press(.char("I"))
        state.type("wget x")
        _ = state.update(.workspaceWritten(.failure(ImportError("not a curl command: it starts with 'wget'"))))
        #expect(
            state.mode
                == .dialog(
                    Modal(
                        TextEntryDialog(.pasteCurl, text: "wget x", error: "not a curl command: it starts with 'wget'"))
                ))
        let lines = Views.render(state).trimmedLines.joined(separator: "\n")
        #expect(lines.contains("Paste a curl command") && lines.contains("wget x▏"))
        #expect(lines.contains("not a curl command: it starts with 'wget'"))

        var workspace = Fixtures.workspace
        workspace.routes.append(Route(name: "get.a", method: .get, path: "/a", query: [QueryItem("q", "1")]))
        _ = state.update(.workspaceWritten(.success(WrittenRoute(workspace: workspace, route: "get.a"))))
        #expect(state.mode == .normal && state.focus == .request)
        #expect(state.openForm?.route.name == "get.a" && state.routeList.selected?.name == "get.a")
        #expect(state.status?.text.hasPrefix("saved 'get.a'") == true)
    }

    @Test(
        "a pasted command for another environment's host makes it active, and the status says where its credential is")
    func pastedElsewhere() throws {
        var state = Fixtures.state()
        #expect(state.environment.name == "development")
        state.press(.char("I"))
        state.type("curl -H 'Authorization: Bearer abc123' https://prod.test/a")
        var workspace = Fixtures.workspace
        workspace.routes.append(Route(name: "get.a", method: .get, path: "/a"))
        workspace.environments[1].variables["token_2"] = "abc123"
        let effects = state.update(
            .workspaceWritten(
                .success(
                    WrittenRoute(
                        workspace: workspace, route: "get.a", environment: "production",
                        notes: ["credential: 'token_2' of production (secret)"]))))
        #expect(state.environment.name == "production" && effects.contains(.saveSession))
        #expect(state.openForm?.route.name == "get.a")
        #expect(
            state.status?.text
                == "saved 'get.a'; environment: production (protected); credential: 'token_2' of production (secret); in "
                + workspace.file)
        // The same environment: nothing switches, nothing said about it.
        _ = state.update(
            .workspaceWritten(.success(WrittenRoute(workspace: workspace, route: "get.a", environment: "production"))))
        #expect(state.status?.text == "saved 'get.a'; in " + workspace.file)
    }

    @Test(
        "Ctrl-S saves the form into the open route under its name, or as a new route; another route's name is refused")
    func save() throws {
        var state = showOpen()
        state.press(.ctrl("u"))
        state.type("7")
        state.press(.ctrl("s"))
        #expect(state.mode == .dialog(Modal(TextEntryDialog(.saveRoute, text: "users.show"))))
        let into = state.press(.enter)
        guard case .saveRoute(let route, let replacing)? = into.first else {
            Issue.record("no save: \(into)")
            return
        }
        #expect(replacing == "users.show" && route.params == ["id": "7"] && route.checks == Fixtures.showRoute.checks)

        state.press(.ctrl("u"))
        state.type("users.create")
        #expect(state.press(.enter).isEmpty)
        #expect(
            state.mode
                == .dialog(
                    Modal(
                        TextEntryDialog(
                            .saveRoute, text: "users.create",
                            error: "a route named 'users.create' exists; choose another name")))
        )
        state.press(.ctrl("u"))
        state.type("users.seven")
        guard case .saveRoute(let copy, nil)? = state.press(.enter).first else {
            Issue.record("no new route")
            return
        }
        #expect(copy.name == "users.seven" && copy.path == "/users/:id" && copy.params == ["id": "7"])
    }

    @Test("a saved route's checks expect what its fields now send, not the templates they replaced")
    func savedChecks() throws {
        var search = Route(name: "search", method: .get, path: "/search", query: [QueryItem("q", "{{term}}")])
        search.checks = [try CheckParser.check("json query == \"{{term}}\""), try CheckParser.check("status == 200")]
        var environment = Environment(name: "dev", baseURL: "http://dev.test")
        environment.variables = ["term": "shoes"]
        let workspace = Workspace(environments: [environment], routes: [search])
        var state = AppState(workspace: workspace, processEnvironment: [:], width: 100, height: 30)
        state.press(.enter, .ctrl("u"))
        state.type("say \"hi\"")
        state.press(.ctrl("s"), .ctrl("u"))
        state.type("search.hi")
        guard case .saveRoute(let saved, nil)? = state.press(.enter).first else {
            Issue.record("no new route")
            return
        }
        #expect(saved.query == [QueryItem("q", "say \"hi\"")])
        #expect(saved.checks?.map(\.source) == [#"json query == "say \"hi\"""#, "status == 200"])
        // A check that cannot take the value stays as it was; one that reads no replaced template too.
        let form = try #require(state.openForm?.form)
        #expect(
            RequestForm.check(try CheckParser.check("status == 200"), reading: ["{{term}}": "x"]).source
                == "status == 200")
        #expect(form.typedOverTemplates(search) == ["{{term}}": "say \"hi\""])
    }

    @Test("the save dialog says a typed name is taken before Enter, not that it adds a route")
    func takenName() throws {
        var state = showOpen()
        state.press(.ctrl("s"), .ctrl("u"))
        state.type("users.create")
        var text = Views.render(state).trimmedLines.joined(separator: "\n")
        #expect(
            text.contains("a route named 'users.create' exists; choose another name")
                && !text.contains("adds a new route"))
        state.press(.enter)
        text = Views.render(state).trimmedLines.joined(separator: "\n")
        #expect(text.components(separatedBy: "a route named 'users.create' exists").count == 2, "said once")
        state.press(.ctrl("u"))
        state.type("users.eight")
        #expect(Views.render(state).trimmedLines.contains { $0.contains("adds a new route to") })
    }

    @Test("the file changed: typed values, the environment and the open route stay; changed defaults come in")
    func reload() throws {
        var state = showOpen()
        state.press(.ctrl("u"))
        state.type("9")
        _ = state.update(.key(.escape))
        state.press(.char("e"), .down, .enter)
        #expect(state.environment.name == "production")

        var edited = Fixtures.workspace
        edited.environments.insert(Environment(name: "staging", baseURL: "http://staging.test"), at: 0)
        edited.routes[0].query = [QueryItem("city", "Sevilla")]
        edited.routes[1].params = ["id": "1"]
        edited.routes[1].query = [QueryItem("expand", "address")]
        _ = state.update(.workspaceChanged(.success(edited)))
        #expect(state.environment.name == "production")
        let form = try #require(state.openForm?.form)
        #expect(form.fields.map(\.value) == ["9", "address"], "the typed id stays; the new query default comes in")
        #expect(state.status?.text.contains("read again") == true)

        edited.routes.remove(at: 1)
        _ = state.update(.workspaceChanged(.success(edited)))
        #expect(state.openForm == nil)
        #expect(state.requestPane.savedFields["users.show"]?["path.id"] == "9")
    }

    @Test("a file that no longer loads is named in the status bar, and the last good workspace stays")
    func broken() {
        var state = showOpen()
        let error = WorkspaceError.invalid(
            file: "environments.json", keyPath: "routes[0].method", message: "'G T' is not an HTTP method")
        _ = state.update(.workspaceChanged(.failure(error)))
        #expect(state.workspace == Fixtures.workspace && state.openForm?.route.name == "users.show")
        #expect(state.status?.isError == true)
        #expect(
            state.status?.text
                == "environments.json: routes[0].method: 'G T' is not an HTTP method (the last good workspace stays)")
    }
}
