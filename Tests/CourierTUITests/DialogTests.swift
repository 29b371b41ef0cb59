import CourierCore
import Testing

@testable import CourierTUI

/// Dialogs as components: each holds its state, keys, update and view; the registry and the
/// keymap are made of them. The captured-values list (`V`) is the one added that way.
@Suite("Dialogs as components")
struct DialogTests {
    @Test("every registered dialog has a scope of its own, and keys bound in it")
    func registry() {
        let ids = DialogRegistry.all.map { ObjectIdentifier($0) }
        #expect(Set(ids).count == ids.count)
        for type in DialogRegistry.all {
            let bound = type.keys.flatMap(\.bindings).filter { $0.scope == type.scope }
            #expect(!bound.isEmpty, "\(type) binds no key in its own scope")
            #expect(DialogRegistry.type(ObjectIdentifier(type)).map { ObjectIdentifier($0) } == ObjectIdentifier(type))
        }
        let scopes = DialogRegistry.all.map { $0.scope }
        #expect(Set(scopes).count == scopes.count)
    }

    @Test("V lists every variable of the active environment with its source, secrets and captures masked; c copies one")
    func variables() {
        var state = Fixtures.state()
        state.captured["development"] = ["created": "43", "session": "tok-3f9a-secret"]
        state.captured["production"] = ["created": "99"]
        state.press(.char("V"))
        let list = state.modal?.dialog as? VariableList
        #expect(list?.environment == "development")
        #expect(list?.variables.map(\.name) == ["city", "created", "session", "token"])
        #expect(list?.variables.map(\.source) == ["env", "captured ← users.create", "captured", "env"])
        #expect(list?.notYetCaptured.isEmpty == true)
        let screen = Views.render(state).trimmedLines.joined(separator: "\n")
        #expect(screen.contains("Variables · development (4)"))
        #expect(screen.contains("city     Madrid") && screen.contains("token    •••• 10 chars"))
        #expect(
            screen.contains("session  •••• 15 chars") && !screen.contains("tok-3f9a-secret")
                && !screen.contains("dev-secret"))
        // WHEN c on the third row THEN its value goes to the clipboard and the status bar says whose
        let copied = state.press(.down, .down, .char("c"))
        #expect(copied == [.copy(text: "tok-3f9a-secret")])
        #expect(state.status?.text == "copied the value of session" && state.modal != nil)
        state.press(.escape)
        #expect(state.modal == nil)
    }

    @Test("V names the routes that would capture what is not captured yet; with no variable at all it says so")
    func capturesEmpty() {
        var state = Fixtures.state()
        state.press(.char("V"))
        let screen = Views.render(state).trimmedLines.joined(separator: "\n")
        #expect(screen.contains("not captured yet for development") && screen.contains("created ← users.create"))
        var workspace = Fixtures.workspace
        workspace.routes = workspace.routes.map { route in
            var route = route
            route.captures = []
            return route
        }
        workspace.environments = workspace.environments.map { environment in
            var environment = environment
            environment.variables = [:]
            return environment
        }
        var bare = AppState(workspace: workspace, processEnvironment: [:])
        bare.press(.char("V"))
        #expect(bare.modal == nil)
        #expect(bare.status?.text == "development has no variables and no route captures one")
    }

    @Test("a dialog's outcome is applied by the app: stay keeps its new state, close and a request")
    func outcomes() {
        var state = Fixtures.state()
        state.press(.char("e"), .down)
        #expect(state.modal == Modal(EnvironmentSwitcher(cursor: ListCursor(1))))
        state.press(.enter)
        #expect(state.modal == nil && state.environment.name == "production")
        #expect(state.status?.text == "environment: production (protected)")
    }
}

/// Panes as components: one protocol, one signature, and a key reaches the focused pane only.
@Suite("Panes as components")
struct PaneComponentTests {
    @Test("each pane type says which pane it is, and the key table holds every pane's rows")
    func panes() {
        let types: [any PaneComponent.Type] = [
            EnvironmentList.self, RouteList.self, RequestPane.self, ResponseDisplay.self,
        ]
        #expect(types.map { $0.pane } == Pane.allCases)
        let rows = Keymap.standard.rows
        for type in types { #expect(type.keys.allSatisfy(rows.contains), "\(type)'s keys are not in the table") }
    }

    @Test("a move reaches the focused pane and no other")
    func focusedOnly() {
        var state = Fixtures.state()
        state.press(.backTab, .char("j"))
        #expect(state.focus == .environments && state.environmentList.cursor.index == 1)
        #expect(state.routeList.cursor.index == 0)
        state.press(.tab, .char("j"), .char("j"))
        #expect(state.routeList.cursor.index == 2 && state.environmentList.cursor.index == 1)
    }
}
