/// The parts every HTML report shares: one self-contained page (its style inline, no script,
/// nothing fetched), text escaped, bars drawn with CSS widths.
///
/// Why no script: the file is read from CI artefacts and mail attachments, where scripts are
/// blocked; and a report that runs nothing cannot be made to run anything by a hostile body.
struct HTMLPage {
    /// The page's title (already masked).
    var title: String

    /// `<`, `>`, `&` and quotes escaped; control characters shown as their Unicode pictures
    /// (`␛` for ESC), so a hostile body can neither open a tag nor hide text.
    @_optimize(size) static func escape(_ text: String) -> String {
        XMLText.escape(text, apostrophe: "&#39;") { scalar in
            switch scalar.value {
            case 0x0A, 0x09: nil
            case ..<0x20: String(Unicode.Scalar(0x2400 + scalar.value) ?? "?")
            case 0x7F: "␡"
            case 0x80..<0xA0: "�"
            default: nil
            }
        }
    }

    /// A bar `value` long on a scale whose full width is `scale`, labelled.
    @_optimize(size) static func bar(_ value: Double, of scale: Double, label: String, kind: String) -> String {
        let percent = scale > 0 ? min(100, max(0.5, value / scale * 100)) : 0
        return "<div class=\"bar \(kind)\"><span style=\"width:\(Seconds.fixed(percent, places: 1))%\"></span>"
            + "<em>\(escape(label))</em></div>"
    }

    /// A route's p50 and p95 bars on a scale whose full width is `scale` milliseconds; the p95
    /// bar in the warning colour when `slow`.
    @_optimize(size) static func latencyBars(_ latency: LatencySummary, scale: Double, slow: Bool = false) -> String {
        bar(latency.p50, of: scale, label: "p50 \(LatencyTable.milliseconds(latency.p50)) ms", kind: "p50")
            + bar(
                latency.p95, of: scale, label: "p95 \(LatencyTable.milliseconds(latency.p95)) ms",
                kind: slow ? "p95 slow" : "p95")
    }

    /// The whole document around `body`.
    @_optimize(size) func document(_ body: String) -> String {
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            // No request leaves the page: not even a favicon.
            + "<link rel=\"icon\" href=\"data:,\">\n"
            + "<title>\(Self.escape(title))</title>\n<style>\n\(Self.style)</style>\n</head>\n<body>\n"
            + body + "</body>\n</html>\n"
    }

    /// Readable at 1280 px and on a phone: tables fixed to the page's width, long values
    /// wrapped anywhere, so nothing scrolls sideways.
    static let style = """
        :root { color-scheme: light dark; --ok: #1a7f37; --bad: #cf222e; --dim: #6e7781; --warn: #9a6700; }
        body { font: 14px/1.45 system-ui, sans-serif; margin: 24px; max-width: 1400px; }
        h1 { font-size: 20px; margin: 0 0 4px; } h2 { font-size: 16px; margin: 24px 0 8px; }
        .meta { color: var(--dim); margin: 0; overflow-wrap: anywhere; }
        table { border-collapse: collapse; width: 100%; table-layout: fixed; }
        th, td { text-align: left; vertical-align: top; padding: 6px 8px; border-bottom: 1px solid #d0d7de;
          overflow-wrap: anywhere; word-break: break-word; }
        th { font-weight: 600; background: rgba(127,127,127,.08); }
        table.summary th:first-child { width: 34%; } table.summary td, table.summary th { text-align: right; } table.summary td:first-child,
        table.summary th:first-child { text-align: left; }
        .mark { font-weight: 700; display: inline-block; width: 1.2em; }
        .passed .mark, .same .mark { color: var(--ok); } .skipped .mark, .skipped { color: var(--dim); }
        .failed .mark, .different .mark, .status .mark, .trouble .mark { color: var(--bad); }
        .slower .mark, div.slower { color: var(--warn); } .failed li { color: var(--bad); }
        .route .method { color: var(--dim); font-size: 12px; }
        ul { margin: 4px 0; padding-left: 18px; } li { margin: 2px 0; }
        pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: 4px 0; font-size: 12px; }
        .add { color: var(--ok); } .del { color: var(--bad); }
        .bar { position: relative; height: 16px; margin: 3px 0; background: rgba(127,127,127,.12); }
        .bar span { position: absolute; left: 0; top: 0; bottom: 0; background: #54aeff; }
        .bar.p95 span { background: #0969da; } .bar.slow span { background: #bf8700; }
        .bar em { position: relative; font-style: normal; font-size: 11px; padding-left: 4px; }
        .phases { display: flex; height: 12px; margin: 3px 0; background: rgba(127,127,127,.12); }
        .phases span { display: block; height: 100%; min-width: 1px; }
        .phases .blocked { background: #8c959f; } .phases .connect { background: #bf3989; }
        .phases .dns { background: #8250df; } .phases .tls { background: #6639ba; }
        .phases .send { background: #bc4c00; }
        .phases .wait { background: #0969da; } .phases .receive { background: #1a7f37; }
        .legend { font-size: 11px; color: var(--dim); }
        table.diff td { padding: 2px 6px; font-size: 12px; }
        """
}

extension HTMLPage {
    /// The seconds of `route`'s longest hop; nil when nothing came back.
    @_optimize(size) static func longestHop(_ route: RouteRun) -> Double? {
        route.exchange?.response.hops.map(span).max()
    }

    /// Seconds a hop's bar spans: its phases together.
    @_optimize(size) static func span(_ hop: ExchangeHop) -> Double { HopPhases.total(hop) }

    /// Each hop's phases as one stacked bar and a legend line (`connect 2.1 ms · blocked 0.1 ms
    /// · send 0.1 ms · wait 12 ms · receive 3 ms`), on a scale whose full width is `scale` seconds.
    @_optimize(size) static func phases(_ hops: [ExchangeHop], scale: Double) -> String {
        var out = ""
        for hop in hops {
            let parts = HopPhases.lengths(hop)
            let total = span(hop)
            let width = scale > 0 ? min(100, total / scale * 100) : 0
            out += "<div class=\"phases\" style=\"width:\(Seconds.fixed(width, places: 1))%\">"
            for (kind, seconds) in parts where seconds > 0 {
                let share = total > 0 ? seconds / total * 100 : 0
                out += "<span class=\"\(kind)\" style=\"width:\(Seconds.fixed(share, places: 1))%\"></span>"
            }
            out += "</div><div class=\"legend\">"
            if hops.count > 1 { out += "\(hop.status) " }
            out += parts.map { "\($0.name) \(LatencyTable.milliseconds($0.seconds * 1000)) ms" }.joined(
                separator: " · ")
            out += "</div>"
        }
        return out
    }
}
