import CourierCore
import Foundation
import Testing

@testable import CourierTUI

@Suite("A request in flight in the Response pane")
struct InFlightViewTests {
    @Test("while a request is out the pane shows it, how long it waits and what came; the answer replaces it")
    func waiting() throws {
        var state = Fixtures.state(width: 100, height: 30)
        state.press(.enter)
        try state.sendAndAnswer(Fixtures.response("[1]"))
        let id = try #require(state.press(.enter).sent.first?.id)
        var text = Views.render(state).trimmedLines.joined(separator: "\n")
        #expect(text.contains("Response ── ⋯ waiting 0.0 s") && !text.contains("200 OK"))
        #expect(
            text.contains("GET http://dev.test/v1/users?city=Madrid")
                && text.contains("sending users.index to development"))
        #expect(!text.contains("users.index @ development"), "the finished title is what tmux tests wait for")
        #expect(text.contains("no answer yet"))
        _ = state.update(.progress(id: id, received: 2048, elapsed: 1.25))
        text = Views.render(state).trimmedLines.joined(separator: "\n")
        #expect(text.contains("⋯ waiting 1.2 s · ↓ 2.0 KB") || text.contains("⋯ waiting 1.3 s · ↓ 2.0 KB"))
        #expect(text.contains("2.0 KB of the body so far"))
        _ = state.update(.progress(id: id, received: 2048, elapsed: 42))
        #expect(Views.render(state).trimmedLines.joined().contains("⋯ waiting 42 s"))
        state.answer(id, with: Fixtures.response("[2]"))
        text = Views.render(state).trimmedLines.joined(separator: "\n")
        #expect(text.contains("200 OK") && !text.contains("waiting"))
    }

    @Test("Esc cancels it and the answer shown before comes back; a comparison's request does not take the pane")
    func cancelled() throws {
        var state = Fixtures.state(width: 100, height: 30)
        state.press(.enter)
        try state.sendAndAnswer(Fixtures.response("[1]"))
        state.press(.enter, .escape)
        let text = Views.render(state).trimmedLines.joined(separator: "\n")
        #expect(text.contains("200 OK") && !text.contains("waiting") && state.inFlight.isEmpty)
        // d sends to compare: the answer goes to the diff view, the pane keeps the response.
        state.press(.tab, .char("d"), .enter)
        #expect(state.inFlight.count == 1)
        #expect(!Views.render(state).trimmedLines.joined().contains("waiting"))
    }
}

@Suite("Redirects in the Response pane")
struct RedirectViewTests {
    @Test("the title counts the redirects and names where the answer came from; h lists each hop, secrets masked")
    func hops() throws {
        var state = Fixtures.state(width: 200, height: 40)
        state.press(.enter)
        var response = Fixtures.response("[1]")
        let start = Date(timeIntervalSince1970: 0)
        response.hops = [
            ExchangeHop(method: .get, url: "http://dev.test/v1/users?token=dev-secret", status: 301, startedAt: start),
            ExchangeHop(method: .get, url: "http://dev.test/v2/users", status: 302, startedAt: start),
            ExchangeHop(method: .get, url: "http://api.dev.test/v2/users", status: 200, startedAt: start),
        ]
        try state.sendAndAnswer(response)
        var lines = Views.render(state).trimmedLines
        let title = try #require(lines.first { $0.contains("Response ──") })
        #expect(title.contains("200 OK ↪ 2 redirects"), "\(title)")
        #expect(title.contains("at http://api.dev.test/v2/users (h: the hops)"))
        state.press(.tab, .char("h"))
        #expect(state.focus == .response)
        lines = Views.render(state).trimmedLines
        let text = lines.joined(separator: "\n")
        #expect(text.contains("↪ 301 GET http://dev.test/v1/users?token=••••••"))
        #expect(text.contains("↪ 302 GET http://dev.test/v2/users"))
        #expect(text.contains("= 200 GET http://api.dev.test/v2/users"))
        #expect(!text.contains("dev-secret"))
    }
}
