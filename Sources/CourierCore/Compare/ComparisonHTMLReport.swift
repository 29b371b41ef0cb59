/// `courier diff --env A --env B --html FILE`: one self-contained page (see `HTMLPage`). The
/// summary first (the counts of the summary line and the JSON report), then a row per route:
/// its mark, each side's status, time, p50/p95 bars and phases, every difference as a row of
/// place, left and right, a body's line diff, and the noise ignored. Secrets of both sides masked.
public struct ComparisonHTMLReport: Sendable {
    /// A report.
    public init() {}

    /// The page for `comparison`.
    @_optimize(size) public func html(_ comparison: WorkspaceComparison, timestamp: String) -> String {
        let mask = { (text: String) in HTMLPage.escape(comparison.masking(text)) }
        let names = (comparison.left.environment, comparison.right.environment)
        let title = "Courier diff · \(names.0) | \(names.1)"
        var body = "<header><h1>\(mask(title))</h1>"
        body += "<p class=\"meta\">\(mask(comparison.left.workspace)) · \(HTMLPage.escape(timestamp))</p></header>\n"
        body += summary(comparison, mask)
        body += "<section id=\"routes\"><h2>Routes</h2>\n<table class=\"routes\"><colgroup><col style=\"width:22%\">"
        body += "<col style=\"width:39%\"><col style=\"width:39%\"></colgroup><thead><tr><th>Route</th>"
        body += "<th>\(mask(names.0))</th><th>\(mask(names.1))</th></tr></thead><tbody>\n"
        for route in comparison.routes {
            body += row(route, mask)
        }
        body += "</tbody></table></section>\n"
        return HTMLPage(title: comparison.masking(title)).document(body)
    }

    @_optimize(size) private func summary(_ comparison: WorkspaceComparison, _ mask: (String) -> String) -> String {
        let totals = comparison.totals
        var out = "<section id=\"summary\"><h2>Summary</h2>\n<table class=\"summary\"><thead><tr>"
        let counts = [
            ("routes", totals.routes), ("same", totals.same), ("different", totals.different),
            ("trouble", totals.trouble), ("skipped", totals.skipped), ("slower", totals.slower),
        ]
        out +=
            "<th>Environments</th>"
            + counts.map { "<th>\($0.0.prefix(1).uppercased() + $0.0.dropFirst())</th>" }.joined()
        out += "<th>Time</th></tr></thead><tbody>\n<tr class=\"\(comparison.exitCode == 0 ? "same" : "different")\">"
        out += "<td>\(mask(comparison.left.environment)) | \(mask(comparison.right.environment))"
        out += "<div class=\"meta\">\(mask(comparison.left.baseURL)) | \(mask(comparison.right.baseURL))</div></td>"
        for (name, count) in counts { out += "<td data-total=\"\(name)\">\(count)</td>" }
        let seconds = max(comparison.left.duration, comparison.right.duration)
        return out + "<td>\(Seconds.fixed(seconds, places: 2)) s</td></tr>\n</tbody></table></section>\n"
    }

    /// A route's row; its bars share one scale, the slower side's time.
    @_optimize(size) private func row(_ route: RouteComparison, _ mask: (String) -> String) -> String {
        let slowest = max(route.leftLatency?.p95 ?? 0, route.rightLatency?.p95 ?? 0)
        let longest = [route.left, route.right].compactMap { HTMLPage.longestHop($0) }.max() ?? 0
        let (mark, kind): (String, String)
        switch route.verdict {
        case .same where route.slower: (mark, kind) = ("▲", "slower")
        case .same: (mark, kind) = ("=", "same")
        case .different: (mark, kind) = ("≠", "different")
        case .statusDiffers: (mark, kind) = ("✗", "status")
        case .trouble: (mark, kind) = ("✗", "trouble")
        case .skipped: (mark, kind) = ("-", "skipped")
        }
        var out = "<tr class=\"\(kind)\" data-route=\"\(mask(route.route))\" data-verdict=\"\(kind)\">"
        out += "<td class=\"route\"><span class=\"mark\">\(mark)</span>\(mask(route.route))"
        out += "<div class=\"method\">\(route.method.rawValue)</div>"
        switch route.verdict {
        case .trouble(let reason), .skipped(let reason): out += "<div>\(mask(reason))</div>"
        case .same, .different, .statusDiffers: break
        }
        if let slower = ComparisonTextReport.slowerText(route) { out += "<div class=\"slower\">\(mask(slower))</div>" }
        out += "</td>"
        for (index, (side, latency)) in [(route.left, route.leftLatency), (route.right, route.rightLatency)]
            .enumerated()
        {
            out += "<td>"
            if let response = side.exchange?.response {
                out += "\(response.status) · \(Seconds.milliseconds(response.totalTime)) ms"
            }
            out += "<div class=\"meta\">\(mask(side.url))</div>"
            if let latency { out += HTMLPage.latencyBars(latency, scale: slowest, slow: route.slower && index == 1) }
            out += HTMLPage.phases(side.exchange?.response.hops ?? [], scale: longest)
            out += "</td>"
        }
        out += "</tr>\n"
        let details = differences(route, mask)
        if !details.isEmpty { out += "<tr class=\"details\"><td></td><td colspan=\"2\">\(details)</td></tr>\n" }
        return out
    }

    /// Every differing place as a row, the body's line diff, the noise ignored.
    @_optimize(size) private func differences(_ route: RouteComparison, _ mask: (String) -> String) -> String {
        var out = ""
        if !route.differences.isEmpty {
            out += "<table class=\"diff\"><colgroup><col style=\"width:30%\"><col style=\"width:35%\">"
            out += "<col style=\"width:35%\"></colgroup><tbody>"
            for difference in route.differences.map({ $0.masked(mask) }) {
                out += "<tr><td>\(difference.place)</td>"
                if difference.secretDiffers {
                    out += "<td colspan=\"2\">\(difference.left) (secret differs)</td></tr>"
                } else {
                    out += "<td class=\"del\">\(difference.left)</td><td class=\"add\">\(difference.right)</td></tr>"
                }
            }
            out += "</tbody></table>"
        }
        if !route.bodyLines.isEmpty {
            out += "<pre>"
            for line in route.bodyLines {
                let kind = line.hasPrefix("+") ? " class=\"add\"" : line.hasPrefix("-") ? " class=\"del\"" : ""
                out += "<span\(kind)>\(mask(line))</span>\n"
            }
            out += "</pre>"
        }
        if !route.noise.isEmpty {
            out +=
                "<div class=\"legend\">noise ignored: \(mask(route.noise.map(\.description).joined(separator: ", ")))</div>"
        }
        return out
    }
}
