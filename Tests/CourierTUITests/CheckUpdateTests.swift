import CourierCore
import Testing

@testable import CourierTUI

/// Checks and captures on the screen: results reach the Response pane, captured values feed
/// later requests to the same environment only.
@Suite("Checks and captures on the screen")
struct CheckUpdateTests {
    @Test("a capture feeds later requests to its environment, and the status bar says so")
    func captureFeedsLaterRequests() throws {
        // GIVEN development, with users.create capturing the new id as `created`
        var state = Fixtures.state()
        state.press(.down, .down, .enter)
        // WHEN it is sent and answered
        try state.sendAndAnswer(Fixtures.response("{\"id\":43}", status: 201))
        // THEN the value is kept for development, and said
        #expect(state.captured["development"] == ["created": "43"])
        #expect(state.status == AppState.StatusLine(text: "captured created for development", isError: false))
        // AND a later request can use it, while production cannot
        let context = state.builder.context(
            environment: state.environment, input: RequestInput(), captured: state.captured["development"] ?? [:])
        #expect(try Template.render("/users/{{created}}", in: context) == "/users/43")
        #expect(state.captured["production"] == nil)
    }

    @Test("results reach the Response pane: tally, and each failure with what came")
    func resultsShown() throws {
        // GIVEN users.show in development (city Madrid)
        var state = Fixtures.state()
        state.press(.down, .enter)
        // WHEN it comes back with a 404
        try state.sendAndAnswer(Fixtures.response("{\"error\":\"no user\"}", status: 404))
        // THEN
        let response = try #require(state.response)
        #expect(response.checkTally == CheckTally(passed: 0, total: 2))
        #expect(
            response.failureLines == [
                "✗ status == 200", "  got 404",
                "✗ json address.city == \"{{city}}\"", "  json address.city not found",
            ])
        #expect(response.headerRowCount == 5 && response.isFailure(0) && !response.isFailure(4))
        // AND the cursor starts on the failures, and headers follow them when shown
        state.press(.tab, .char("h"))
        #expect(state.response?.line(5) == "Content-Type: application/json")
    }

    @Test(
        "a body printed ahead by the runtime is shown as given, and reads the same as one printed here",
        arguments: ["{\"id\":42,\"tags\":[\"a\",{}]}", "[1, 2.5e3, null]", "{\"broken\":", "plain text"])
    func printedAhead(body: String) throws {
        let response = Fixtures.response(body)
        let exchange = Exchange(
            request: HTTPRequest(method: .get, url: "http://x/"), response: response, origin: ExchangeOrigin())
        let printed = ResponseDisplay.printedJSON(of: response)
        #expect((printed != nil) == ((try? JSONValue.parse(Array(body.utf8))) != nil))
        let ahead = ResponseDisplay(requestID: 1, exchange: exchange, jsonPath: nil, printed: printed)
        let here = ResponseDisplay(requestID: 1, exchange: exchange, jsonPath: nil)
        #expect(ahead.body == here.body && ahead.isJSON == here.isJSON)
        // The printer's own line index is the one a search for newlines gives.
        #expect(printed.map { TextDocument($0.bytes) } == printed)
        // What is handed over is used as it is, not printed again.
        let given = TextDocument(Array("{\n  \"handed\": \"over\"\n}\n".utf8))
        let shown = ResponseDisplay(requestID: 1, exchange: exchange, jsonPath: nil, printed: given)
        #expect(shown.body == given)
    }

    @Test("the check 'body is valid JSON' takes the runtime's verdict, and walks the body without one")
    func validityVerdict() {
        let plan = CheckPlan(checks: nil, context: TemplateContext())
        var broken = Exchange(
            request: HTTPRequest(method: .get, url: "http://x/"), response: Fixtures.response("{\"broken\":"),
            origin: ExchangeOrigin())
        plan.apply(to: &broken)
        #expect(broken.checks.map { $0.passed } == [true, false])
        // The verdict is taken as given, not worked out again (so the same bytes vouched for pass).
        var vouched = broken
        plan.apply(to: &vouched, bodyIsJSON: true)
        #expect(vouched.checks.map { $0.passed } == [true, true])
    }
}
