/// `courier check --html FILE`: one self-contained page (see `HTMLPage`). The summary first, a
/// row per environment with the same counts as the summary line and the JSON report; then a
/// row per route with a cell per environment: its mark, status and time, the checks that
/// failed, p50/p95 bars over `--repeat`, the `--baseline` line (in the warning colour when the
/// route got slower), and each hop's phases. Every secret of every run is masked in every string.
public struct CheckHTMLReport: Sendable {
    /// How far back `--baseline` looked, for its line.
    public var baselineDays: Int

    /// A report; `baselineDays` as `check --baseline` looked back.
    public init(baselineDays: Int = 7) {
        self.baselineDays = baselineDays
    }

    /// The page for `runs` (one per environment, in the order given).
    @_optimize(size) public func html(_ runs: [EnvironmentRun], timestamp: String) -> String {
        let secrets = SecretSet.of(runs.flatMap(\.secretValues))
        let mask = { (text: String) in HTMLPage.escape(secrets.mask(text)) }
        let names = runs.map(\.environment).joined(separator: ", ")
        var body = "<header><h1>Courier check · \(mask(names))</h1>"
        body += "<p class=\"meta\">\(mask(runs.first?.workspace ?? "")) · \(HTMLPage.escape(timestamp))</p></header>\n"
        body += summary(runs, mask)
        body += routes(runs, mask)
        return HTMLPage(title: "Courier check · " + secrets.mask(names)).document(body)
    }

    @_optimize(size) private func summary(_ runs: [EnvironmentRun], _ mask: (String) -> String) -> String {
        var out = "<section id=\"summary\"><h2>Summary</h2>\n<table class=\"summary\"><thead><tr>"
        out += "<th>Environment</th><th>Routes</th><th>Checks</th><th>Passed</th><th>Failed</th>"
        out += "<th>Errors</th><th>Skipped</th><th>Time</th><th>Rate</th></tr></thead><tbody>\n"
        for run in runs {
            let totals = run.totals
            let state = totals.errors > 0 || totals.failed > 0 ? "failed" : "passed"
            out += "<tr class=\"\(state)\" data-environment=\"\(mask(run.environment))\">"
            out += "<td>\(mask(run.environment))<div class=\"meta\">\(mask(run.baseURL))</div></td>"
            let counts = [
                ("routes", totals.routes), ("checks", totals.checks), ("passed", totals.passed),
                ("failed", totals.failed), ("errors", totals.errors), ("skipped", totals.skipped),
            ]
            for (name, count) in counts { out += "<td data-total=\"\(name)\">\(count)</td>" }
            out += "<td>\(Seconds.fixed(run.duration, places: 2)) s</td>"
            out += "<td>\(Seconds.fixed(run.requestsPerSecond, places: 1)) req/s</td></tr>\n"
        }
        return out + "</tbody></table></section>\n"
    }

    @_optimize(size) private func routes(_ runs: [EnvironmentRun], _ mask: (String) -> String) -> String {
        // A route's last pass stands for it; its times over every pass are the bars.
        var order: [String] = []
        var last: [[String: RouteRun]] = []
        for run in runs {
            var byName: [String: RouteRun] = [:]
            for route in run.routes {
                if byName[route.route] == nil && !order.contains(route.route) { order.append(route.route) }
                byName[route.route] = route
            }
            last.append(byName)
        }
        var out = "<section id=\"routes\"><h2>Routes</h2>\n<table class=\"routes\"><thead><tr><th>Route</th>"
        for run in runs { out += "<th>\(mask(run.environment))</th>" }
        out += "</tr></thead><tbody>\n"
        for name in order {
            let first = last.lazy.compactMap { $0[name] }.first
            out += "<tr data-route=\"\(mask(name))\"><td class=\"route\">\(mask(name))"
            if let first { out += "<div class=\"method\">\(first.method.rawValue)</div>" }
            out += "</td>"
            // One scale per row: the slowest environment's time fills the cell.
            let slowest = runs.compactMap { $0.latency[name]?.p95 }.max() ?? 0
            let longest = last.compactMap { $0[name].flatMap(HTMLPage.longestHop) }.max() ?? 0
            for (index, run) in runs.enumerated() {
                guard let route = last[index][name] else {
                    out += "<td class=\"skipped\">–</td>"
                    continue
                }
                let baseline = run.baselines.first { $0.route == name }
                out += cell(
                    route, latency: run.latency[name], baseline: baseline, slowest: slowest, longest: longest, mask)
            }
            out += "</tr>\n"
        }
        return out + "</tbody></table></section>\n"
    }

    @_optimize(size) private func cell(
        _ route: RouteRun, latency: LatencySummary?, baseline: LatencyBaseline?, slowest: Double, longest: Double,
        _ mask: (String) -> String
    ) -> String {
        var out: String
        switch route.outcome {
        case .passed, .failed:
            let passed = route.outcome == .passed
            let status = route.exchange.map { String($0.response.status) } ?? ""
            out = "<td class=\"\(passed ? "passed" : "failed")\"><span class=\"mark\">\(passed ? "✓" : "✗")</span>"
            out += "\(status) · \(Seconds.milliseconds(route.time)) ms"
        case .error(let reason):
            out = "<td class=\"failed\"><span class=\"mark\">✗</span>error: \(mask(reason))"
        case .skipped(let reason):
            out = "<td class=\"skipped\"><span class=\"mark\">-</span>skipped: \(mask(reason))"
        }
        if route.tries > 1 { out += " (try \(route.tries), after \(Seconds.fixed(route.waited, places: 1)) s)" }
        out += "<div class=\"meta\">\(mask(route.url))</div>"
        if case .error = route.outcome {
        } else if !route.failures.isEmpty {
            out += "<ul>" + route.failures.map { "<li>\(mask($0.line))</li>" }.joined() + "</ul>"
        }
        if let latency { out += HTMLPage.latencyBars(latency, scale: slowest, slow: baseline?.slower ?? false) }
        if let baseline { out += self.baseline(baseline) }
        out += HTMLPage.phases(route.exchange?.response.hops ?? [], scale: longest)
        return out + "</td>"
    }

    /// `▲ last 7 days: p50 3.1 → 84.0 · p95 3.4 → 85.2 ms (+2406 %) · n=240`, as the text line says it.
    @_optimize(size) private func baseline(_ baseline: LatencyBaseline) -> String {
        guard let before = baseline.before else {
            return "<div class=\"baseline meta\">no history in the last \(baselineDays) days</div>"
        }
        let (now, ms) = (baseline.now, LatencyTable.milliseconds)
        var text = "\(baseline.slower ? "▲ " : "")last \(baselineDays) days: p50 \(ms(before.p50)) → \(ms(now.p50))"
        text += " · p95 \(ms(before.p95)) → \(ms(now.p95)) ms"
        if before.p95 > 0 {
            let growth = Int(((now.p95 / before.p95 - 1) * 100).rounded())
            text += " (\(now.p95 >= before.p95 ? "+" : "")\(growth) %)"
        }
        text += " · n=\(before.count)"
        return "<div class=\"baseline \(baseline.slower ? "slower" : "meta")\">\(HTMLPage.escape(text))</div>"
    }
}
