import Foundation
import Testing

@testable import CourierCore
@testable import CourierTUI

@Suite("The timing dialog")
struct TimingDialogTests {
    /// A response that came after a redirect: the first hop opened its connection, the second
    /// reused it; in the Response pane, focused.
    static func timed(width: Int = 80, height: Int = 24) throws -> AppState {
        var state = Fixtures.state(width: width, height: height)
        state.press(.down, .enter)
        var response = Fixtures.response(#"{"id":42}"#)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        response.hops = [
            ExchangeHop(
                method: .get, url: "http://api.test/v1/users/42", status: 301, startedAt: start, wait: 0.004,
                receive: 0.000_5, phases: HopPhases(blocked: 0.000_2, connect: 0.012, send: 0.000_3)),
            ExchangeHop(
                method: .get, url: "http://api.test/v2/users/42", status: 200, startedAt: start, wait: 0.031,
                receive: 0.002, phases: HopPhases(blocked: 0.000_1, send: 0.000_2)),
        ]
        try state.sendAndAnswer(response)
        state.press(.tab)
        return state
    }

    @Test("t opens each hop's phases on one time line; Esc closes it and keeps the response")
    func opens() throws {
        var state = try Self.timed()
        state.press(.char("t"))
        let dialog = try #require(state.modal?.dialog as? TimingDialog)
        #expect(
            dialog.hops.map(\.title) == [
                "GET http://api.test/v1/users/42 → 301", "GET http://api.test/v2/users/42 → 200",
            ])
        #expect(
            dialog.hops.map { $0.phases.map(\.name) } == [
                ["connect", "blocked", "send", "wait", "receive"], ["blocked", "send", "wait", "receive"],
            ])
        #expect(dialog.hops.map(\.connection) == ["(new connection)", "(kept alive)"])
        let lines = dialog.lines(barWidth: 10).map(\.0)
        #expect(lines.contains("  connect  ██········ 12.0 ms (new connection)"))
        #expect(lines.contains("  wait     ···███████ 31.0 ms"))
        #expect(lines.contains("  connect  ·········· 0 (kept alive)"))
        #expect(lines.last == "50.3 ms in all · connect includes DNS and TLS · Esc closes")
        state.press(.escape)
        #expect(state.modal == nil && state.shownExchange != nil)
    }

    @Test("an exchange without hops (recorded before they were kept) says so; with nothing shown, t is not bound")
    func nothingToShow() throws {
        var state = Fixtures.state(width: 80, height: 24)
        state.press(.down, .enter, .tab, .char("t"))
        #expect(state.modal == nil && state.status == nil)
        state.press(.backTab)
        try state.sendAndAnswer(Fixtures.response(#"{"id":42}"#))
        state.press(.tab, .char("t"))
        #expect(state.modal == nil)
        #expect(state.status?.text == "this exchange was recorded without its timing")
    }

    @Test("a lookup timed apart is its own row, and the footer says what dns is instead of what connect holds")
    func dnsApart() throws {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        var response = Fixtures.response("{}")
        let hop = ExchangeHop(
            method: .get, url: "http://api.test/a", status: 200, startedAt: start, wait: 0.004, receive: 0.001)
        var apart = hop
        apart.phases = HopPhases(blocked: 0.000_1, connect: 0.003, send: 0.000_1, dns: 0.001)
        var whole = hop
        whole.phases = HopPhases(blocked: 0.000_1, connect: 0.003, send: 0.000_1)
        response.hops = [apart]
        let lines = TimingDialog(
            Exchange(request: HTTPRequest(method: .get, url: hop.url), response: response, origin: .init())
        )
        .lines(barWidth: 10).map(\.0)
        #expect(lines.contains { $0.hasPrefix("  dns ") && $0.hasSuffix(" 1.0 ms") })
        #expect(lines.contains { $0.hasPrefix("  connect ") && $0.contains(" 2.0 ms (new connection)") })
        #expect(lines.last?.contains("dns is the name lookup") == true)
        // Over TLS the handshake is a row of its own, after the TCP part of connecting.
        var secured = hop
        secured.phases = HopPhases(blocked: 0.000_1, connect: 0.009, send: 0.000_1, dns: 0.001, tls: 0.006)
        response.hops = [secured]
        let handshake = TimingDialog(
            Exchange(request: HTTPRequest(method: .get, url: hop.url), response: response, origin: .init())
        )
        .lines(barWidth: 10).map(\.0)
        #expect(handshake.contains { $0.hasPrefix("  connect ") && $0.contains(" 2.0 ms (new connection)") })
        #expect(handshake.contains { $0.hasPrefix("  tls ") && $0.hasSuffix(" 6.0 ms") })
        #expect(handshake.last?.contains("tls the handshake") == true)
        response.hops = [whole]
        let before = TimingDialog(
            Exchange(request: HTTPRequest(method: .get, url: hop.url), response: response, origin: .init())
        )
        .lines(barWidth: 10).map(\.0)
        #expect(!before.contains { $0.hasPrefix("  dns ") })
        #expect(before.last?.contains("connect includes DNS and TLS") == true)
    }

    @Test(
        "a phase's bar is its place on the time line, at least one cell",
        arguments: [
            (0.0, 1.0, 4.0, 8, "██········".prefix(8)), (1.0, 0.0001, 4.0, 8, "··█·····".prefix(8)),
            (3.9, 0.1, 4.0, 8, "·······█".prefix(8)), (0.0, 0.0, 0.0, 4, "····".prefix(4)),
        ] as [(Double, Double, Double, Int, Substring)])
    func bar(start: Double, length: Double, total: Double, width: Int, expected: Substring) {
        #expect(TimingDialog.bar(from: start, length: length, total: total, width: width) == expected)
    }
}
