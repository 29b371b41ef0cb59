/// The JUnit XML of a check run in the shape DESIGN.md §6 gives: one `<testsuite>` per
/// environment, one `<testcase classname="ROUTE" name="CHECK">` per check and capture.
///
/// A route's time goes on its first test case and its `<system-out>` (status line and the
/// first 4 KB of the body) there too, so tools that add up test case times get the run's
/// time and a body is not repeated once per check. Every text passes through the
/// environment's secret mask.
public struct JUnitReport: Sendable {
    /// How much of a body `<system-out>` keeps.
    public static let bodyLimit = 4096

    /// A report.
    public init() {}

    /// The whole document. `timestamp` is ISO 8601, given by the caller so output is testable.
    @_optimize(size) public func xml(_ runs: [EnvironmentRun], timestamp: String) -> String {
        let totals = runs.map(\.totals)
        let time = runs.map(\.duration).max() ?? 0
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"courier\" \(counts(totals)) time=\"\(seconds(time))\" timestamp=\"\(timestamp)\">\n"
        for run in runs { out += suite(run, timestamp: timestamp) }
        out += "</testsuites>\n"
        return out
    }

    @_optimize(size) private func counts(_ totals: [EnvironmentRun.Totals]) -> String {
        let sum = { (key: KeyPath<EnvironmentRun.Totals, Int>) in totals.reduce(0) { $0 + $1[keyPath: key] } }
        return "tests=\"\(sum(\.checks))\" failures=\"\(sum(\.failed))\" errors=\"\(sum(\.errors))\" "
            + "skipped=\"\(sum(\.skipped))\""
    }

    @_optimize(size) private func suite(_ run: EnvironmentRun, timestamp: String) -> String {
        let mask = run.masking
        var out =
            "  <testsuite name=\"\(attribute("courier:" + run.environment))\" \(counts([run.totals])) "
            + "time=\"\(seconds(run.duration))\" timestamp=\"\(timestamp)\">\n"
        out += "    <properties>\n"
        for (name, value) in [
            ("environment", run.environment), ("base_url", run.baseURL), ("workspace", run.workspace),
        ] {
            out += "      <property name=\"\(name)\" value=\"\(attribute(mask(value)))\"/>\n"
        }
        out += "    </properties>\n"
        var used: Set<String> = []
        for route in run.routes {
            let requestLine = "\(route.method) \(mask(route.url))"
            for (index, check) in route.checks.enumerated() {
                let base = route.pass > 1 ? "\(check.check) (run \(route.pass))" : check.check
                var name = base
                var copy = 2
                while !used.insert(route.route + "\u{0}" + name).inserted {
                    name = "\(base) (\(copy))"
                    copy += 1
                }
                let time = index == 0 ? route.time : 0
                out +=
                    "    <testcase classname=\"\(attribute(route.route))\" name=\"\(attribute(mask(name)))\" "
                    + "time=\"\(seconds(time))\">\n"
                out += outcome(route, check, requestLine: requestLine, mask: mask)
                if index == 0, let exchange = route.exchange {
                    out += "      <system-out>\(text(mask(systemOut(exchange.response))))</system-out>\n"
                }
                out += "    </testcase>\n"
            }
        }
        out += "  </testsuite>\n"
        return out
    }

    @_optimize(size) private func outcome(
        _ route: RouteRun, _ check: CheckResult, requestLine: String, mask: (String) -> String
    )
        -> String
    {
        switch route.outcome {
        case .skipped(let reason):
            return "      <skipped message=\"\(attribute(mask(reason)))\"/>\n"
        case .error(let reason):
            return "      <error type=\"RequestError\" message=\"\(attribute(mask(reason)))\">"
                + "\(text(mask("\(requestLine)\n\(reason)")))</error>\n"
        case .passed, .failed:
            guard !check.passed else { return "" }
            var body = [requestLine, "check: \(check.check)"]
            if let expected = check.expected { body.append("expected: \(expected)") }
            body.append("got: \(check.actual ?? check.message ?? "nothing")")
            return "      <failure type=\"AssertionFailure\" message=\"\(attribute(mask(check.line)))\">"
                + "\(text(mask(body.joined(separator: "\n"))))</failure>\n"
        }
    }

    @_optimize(size) private func systemOut(_ response: HTTPResponse) -> String {
        var lines = response.statusLine + "\n"
        if response.bodyFile != nil {
            lines += "(body of \(response.bodySize) bytes saved to a file)"
        } else {
            let head = Array(response.body.prefix(Self.bodyLimit))
            lines +=
                BodyKind.isBinary(head)
                ? BodyKind.binaryNote(size: response.bodySize, contentType: response.contentType)
                : String(decoding: head, as: UTF8.self)
            if response.body.count > Self.bodyLimit { lines += "\n… (\(response.body.count) bytes in all)" }
        }
        return lines
    }

    @_optimize(size) private func attribute(_ value: String) -> String { XMLText.escape(value) }
    @_optimize(size) private func text(_ value: String) -> String { XMLText.escape(value) }

    @_optimize(size) private func seconds(_ value: Double) -> String { Seconds.fixed(value, places: 3) }
}
