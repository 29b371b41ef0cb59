/// The terminal lines of `courier check`: one per route, failed checks indented below it, and a
/// summary per environment (DESIGN.md §6).
public struct RunTextReport: Sendable {
    /// Colour the marks (`✓` green, `✗` red, `-` dim).
    public var color: Bool
    /// Prefix each line with the environment's name (several `--env` run side by side).
    public var showEnvironment: Bool

    /// A report.
    public init(color: Bool = false, showEnvironment: Bool = false) {
        self.color = color
        self.showEnvironment = showEnvironment
    }

    /// `✓ users.show  GET http://…/users/42  200  12 ms`, then `    check: got …` per failure.
    @_optimize(size) public func lines(for route: RouteRun, in environment: String, masking: (String) -> String)
        -> [String]
    {
        let prefix = showEnvironment ? "[\(environment)] " : ""
        let name = route.pass > 1 ? "\(route.route) (run \(route.pass))" : route.route
        let head = "\(name)  \(route.method) \(masking(route.url))"
        switch route.outcome {
        case .passed, .failed:
            let passed = route.outcome == .passed
            let status = route.exchange.map { String($0.response.status) } ?? ""
            // `--retry-until`: how long the route took to become ready (or to give up).
            let tries =
                route.tries > 1 ? "  (try \(route.tries), after \(Seconds.fixed(route.waited, places: 1)) s)" : ""
            var lines = [
                "\(prefix)\(mark(passed ? "✓" : "✗", passed ? 32 : 31)) \(head)  \(status)  \(milliseconds(route.time))\(tries)"
            ]
            for failure in route.failures { lines.append("\(prefix)    \(masking(failure.line))") }
            return lines
        case .error(let reason):
            let tries =
                route.tries > 1 ? " (try \(route.tries), after \(Seconds.fixed(route.waited, places: 1)) s)" : ""
            return ["\(prefix)\(mark("✗", 31)) \(head)  error: \(masking(reason))\(tries)"]
        case .skipped(let reason):
            return ["\(prefix)\(mark("-", 2)) \(head)  skipped: \(reason)"]
        }
    }

    /// `staging: 12 routes, 30 checks: 29 passed, 1 failed, 0 errors, 0 skipped · 1.23 s · 9.7 req/s`.
    @_optimize(size) public func summary(_ run: EnvironmentRun) -> String {
        let totals = run.totals
        return "\(run.environment): \(totals.routes) route\(totals.routes == 1 ? "" : "s"), "
            + "\(totals.checks) check\(totals.checks == 1 ? "" : "s"): \(totals.passed) passed, "
            + "\(totals.failed) failed, \(totals.errors) error\(totals.errors == 1 ? "" : "s"), "
            + "\(totals.skipped) skipped · \(Seconds.fixed(run.duration, places: 2)) s · "
            + "\(Seconds.fixed(run.requestsPerSecond, places: 1)) req/s"
    }

    @_optimize(size) private func mark(_ text: String, _ code: Int) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    @_optimize(size) private func milliseconds(_ seconds: Double) -> String {
        "\(Seconds.milliseconds(seconds)) ms"
    }
}
