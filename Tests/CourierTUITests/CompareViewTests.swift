import CourierCore
import Testing

@testable import CourierTUI

/// The run view's compare mode: a run on two environments, a row per route with its verdict,
/// both statuses and times, Enter on a row opens the diff view.
@Suite("Compare runs on the screen")
struct CompareViewTests {
    /// A route's result on `environment`, answering `body` with `status`.
    static func result(_ route: Route, _ environment: String, status: Int = 200, body: String, ms: Double = 12)
        -> RouteRun
    {
        let request = HTTPRequest(method: route.method, url: "http://\(environment).test\(route.path)")
        var response = Fixtures.response(body, status: status)
        response.totalTime = ms / 1000
        let exchange = Exchange(
            request: request, response: response,
            origin: ExchangeOrigin(
                environmentName: environment, routeName: route.name, secretValues: ["dev-secret", "prod-secret"]))
        return RouteRun(route: route.name, method: route.method, url: request.url, outcome: .passed, exchange: exchange)
    }

    /// A state whose run view compares the default selection on development and production,
    /// every result in.
    static func compared(width: Int = 100, height: Int = 30) throws -> (AppState, Int) {
        var state = RunViewTests.state(width: width, height: height)
        state.press(.char("R"))
        let effects = state.press(.char("c"), .char("2"))
        let (id, request) = try #require(RunViewTests.started(effects))
        let routes = request.routes
        for (side, environment) in ["development", "production"].enumerated() {
            _ = state.update(
                .compareProgress(
                    id: id, side: side, result(routes[0], environment, body: #"{"users":[]}"#, ms: side == 0 ? 12 : 14))
            )
            _ = state.update(
                .compareProgress(
                    id: id, side: side,
                    result(
                        routes[1], environment,
                        body: side == 0 ? #"{"city":"Madrid","token":"dev-secret"}"# : #"{"city":"Paris","token":"x"}"#,
                        ms: side == 0 ? 9 : 75)))
            let skipped = RouteRun(
                route: routes[2].name, method: .post, url: "/users", outcome: .skipped("protected: not sent"))
            _ = state.update(
                .compareProgress(
                    id: id, side: side, side == 1 ? skipped : result(routes[2], environment, status: 201, body: "{}")))
        }
        return (state, id)
    }

    @Test("c in the run picker, then an environment: both sides run, unconfirmed, the rows compare as they fill")
    func compare() throws {
        var state = RunViewTests.state()
        state.press(.char("R"))
        // WHEN c is pressed on the default selection, THEN the environment picker opens for it
        state.press(.char("c"))
        #expect(state.modal == Modal(ComparePicker(selection: nil)))
        // WHEN production (2) is picked
        let effects = state.press(.char("2"))
        let (_, request) = try #require(RunViewTests.started(effects))
        // THEN one request runs both sides, writes unconfirmed, and the view is in compare mode
        #expect(request.environment.name == "development" && request.compareWith?.name == "production")
        #expect(!request.confirmed)
        #expect(state.run?.other == "production" && state.modal == Modal(RunDialog()))

        let (done, id) = try Self.compared()
        let rows = try #require(done.run?.rows)
        #expect(rows[0].comparison?.verdict == .same)
        #expect(rows[1].comparison?.verdict == .different)
        // Secrets are masked in what the row shows.
        #expect(rows[1].comparison?.differences.map(\.description).joined().contains("dev-secret") == false)
        if case .skipped = rows[2].comparison?.verdict {} else { Issue.record("a write is skipped on production") }
        #expect(done.run?.done == 3 && done.run?.summary == nil)
        // WHEN both sides end, THEN the comparison's summary line is shown
        var finished = done
        for side in 0...1 {
            _ = finished.update(
                .compareFinished(
                    id: id, side: side,
                    EnvironmentRun(
                        environment: side == 0 ? "development" : "production", baseURL: "",
                        routes: rows.compactMap { side == 0 ? $0.result : $0.otherResult })))
        }
        #expect(
            finished.run?.summary?.hasPrefix(
                "development | production: 3 routes: 1 same, 1 different, 0 trouble, 1 skipped")
                == true, "\(finished.run?.summary ?? "")")
        #expect(finished.status?.isError == true)
    }

    @Test("Enter on a compared row opens the diff view of its two exchanges; on a skipped one, says why not")
    func enterOpensDiff() throws {
        var (state, _) = try Self.compared()
        state.press(.down)
        state.press(.enter)
        guard case .dialog(let modal) = state.mode, let diff = modal.dialog as? DiffDisplay else {
            Issue.record("expected the diff view")
            return
        }
        #expect(
            diff.route == "users.show" && diff.leftTitle == "development · 200" && diff.rightTitle == "production · 200"
        )
        #expect(diff.differences.first?.place == "json city")
        var (skipped, _) = try Self.compared()
        skipped.press(.down, .down)
        skipped.press(.enter)
        #expect(skipped.status?.text == "users.create: no response on both sides to compare")
    }

    @Test("the same environment on both sides is refused with a line")
    func sameEnvironment() {
        var state = RunViewTests.state()
        state.press(.char("R"))
        let effects = state.press(.char("c"), .char("1"))
        #expect(RunViewTests.started(effects) == nil)
        #expect(state.status?.text == "compare with another environment than development")
    }
}
