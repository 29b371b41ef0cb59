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
}
