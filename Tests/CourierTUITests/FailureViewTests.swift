import CourierCore
import Foundation
import Testing

@testable import CourierTUI

@Suite("A failed request in the Response pane")
struct FailureViewTests {
    /// users.index answered 200, then sent again and failed with `error`.
    private func failedAfterSuccess(_ error: TransportError, width: Int = 100, height: Int = 30) throws -> AppState {
        var state = Fixtures.state(width: width, height: height)
        state.press(.enter)
        try state.sendAndAnswer(Fixtures.response("[1]"))
        #expect(state.response?.status == 200)
        let id = try #require(state.press(.enter).sent.first?.id)
        _ = state.update(.response(id: id, result: .failure(error)))
        return state
    }

    @Test(
        "the failure takes the pane: what, where, why (masked) and a hint; the status bar keeps its line",
        arguments: [
            (
                TransportError.connection(
                    url: "http://dev.test/v1/users?token=dev-secret", reason: "connection refused"),
                "Could not connect", "is the server running?"
            ),
            (
                .connection(url: "http://dev.test/v1/users", reason: "cannot resolve the host name"),
                "Could not connect", "check the host in the environment's base_url"
            ),
            (
                .timeout(seconds: 30, url: "http://dev.test/v1/users", phase: .head), "Timed out",
                "raise the environment's timeout"
            ),
            (.tls(url: "https://dev.test/v1/users", reason: "certificate expired"), "TLS failure", "tls.ca_file"),
        ])
    func failureShown(error: TransportError, what: String, hint: String) throws {
        let state = try failedAfterSuccess(error)
        #expect(state.response == nil)
        let failure = try #require(state.failure)
        #expect(failure.what == what && failure.routeName == "users.index" && failure.environmentName == "development")
        #expect(failure.hint?.contains(hint) == true)
        #expect(
            !failure.detail.contains("dev-secret")
                && failure.detail == state.status?.text.split(separator: ": ", maxSplits: 1).last.map(String.init))
        #expect(state.status?.isError == true)
    }

    @Test("the next answer replaces the failure; an older answer or failure never replaces a newer one")
    func ordering() throws {
        var state = try failedAfterSuccess(.connection(url: "http://dev.test/v1/users", reason: "connection refused"))
        try state.sendAndAnswer(Fixtures.response("[2]"))
        #expect(state.failure == nil && state.response?.status == 200)
        // Two requests out; the newer answers first, then the older fails.
        let older = try #require(state.press(.enter).sent.first?.id)
        let newer = try #require(state.press(.enter).sent.first?.id)
        state.answer(newer, with: Fixtures.response("[3]"))
        _ = state.update(
            .response(id: older, result: .failure(.timeout(seconds: 1, url: "http://dev.test", phase: .head))))
        #expect(state.failure == nil && state.response?.requestID == newer)
    }

    @Test("a request that cannot be built (an unknown variable) is shown as not sent, naming it")
    func notSent() throws {
        var state = Fixtures.state()
        state.press(.enter)
        try state.sendAndAnswer(Fixtures.response("[1]"))
        state.press(.escape, .down, .enter, .ctrl("u"))
        state.type("{{nope}}")
        #expect(state.press(.enter).sent.isEmpty)
        let failure = try #require(state.failure)
        #expect(failure.what == "Not sent" && failure.routeName == "users.show")
        #expect(failure.detail.contains("unknown variable '{{nope}}'") && !failure.detail.contains("--var"))
        #expect(state.response == nil)
    }

    @Test("80×24: the whole message wraps inside the pane, with the hint and where the last answer went")
    func rendered() throws {
        let url = "http://dev.test/v1/users?city=Madrid&token=dev-secret&page=1&per_page=100&sort=name"
        let state = try failedAfterSuccess(.connection(url: url, reason: "connection refused"), width: 80, height: 24)
        let screen = Views.render(state).trimmedLines
        let text = screen.joined(separator: "\n")
        #expect(screen.contains { $0.contains("Response ── ✗ Could not connect ─") })
        #expect(text.contains("users.index @ development"))
        // The pane's rows, read left to right and top to bottom, hold the whole masked message.
        let pane = screen.compactMap { row in row.range(of: "││ ").map { String(row[$0.upperBound...].dropLast()) } }
        let detail =
            "could not connect to \(url.replacingOccurrences(of: "dev-secret", with: "••••••")): connection refused"
        #expect(pane.joined().filter { !$0.isWhitespace }.contains(detail.filter { !$0.isWhitespace }))
        #expect(text.contains("hint: is the server running?"))
        #expect(text.contains("The answer shown before stays in history (H)."))
        #expect(!text.contains("dev-secret") && !text.contains("200 OK"))
    }
}
