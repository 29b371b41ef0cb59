/// `--report-json`: the run as one JSON document, for scripts and dashboards. Secrets masked.
public struct RunJSONReport: Sendable {
    /// A report.
    public init() {}

    /// The document.
    @_optimize(size) public func json(_ runs: [EnvironmentRun], timestamp: String) -> JSONValue {
        .object([
            JSONMember("timestamp", .string(timestamp)),
            JSONMember("environments", .array(runs.map(environment))),
        ])
    }

    @_optimize(size) private func environment(_ run: EnvironmentRun) -> JSONValue {
        let totals = run.totals
        let mask = run.masking
        return .object(
            [
                JSONMember("name", .string(run.environment)),
                JSONMember("base_url", .string(mask(run.baseURL))),
                JSONMember("workspace", .string(run.workspace)),
                JSONMember("duration_ms", .number(String(Seconds.milliseconds(run.duration)))),
                JSONMember(
                    "totals",
                    .object(
                        [
                            ("routes", totals.routes), ("checks", totals.checks), ("passed", totals.passed),
                            ("failed", totals.failed), ("errors", totals.errors), ("skipped", totals.skipped),
                        ].map { JSONMember($0.0, .number(String($0.1))) })),
                JSONMember("routes", .array(run.routes.map { route($0, mask) })),
            ] + (run.latency.isEmpty ? [] : [JSONMember("latency", Self.latency(run))]))
    }

    /// `[{"route": …, "count": 10, "p50_ms": 1.2, "p95_ms": …, "p99_ms": …, "max_ms": …}]`, in the order run.
    @_optimize(size) static func latency(_ run: EnvironmentRun) -> JSONValue {
        .array(
            run.routes.filter { $0.pass == 1 }.compactMap { route in
                run.latency[route.route].map { summary in
                    var fields = [JSONMember("route", .string(route.route))] + members(summary)
                    if let baseline = run.baselines.first(where: { $0.route == route.route }) {
                        let before = baseline.before.map { JSONValue.object(members($0)) } ?? .null
                        fields += [JSONMember("baseline", before), JSONMember("slower", .bool(baseline.slower))]
                    }
                    return .object(fields)
                }
            })
    }

    /// A summary's count and percentiles as JSON members.
    @_optimize(size) public static func members(_ summary: LatencySummary) -> [JSONMember] {
        [JSONMember("count", .number(String(summary.count)))]
            + [("p50_ms", summary.p50), ("p95_ms", summary.p95), ("p99_ms", summary.p99), ("max_ms", summary.max)].map {
                JSONMember($0.0, .number(Seconds.fixed($0.1, places: 3)))
            }
    }

    @_optimize(size) private func route(_ route: RouteRun, _ mask: (String) -> String) -> JSONValue {
        var members = [
            JSONMember("name", .string(route.route)), JSONMember("method", .string(route.method.rawValue)),
            JSONMember("url", .string(mask(route.url))),
        ]
        switch route.outcome {
        case .passed: members.append(JSONMember("outcome", .string("passed")))
        case .failed: members.append(JSONMember("outcome", .string("failed")))
        case .error(let reason):
            members += [JSONMember("outcome", .string("error")), JSONMember("reason", .string(mask(reason)))]
        case .skipped(let reason):
            members += [JSONMember("outcome", .string("skipped")), JSONMember("reason", .string(mask(reason)))]
        }
        if route.pass > 1 { members.append(JSONMember("pass", .number(String(route.pass)))) }
        if route.tries > 1 {
            members.append(JSONMember("tries", .number(String(route.tries))))
            members.append(JSONMember("waited_ms", .number(String(Seconds.milliseconds(route.waited)))))
        }
        if let response = route.exchange?.response {
            members.append(JSONMember("status", .number(String(response.status))))
            members.append(JSONMember("time_ms", .number(String(Seconds.milliseconds(response.totalTime)))))
        }
        members.append(
            JSONMember(
                "checks",
                .array(
                    route.checks.map { check in
                        var fields = [
                            JSONMember("check", .string(mask(check.check))), JSONMember("passed", .bool(check.passed)),
                        ]
                        if let message = check.message { fields.append(JSONMember("message", .string(mask(message)))) }
                        if let expected = check.expected {
                            fields.append(JSONMember("expected", .string(mask(expected))))
                        }
                        if let actual = check.actual { fields.append(JSONMember("actual", .string(mask(actual)))) }
                        return .object(fields)
                    })))
        return .object(members)
    }
}
