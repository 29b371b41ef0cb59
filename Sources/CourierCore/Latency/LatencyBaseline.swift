/// `check --baseline`: each route's times in this run beside its times of the last days from
/// history, and whether it got slower (the comparison's `--slower` rule: p95 grown by more than
/// the percentage and by at least 5 ms).
public struct LatencyBaseline: Sendable, Equatable {
    /// The route.
    public var route: String
    /// Its times in this run.
    public var now: LatencySummary
    /// Its recorded times before the run; nil when history has none.
    public var before: LatencySummary?
    /// Whether `now`'s p95 grew past the threshold.
    public var slower: Bool

    /// A route's baseline; `slower` by `RouteComparison.isSlower` over `percent`.
    public init(route: String, now: LatencySummary, before: LatencySummary?, percent: Double) {
        self.route = route
        self.now = now
        self.before = before
        slower = before.map { RouteComparison.isSlower($0, now, percent: percent) } ?? false
    }

    /// The lines printed after a run's latency table: a title, then a row per route,
    /// `▲ headlines   p50 3.1 → 84.0  p95 3.4 → 85.2 ms (+2406 %)  n=240`.
    @_optimize(size) public static func lines(_ baselines: [LatencyBaseline], environment: String, days: Int)
        -> [String]
    {
        guard !baselines.isEmpty else { return [] }
        let width = max(12, baselines.map(\.route.count).max() ?? 0) + 2
        var lines = ["\(environment): this run against the last \(days) days of history (ms)"]
        for baseline in baselines {
            let name = baseline.route + String(repeating: " ", count: max(0, width - baseline.route.count))
            guard let before = baseline.before else {
                lines.append("  \(name)no history in the last \(days) days")
                continue
            }
            let growth =
                before.p95 > 0
                ? " (\(baseline.now.p95 >= before.p95 ? "+" : "")"
                    + "\(Int(((baseline.now.p95 / before.p95 - 1) * 100).rounded())) %)" : ""
            let p50 = "p50 \(LatencyTable.milliseconds(before.p50)) → \(LatencyTable.milliseconds(baseline.now.p50))"
            let p95 = "p95 \(LatencyTable.milliseconds(before.p95)) → \(LatencyTable.milliseconds(baseline.now.p95))"
            lines.append("\(baseline.slower ? "▲" : " ") \(name)\(p50)  \(p95)\(growth)  n=\(before.count)")
        }
        let slower = baselines.filter(\.slower).map(\.route)
        if !slower.isEmpty {
            lines.append(
                "\(environment): \(slower.count) route\(slower.count == 1 ? "" : "s") slower than the last \(days) days: "
                    + slower.joined(separator: ", "))
        }
        return lines
    }
}
