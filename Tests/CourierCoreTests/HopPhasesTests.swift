import Foundation
import Testing

@testable import CourierCore

@Suite("A hop's phases")
struct HopPhasesTests {
    private func hop(_ phases: HopPhases?, wait: Double = 0.041, receive: Double = 0.0032) -> ExchangeHop {
        ExchangeHop(
            method: .get, url: "http://api.test/users", status: 200, startedAt: Date(timeIntervalSince1970: 0),
            wait: wait, receive: receive, phases: phases)
    }

    @Test(
        "the lengths in the order they happen, and the line `call --timing` prints",
        arguments: [
            (
                HopPhases(blocked: 0.000_1, connect: 0.002_1, send: 0.000_12),
                ["connect", "blocked", "send", "wait", "receive"],
                "GET http://api.test/users  connect 2.1 ms (new connection) · blocked 0.10 ms · send 0.12 ms"
                    + " · wait 41.0 ms · receive 3.2 ms · 46.5 ms in all"
            ),
            (
                HopPhases(blocked: 0.000_01, send: 0.000_5), ["blocked", "send", "wait", "receive"],
                "GET http://api.test/users  connect 0 (kept alive) · send 0.50 ms · wait 41.0 ms · receive 3.2 ms"
                    + " · 44.7 ms in all"
            ),
            // The lookup measured apart: `dns`, then the rest of connecting; the total is the same.
            (
                HopPhases(blocked: 0.000_1, connect: 0.002_1, send: 0.000_12, dns: 0.000_6),
                ["dns", "connect", "blocked", "send", "wait", "receive"],
                "GET http://api.test/users  dns 0.60 ms · connect 1.5 ms (new connection) · blocked 0.10 ms"
                    + " · send 0.12 ms · wait 41.0 ms · receive 3.2 ms · 46.5 ms in all"
            ),
            // Over TLS, the handshake measured apart: `tls` after the TCP part of connecting.
            (
                HopPhases(blocked: 0.000_1, connect: 0.009_1, send: 0.000_12, dns: 0.000_6, tls: 0.007),
                ["dns", "connect", "tls", "blocked", "send", "wait", "receive"],
                "GET http://api.test/users  dns 0.60 ms · connect 1.5 ms (new connection) · tls 7.0 ms"
                    + " · blocked 0.10 ms · send 0.12 ms · wait 41.0 ms · receive 3.2 ms · 53.5 ms in all"
            ),
            // Recorded before phases were measured: the engine's two, connecting inside `wait`.
            (nil, ["wait", "receive"], "GET http://api.test/users  wait 41.0 ms · receive 3.2 ms · 44.2 ms in all"),
        ] as [(HopPhases?, [String], String)])
    func lines(phases: HopPhases?, names: [String], line: String) {
        let hop = hop(phases)
        #expect(HopPhases.lengths(hop).map(\.name) == names)
        #expect(HopPhases.line(hop) == line)
    }

    @Test(
        "milliseconds as the lines write them",
        arguments: [
            (0.0, "0.00 ms"), (0.000_123, "0.12 ms"), (0.0415, "41.5 ms"), (2.345, "2.35 s"), (-1.0, "0.00 ms"),
        ])
    func milliseconds(seconds: Double, text: String) {
        #expect(HopPhases.milliseconds(seconds) == text)
    }

    @Test("phases survive history's hop column; a hop without them comes back without them")
    func column() {
        let hops = [
            hop(HopPhases(blocked: 0.25, connect: 0.5, send: 0.125)), hop(HopPhases(send: 0.5)), hop(nil),
            hop(HopPhases(blocked: 0.25, connect: 0.5, send: 0.125, dns: 0.0625)),
            hop(HopPhases(blocked: 0.25, connect: 0.5, send: 0.125, dns: 0.0625, tls: 0.25)),
        ]
        let back = HistoryCoding.hops(from: HistoryCoding.hops(hops))
        #expect(back.map(\.phases) == hops.map(\.phases))
        #expect(HistoryCoding.hops(hops).contains(#""connect":null"#))
    }
}
