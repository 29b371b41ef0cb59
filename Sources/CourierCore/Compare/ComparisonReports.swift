/// `--json` and `--junit` of a whole-workspace comparison. Secrets of both sides are masked in
/// every string.
public struct ComparisonReports: Sendable {
    /// Reports.
    public init() {}

    /// The JSON document: both environments, the totals, and per route the verdict, each side's
    /// status and time, every difference, the body's line diff and the noise ignored.
    @_optimize(size) public func json(_ comparison: WorkspaceComparison, timestamp: String) -> JSONValue {
        let mask = comparison.masking
        let totals = comparison.totals
        let sides = [comparison.left, comparison.right].map { run in
            JSONValue.object([
                JSONMember("name", .string(run.environment)), JSONMember("base_url", .string(mask(run.baseURL))),
                JSONMember("duration_ms", .number(String(Seconds.milliseconds(run.duration)))),
            ])
        }
        return .object([
            JSONMember("timestamp", .string(timestamp)),
            JSONMember("workspace", .string(comparison.left.workspace)),
            JSONMember("environments", .array(sides)),
            JSONMember(
                "totals",
                .object(
                    [
                        ("routes", totals.routes), ("same", totals.same), ("different", totals.different),
                        ("trouble", totals.trouble), ("skipped", totals.skipped), ("slower", totals.slower),
                    ].map { JSONMember($0.0, .number(String($0.1))) })),
            JSONMember("routes", .array(comparison.routes.map { route($0, mask) })),
        ])
    }

    @_optimize(size) private func route(_ route: RouteComparison, _ mask: (String) -> String) -> JSONValue {
        var members = [
            JSONMember("name", .string(route.route)), JSONMember("method", .string(route.method.rawValue)),
            JSONMember("verdict", .string(Self.verdict(route.verdict))),
        ]
        switch route.verdict {
        case .trouble(let reason), .skipped(let reason): members.append(JSONMember("reason", .string(mask(reason))))
        case .same, .different, .statusDiffers: break
        }
        members.append(
            JSONMember(
                "sides",
                .array([side(route.left, route.leftLatency, mask), side(route.right, route.rightLatency, mask)])))
        if route.leftLatency != nil { members.append(JSONMember("slower", .bool(route.slower))) }
        members.append(
            JSONMember(
                "differences",
                .array(
                    route.differences.map { difference in
                        .object([
                            JSONMember("place", .string(mask(difference.place))),
                            JSONMember("left", .string(mask(difference.left))),
                            JSONMember("right", .string(mask(difference.right))),
                        ])
                    })))
        if !route.bodyLines.isEmpty {
            members.append(JSONMember("body_diff", .array(route.bodyLines.map { .string(mask($0)) })))
        }
        if !route.noise.isEmpty {
            members.append(JSONMember("noise", .array(route.noise.map { .string(mask($0.description)) })))
        }
        return .object(members)
    }

    @_optimize(size) private func side(_ run: RouteRun, _ latency: LatencySummary?, _ mask: (String) -> String)
        -> JSONValue
    {
        var members = [JSONMember("url", .string(mask(run.url)))]
        if let response = run.exchange?.response {
            members.append(JSONMember("status", .number(String(response.status))))
            members.append(JSONMember("time_ms", .number(String(Seconds.milliseconds(response.totalTime)))))
        }
        if let latency { members.append(JSONMember("latency", .object(RunJSONReport.members(latency)))) }
        return .object(members)
    }

    /// `same`, `different`, `status`, `trouble` or `skipped`.
    @_optimize(size) public static func verdict(_ verdict: RouteComparison.Verdict) -> String {
        switch verdict {
        case .same: "same"
        case .different: "different"
        case .statusDiffers: "status"
        case .trouble: "trouble"
        case .skipped: "skipped"
        }
    }

    /// JUnit XML: one `<testsuite name="courier:diff A|B">` with a `<testcase classname="diff"
    /// name="ROUTE">` per route; a difference is a `<failure>` holding every differing place,
    /// a route that could not be completed an `<error>`, a skipped one `<skipped>`.
    @_optimize(size) public func junit(_ comparison: WorkspaceComparison, timestamp: String) -> String {
        let mask = comparison.masking
        let totals = comparison.totals
        let time = Seconds.fixed(max(comparison.left.duration, comparison.right.duration), places: 3)
        let failures = comparison.routes.filter { $0.differs || $0.slower }.count
        let counts =
            "tests=\"\(totals.routes)\" failures=\"\(failures)\" errors=\"\(totals.trouble)\" "
            + "skipped=\"\(totals.skipped)\""
        let name = "courier:diff \(comparison.left.environment)|\(comparison.right.environment)"
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"courier\" \(counts) time=\"\(time)\" timestamp=\"\(timestamp)\">\n"
        out += "  <testsuite name=\"\(XMLText.escape(name))\" \(counts) time=\"\(time)\" timestamp=\"\(timestamp)\">\n"
        out += "    <properties>\n"
        for run in [comparison.left, comparison.right] {
            out +=
                "      <property name=\"\(XMLText.escape(run.environment))\" "
                + "value=\"\(XMLText.escape(mask(run.baseURL)))\"/>\n"
        }
        out += "    </properties>\n"
        for route in comparison.routes {
            let seconds = Seconds.fixed(max(route.left.time, route.right.time), places: 3)
            out += "    <testcase classname=\"diff\" name=\"\(XMLText.escape(route.route))\" time=\"\(seconds)\">"
            let details =
                (ComparisonTextReport.slowerText(route).map { [$0] } ?? []) + route.differences.map(\.description)
                + route.bodyLines
            switch route.verdict {
            case .same where route.slower:
                out +=
                    "\n      <failure type=\"Slower\" message=\"\(XMLText.escape(details.first ?? ""))\">"
                    + XMLText.escape(details.joined(separator: "\n")) + "</failure>\n"
            case .same:
                out += "</testcase>\n"
                continue
            case .different, .statusDiffers:
                out +=
                    "\n      <failure type=\"Difference\" message=\"\(XMLText.escape(mask(details.first ?? "")))\">"
                    + XMLText.escape(mask(details.joined(separator: "\n"))) + "</failure>\n"
            case .trouble(let reason):
                out +=
                    "\n      <error type=\"RequestError\" message=\"\(XMLText.escape(mask(reason)))\">"
                    + XMLText.escape(mask(reason)) + "</error>\n"
            case .skipped(let reason):
                out += "\n      <skipped message=\"\(XMLText.escape(mask(reason)))\"/>\n"
            }
            out += "    </testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }
}
