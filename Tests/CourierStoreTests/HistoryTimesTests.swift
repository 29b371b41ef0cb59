import CourierCore
import Foundation
import Testing

@testable import CourierStore

/// `check --baseline` reads a route's times from history: its environment only, inside the
/// window, answers below 400 only, newest first.
@Suite("History times")
struct HistoryTimesTests {
    private func record(
        _ route: String, environment: String = "qa", at seconds: Double, status: Int = 200, time: Double
    ) -> HistoryRecord {
        let response = HTTPResponse(status: status, reason: "", totalTime: time)
        let exchange = Exchange(
            request: HTTPRequest(method: .get, url: "http://x/\(route)"), response: response,
            origin: ExchangeOrigin(workspace: "/w.json", environmentName: environment, routeName: route))
        return HistoryRecord(recordedAt: Date(timeIntervalSince1970: seconds), exchange: exchange)
    }

    @Test("the window, the environment, the route and the status decide which times count")
    func times() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-times-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try HistoryStore(path: folder.path + "/history.sqlite")
        let records = [
            record("headlines", at: 1_000, time: 0.001),  // before the window
            record("headlines", at: 2_000, time: 0.002),
            record("headlines", at: 3_000, status: 502, time: 0.003),  // an error page
            record("headlines", environment: "prod", at: 3_500, time: 0.004),
            record("users", at: 3_600, time: 0.005),
            record("headlines", at: 4_000, time: 0.006),
            record("headlines", at: 5_000, time: 0.007),  // the run itself: at the window's end
        ]
        for record in records { try store.add(record) }
        let times = try store.times(
            workspace: "/w.json", environment: "qa", route: "headlines", from: 1_500, until: 5_000)
        #expect(times == [0.006, 0.002])
        #expect(
            try store.times(
                workspace: "/w.json", environment: "qa", route: "headlines", from: 0, until: 9_000, limit: 2)
                == [0.007, 0.006])
    }

    @Test("a route 80 ms slower than its history is slower; 3 ms slower is jitter; no history is no verdict")
    func baseline() {
        func summary(_ p95: Double) -> LatencySummary {
            LatencySummary(count: 10, values: [1, 1, 1, p95, p95, p95, p95])
        }
        #expect(LatencyBaseline(route: "h", now: summary(85), before: summary(4), percent: 20).slower)
        #expect(!LatencyBaseline(route: "h", now: summary(7), before: summary(4), percent: 20).slower)
        #expect(!LatencyBaseline(route: "h", now: summary(85), before: nil, percent: 20).slower)
        let lines = LatencyBaseline.lines(
            [LatencyBaseline(route: "headlines", now: summary(85), before: summary(4), percent: 20)], environment: "qa",
            days: 7)
        #expect(
            lines == [
                "qa: this run against the last 7 days of history (ms)",
                "▲ headlines     p50 1.0 → 1.0  p95 4.0 → 85.0 (+2025 %)  n=10",
                "qa: 1 route slower than the last 7 days: headlines",
            ])
    }
}
