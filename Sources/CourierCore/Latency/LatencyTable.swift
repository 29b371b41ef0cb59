/// The latency table `check --repeat N` prints after its summary: a row per route with p50,
/// p95, p99 and max in milliseconds, aligned, in the order run.
public struct LatencyTable: Sendable {
    /// A table.
    public init() {}

    /// The lines for one environment's run; none when no times were recorded.
    @_optimize(size) public func lines(_ run: EnvironmentRun) -> [String] {
        var names: [String] = []
        for route in run.routes where route.pass == 1 && run.latency[route.route] != nil { names.append(route.route) }
        guard let count = names.first.flatMap({ run.latency[$0]?.count }) else { return [] }
        let title = "\(run.environment): latency over \(count) run\(count == 1 ? "" : "s") (ms)"
        let width = max(title.count, names.map(\.count).max() ?? 0) + 2
        func row(_ first: String, _ cells: [String]) -> String {
            first.padding(width) + cells.map { String(repeating: " ", count: max(0, 9 - $0.count)) + $0 }.joined()
        }
        var lines = [row(title, ["p50", "p95", "p99", "max"])]
        for name in names {
            guard let summary = run.latency[name] else { continue }
            lines.append(row(name, [summary.p50, summary.p95, summary.p99, summary.max].map(Self.milliseconds)))
        }
        return lines
    }

    /// `12.3`, `1234`: one decimal below 100 ms, whole milliseconds above.
    @_optimize(size) public static func milliseconds(_ value: Double) -> String {
        value < 100 ? Seconds.fixed(value, places: 1) : String(Int(value.rounded()))
    }
}

extension String {
    /// The string padded with spaces to `width` characters.
    @_optimize(size) fileprivate func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
