import CourierCore
import Foundation
import Testing

@testable import CourierTUI

/// The check run on the screen, driven through `update` as the runtime would drive it.
@Suite("Check runs on the screen")
struct RunViewTests {
    /// The fixture workspace with a `smoke` run over `users.*`.
    static func state(environment: String = "development", width: Int = 100, height: Int = 30) -> AppState {
        var workspace = Fixtures.workspace
        workspace.runs = [NamedRun(name: "smoke", patterns: ["users.*"])]
        return AppState(
            workspace: workspace, processEnvironment: [:], session: SessionState(environment: environment),
            width: width, height: height)
    }

    /// The run request of the effects, if one was started.
    static func started(_ effects: [Effect]) -> (id: Int, request: RunRequest)? {
        for case .startRun(let id, let request) in effects { return (id, request) }
        return nil
    }

    /// A route's result as the runner reports it.
    static func result(_ route: Route, status: Int, outcome: RouteRun.Outcome, checks: [CheckResult] = []) -> RouteRun {
        let request = HTTPRequest(method: route.method, url: "http://dev.test/v1\(route.path)")
        var exchange = Exchange(
            request: request, response: Fixtures.response("{\"id\":42}", status: status),
            origin: ExchangeOrigin(environmentName: "development", routeName: route.name), checks: checks)
        if route.name == "users.create" { exchange.captured = ["created": "43"] }
        return RouteRun(
            route: route.name, method: route.method, url: request.url, outcome: outcome, checks: checks,
            exchange: exchange)
    }

    @Test("R picks a run, the rows fill in as results arrive, the summary ends it, R shows it again")
    func runFillsIn() throws {
        // GIVEN development and a workspace with a smoke run
        var state = Self.state()
        // WHEN R is pressed, THEN the picker offers the default selection and smoke
        state.press(.char("R"))
        #expect(state.modal == Modal(RunPicker()))
        // WHEN smoke is picked
        let effects = state.press(.down, .enter)
        let (id, request) = try #require(Self.started(effects))
        // THEN only its safe routes and those with checks or captures run (users.create captures), unconfirmed
        #expect(request.routes.map(\.name) == ["users.index", "users.show", "users.create"])
        #expect(request.environment.name == "development" && !request.confirmed && request.input.language == "en")
        #expect(state.modal == Modal(RunDialog()) && state.run?.rows.map(\.route) == request.routes.map(\.name))
        #expect(state.run?.isRunning == true && state.run?.done == 0)

        // WHEN results arrive
        let routes = request.routes
        _ = state.update(.runProgress(id: id, Self.result(routes[0], status: 200, outcome: .passed)))
        let failure = CheckResult(check: "status == 200", passed: false, message: "got 500")
        _ = state.update(.runProgress(id: id, Self.result(routes[1], status: 500, outcome: .failed, checks: [failure])))
        _ = state.update(.runProgress(id: id, Self.result(routes[2], status: 201, outcome: .passed)))
        // THEN rows fill in, and captures reach the session
        #expect(state.run?.done == 3)
        #expect(state.captured["development"] == ["created": "43"])
        // WHEN the run ends, THEN the summary is shown and said
        let summary = EnvironmentRun(
            environment: "development", baseURL: "", routes: state.run?.rows.compactMap(\.result) ?? [], duration: 0.5)
        _ = state.update(.runFinished(id: id, summary))
        #expect(state.run?.summary?.hasPrefix("development: 3 routes, 1 check: 0 passed, 1 failed") == true)
        #expect(state.status?.isError == true)
        // AND a late message from another run changes nothing
        _ = state.update(.runFinished(id: id + 99, EnvironmentRun(environment: "x", baseURL: "")))
        #expect(state.run?.summary?.hasPrefix("development") == true)

        // WHEN Esc closes it and R is pressed again, THEN the same run is shown
        state.press(.escape)
        #expect(state.mode == .normal)
        #expect(state.press(.char("R")).isEmpty && state.modal == Modal(RunDialog()) && state.run?.id == id)
    }

    @Test("Enter opens a row's exchange in the Response pane with its request line and failed checks")
    func openExchange() throws {
        var state = Self.state()
        state.press(.char("R"))
        let (id, request) = try #require(Self.started(state.press(.enter)))
        let failure = CheckResult(check: "status == 200", passed: false, message: "got 500")
        _ = state.update(
            .runProgress(id: id, Self.result(request.routes[0], status: 500, outcome: .failed, checks: [failure])))
        state.press(.enter)
        #expect(state.mode == .normal && state.focus == .response)
        let response = try #require(state.response)
        #expect(response.line(0) == "GET http://dev.test/v1/users" && response.isRequestLine(0))
        #expect(response.line(1) == "✗ status == 200" && response.line(2) == "  got 500" && response.isFailure(1))
        #expect(response.checkTally == CheckTally(passed: 0, total: 1))
        // It can be compared with another environment like any response.
        state.press(.char("d"))
        #expect(state.modal == Modal(DiffPicker(cursor: ListCursor(1))))
        state.press(.escape)
        // A row without a response says so.
        state.press(.char("R"), .down)
        state.press(.enter)
        #expect(state.status?.text == "no response for this route" && state.modal == Modal(RunDialog()))
    }

    @Test(
        "Enter on a row opens that row's route in the Request pane too; Esc from the run view returns focus to Routes")
    func routeFollows() throws {
        var state = Self.state()
        state.press(.down, .down, .enter)
        #expect(state.openRoute == "users.create")
        state.press(.escape)
        #expect(state.focus == .routes)
        state.press(.char("R"))
        let (id, request) = try #require(Self.started(state.press(.enter)))
        _ = state.update(.runProgress(id: id, Self.result(request.routes[1], status: 200, outcome: .passed)))
        // Esc from the run view: focus is where it was, so / filters routes.
        state.press(.escape)
        #expect(state.focus == .routes)
        state.press(.char("R"), .down, .enter)
        #expect(state.response?.line(0) == "GET http://dev.test/v1/users/:id")
        #expect(state.openRoute == "users.show" && state.routeList.selected?.name == "users.show")
        // Enter in the form sends the route on screen.
        state.press(.tab, .tab, .tab)
        #expect(state.focus == .request)
        #expect(state.press(.enter).sent.first?.request.url.hasSuffix("/users/42") == true)
    }

    @Test("Esc while running cancels the rest; r picks another run")
    func cancelAndRerun() throws {
        var state = Self.state()
        state.press(.char("R"))
        let (id, _) = try #require(Self.started(state.press(.enter)))
        #expect(state.press(.escape) == [.cancel(id: id)])
        #expect(state.modal == Modal(RunDialog()))
        #expect(state.press(.char("r")).isEmpty && state.modal == Modal(RunPicker()))
    }

    @Test("a protected environment asks once, naming every mutating route; n runs the rest, Esc nothing")
    func protectedAsksOnce() throws {
        // GIVEN production (protected)
        var state = Self.state(environment: "production")
        state.press(.char("R"), .down, .enter)
        // THEN the dialog names users.create, the one route that changes data
        guard let confirmation = state.modal?.dialog as? RunConfirmation else {
            Issue.record("expected the run confirmation, got \(String(describing: state.modal))")
            return
        }
        #expect(
            confirmation.title == "smoke" && confirmation.routes.count == 3
                && confirmation.mutating == ["users.create"])
        // WHEN n, THEN the run starts without confirmation (the runner skips users.create)
        let declined = try #require(Self.started(state.press(.char("n"))))
        #expect(!declined.request.confirmed && declined.request.routes.count == 3)
        // WHEN y instead, THEN it is confirmed
        state.press(.char("r"), .down, .enter)
        #expect(try #require(Self.started(state.press(.char("y")))).request.confirmed)
        // WHEN Esc instead, THEN nothing runs
        state.press(.char("r"), .down, .enter)
        #expect(state.press(.escape).isEmpty && state.mode == .normal)
    }

    @Test("80×24: the summary of a finished run wraps inside the box; n with no failure says so")
    func summaryFits() throws {
        var state = Self.state(width: 80, height: 24)
        state.press(.char("R"))
        let (id, request) = try #require(Self.started(state.press(.enter)))
        for route in request.routes {
            _ = state.update(.runProgress(id: id, Self.result(route, status: 200, outcome: .passed)))
        }
        let summary = EnvironmentRun(
            environment: "development", baseURL: "", routes: state.run?.rows.compactMap(\.result) ?? [], duration: 12.5)
        _ = state.update(.runFinished(id: id, summary))
        let whole = try #require(state.run?.summary)
        #expect(whole.count > 70)
        let boxed = Views.render(state).trimmedLines.compactMap { line -> String? in
            guard line.hasPrefix("│ │ ") else { return nil }
            return String(line.dropFirst(4).dropLast(4)).trimmingCharacters(in: .whitespaces)
        }
        #expect(boxed.joined(separator: " ").contains(whole), "\(boxed)")
        state.press(.char("n"))
        #expect(state.status?.text == "no route failed")
    }

    @Test("80×24: the run view, half filled in")
    func screen() throws {
        // GIVEN the smoke run on development, two of three routes answered
        var state = Self.state(width: 80, height: 24)
        state.press(.char("R"), .down)
        let (id, request) = try #require(Self.started(state.press(.enter)))
        _ = state.update(.runProgress(id: id, Self.result(request.routes[0], status: 200, outcome: .passed)))
        let failure = CheckResult(check: "json address.city == \"{{city}}\"", passed: false, message: "got \"Paris\"")
        _ = state.update(
            .runProgress(id: id, Self.result(request.routes[1], status: 200, outcome: .failed, checks: [failure])))
        // WHEN n jumps to the failure
        state.press(.char("n"))
        #expect(state.run?.cursor.index == 1)
        // THEN a row per route: passed, failed with its first failure, still waiting; under them
        // the failed row's whole reason, wrapped
        ScreenTests.expectScreen(
            state,
            [
                "┌ Environments ────────┐┌ Request ─────────────────────────────────────────────┐",
                "│▸ development         ││ Pick a route and press Enter                         │",
                "│  production        ⚠ ││                                                      │",
                "└──────────────────────┘│                                                      │",
                "┌ Routes ──────────────┐└──────────────────────────────────────────────────────┘",
                "│▸ GET  users.index    │┌ Response ────────────────────────────────────────────┐",
                "│ ┌ Check run ───────────────────────────────────────────────────────────────┐ │",
                "│ │ smoke @ development · 2/3 · running                                      │ │",
                "│ │                                                                          │ │",
                "│ │   ✓ users.index   GET    200  12 ms                                      │ │",
                "│ │ ▸ ✗ users.show    GET    200  12 ms  json address.city == \"{{city}}\": got│ │",
                "│ │   · users.create  POST                                                   │ │",
                "│ │   json address.city == \"{{city}}\": got \"Paris\"                           │ │",
                "│ │                                                                          │ │",
                "│ │ running…                                                                 │ │",
                "│ │ n next ✗ · Enter opens the exchange · Esc cancels the rest               │ │",
                "│ └──────────────────────────────────────────────────────────────────────────┘ │",
                "│                      ││                                                      │",
                "│                      ││                                                      │",
                "│                      ││                                                      │",
                "│                      ││                                                      │",
                "│                      ││                                                      │",
                "└──────────────────────┘└──────────────────────────────────────────────────────┘",
                " development  en",
            ])
    }
}
