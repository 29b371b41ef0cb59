import FoundationEssentials
import Testing

@testable import CourierCore

/// `--html`: one self-contained page (no script, nothing fetched), every value escaped and
/// every secret masked in each encoding, counts as the summary line says them.
@Suite("HTML reports")
struct HTMLReportTests {
    static let secret = "s3cr+t/=&\"\\x"

    @Test(
        "escaping",
        arguments: [
            ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
            ("a & b \"c\" 'd'", "a &amp; b &quot;c&quot; &#39;d&#39;"),
            ("\u{1B}[31mred\u{1B}[0m", "␛[31mred␛[0m"),
            ("bell\u{07} del\u{7F} c1\u{85}", "bell␇ del␡ c1�"),
            ("line\nnext\ttab", "line\nnext\ttab"),
            ("Zürich 東京", "Zürich 東京"),
        ])
    func escape(text: String, expected: String) {
        #expect(HTMLPage.escape(text) == expected)
    }

    /// A run whose answers and failures carry the secret raw, percent-encoded and in base64.
    static func run() -> EnvironmentRun {
        let percent = "s3cr%2Bt%2F%3D%26%22%5Cx"
        let base64 = Base64.encode(Array(secret.utf8))
        let hostile = WorkspaceComparisonTests.run("users.show", 200, #"{"name": "<img src=x onerror=alert(1)>"}"#)
        var failed = WorkspaceComparisonTests.run("login", 401, "{}")
        failed.outcome = .failed
        failed.url = "http://qa.test/login?key=\(percent)"
        failed.checks = [
            CheckResult(check: "status == 200", passed: false, message: "got 401, token \(base64)"),
            CheckResult(check: "header x-token == \(secret)", passed: true),
        ]
        let error = WorkspaceComparisonTests.other("me", .error("no answer from <evil> with \(secret)"))
        var run = EnvironmentRun(
            environment: "staging", baseURL: "http://qa.test", workspace: "/w/environments.json",
            routes: [hostile, failed, error], duration: 1.5, secretValues: [secret])
        run.latency["users.show"] = LatencySummary(count: 20, values: [12, 13, 14, 30, 31, 31.5, 40])
        return run
    }

    /// No script, no external fetch, no secret in any form.
    static func expectSafe(_ html: String) {
        #expect(!html.lowercased().contains("<script"))
        #expect(!html.contains("<img"))
        #expect(!html.contains("src="))
        #expect(html.components(separatedBy: "href=").count == 2)  // the empty favicon only
        for form in SecretSet.forms(of: secret) { #expect(!html.contains(form), "\(form)") }
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.hasSuffix("</html>\n"))
    }

    @Test("a hop's bar: a span per phase in order, its width its share; the legend names each phase")
    func phaseBar() {
        let hop = ExchangeHop(
            method: .get, url: "http://qa.test/", status: 200, startedAt: Date(timeIntervalSince1970: 0), wait: 0.012,
            receive: 0.003, phases: HopPhases(blocked: 0.000_5, connect: 0.004_5, send: 0))
        let html = HTMLPage.phases([hop], scale: 0.04)
        #expect(html.hasPrefix(#"<div class="phases" style="width:50.0%">"#))
        #expect(
            html.contains(
                #"<span class="connect" style="width:22.5%"></span><span class="blocked" style="width:2.5%"></span>"#
                    + #"<span class="wait" style="width:60.0%"></span>"#))
        #expect(html.contains("connect 4.5 ms · blocked 0.5 ms · send 0.0 ms · wait 12.0 ms · receive 3.0 ms"))
    }

    @Test("check: summary counts as the summary line, a row per route, bars, failures; safe")
    func check() {
        let run = Self.run()
        let html = CheckHTMLReport().html([run], timestamp: "2026-11-27T10:00:00Z")
        Self.expectSafe(html)
        let totals = run.totals
        for (name, count) in [
            ("routes", totals.routes), ("checks", totals.checks), ("passed", totals.passed),
            ("failed", totals.failed), ("errors", totals.errors), ("skipped", totals.skipped),
        ] {
            #expect(html.contains("<td data-total=\"\(name)\">\(count)</td>"), "\(name)")
        }
        #expect(html.components(separatedBy: "<tr data-route=").count == 4)
        #expect(html.contains("<li>status == 200: got 401, token ••••"), "\(html)")
        #expect(html.contains("p95 30.0 ms") && html.contains("width:100.0%"))
        #expect(html.contains("error: no answer from &lt;evil&gt; with ••••"))
    }

    @Test("check --baseline: the line the text report prints, in the warning colour for a slower route")
    func baseline() {
        var run = Self.run()
        let now = LatencySummary(count: 20, values: [12, 13, 14, 30, 31, 31.5, 40])
        let before = LatencySummary(count: 240, values: [3, 3.1, 3.2, 3.4, 3.4])
        run.baselines = [LatencyBaseline(route: "users.show", now: now, before: before, percent: 20)]
        let html = CheckHTMLReport(baselineDays: 7).html([run], timestamp: "2026-11-27T10:00:00Z")
        Self.expectSafe(html)
        let line = "▲ last 7 days: p50 \(LatencyTable.milliseconds(before.p50)) → \(LatencyTable.milliseconds(now.p50))"
        #expect(html.contains("<div class=\"baseline slower\">\(line)"), "\(html)")
        #expect(html.contains("bar p95 slow"))
        run.baselines = [LatencyBaseline(route: "users.show", now: now, before: nil, percent: 20)]
        let empty = CheckHTMLReport(baselineDays: 7).html([run], timestamp: "2026-11-27T10:00:00Z")
        #expect(empty.contains("<div class=\"baseline meta\">no history in the last 7 days</div>"))
        #expect(!empty.contains("bar p95 slow"))
    }

    @Test("comparison: the totals, each difference as place | left | right, the verdict per row; safe")
    func comparison() {
        let comparison = WorkspaceComparisonTests.sides(
            [
                WorkspaceComparisonTests.run("a", 200, #"{"city":"Madrid"}"#),
                WorkspaceComparisonTests.run("b", 502, "{}"),
            ],
            [
                WorkspaceComparisonTests.run("a", 200, #"{"city":"<b>s3cr+t/=&\"\\x</b>"}"#),
                WorkspaceComparisonTests.run("b", 200, "{}"),
            ])
        var withSecret = comparison
        withSecret.left.secretValues = [Self.secret]
        let html = ComparisonHTMLReport().html(withSecret, timestamp: "2026-11-27T10:00:00Z")
        Self.expectSafe(html)
        #expect(
            html.contains("<td data-total=\"routes\">2</td>") && html.contains("<td data-total=\"different\">2</td>"))
        #expect(html.contains("data-route=\"a\" data-verdict=\"different\""))
        #expect(html.contains("data-route=\"b\" data-verdict=\"status\""))
        #expect(html.contains("<td>json city</td><td class=\"del\">&quot;Madrid&quot;</td>"))
        #expect(html.contains("&quot;&lt;b&gt;••••"), "\(html)")
    }
}
