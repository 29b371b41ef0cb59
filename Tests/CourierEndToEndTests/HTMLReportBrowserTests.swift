import Foundation
import Testing

/// `--html` as a reader sees it, in Debian's chromium (headless): the page opens with no
/// script of its own, the counts of its summary are the JSON report's, nothing overflows
/// sideways at 1280×800, and the screenshot is taken at that size.
@Suite("HTML report in a browser", .serialized)
final class HTMLReportBrowserTests {
    let demo: DemoProcess
    let folder: URL

    init() async throws {
        (demo, folder) = try await DemoProcess.startWithFolder("courier-html")
    }

    deinit {
        demo.end(removing: folder)
    }

    /// Chromium, headless, at 1280×800, on `page`, with `arguments` (what to produce).
    private func chromium(_ page: URL, _ arguments: String) throws -> String {
        let flags = "--headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,800 --no-first-run"
        let (out, code) = try Bash.run(
            "timeout 120 chromium \(flags) \(arguments) 'file://\(page.path)'", in: folder)
        #expect(code == 0, "chromium exited \(code)")
        return out
    }

    /// The page as the browser laid it out, with how many pixels it is wider than the window:
    /// the probe is a copy of the report with one script added, the report itself has none.
    private func rendered(_ report: URL) throws -> (dom: String, overflow: Int) {
        let html = try String(contentsOf: report, encoding: .utf8)
        #expect(!html.lowercased().contains("<script"))
        let probe = folder.appendingPathComponent("probe.html")
        let script =
            "<script>document.body.setAttribute('data-overflow', "
            + "String(document.documentElement.scrollWidth - window.innerWidth));</script>"
        try html.replacingOccurrences(of: "</body>", with: script + "</body>").write(
            to: probe, atomically: true, encoding: .utf8)
        let dom = try chromium(probe, "--dump-dom")
        let overflow = dom.components(separatedBy: "data-overflow=\"").dropFirst().first?.prefix { $0 != "\"" }
        return (dom, Int(overflow ?? "") ?? Int.max)
    }

    /// The `data-total` cells of each summary row, in order: `[["routes": 7, ...], ...]`.
    private func totals(_ dom: String) -> [[String: Int]] {
        let summary = dom.components(separatedBy: "<section id=\"summary\">").dropFirst().first ?? ""
        let section = summary.components(separatedBy: "</section>").first ?? ""
        return section.components(separatedBy: "</tr>").compactMap { row in
            var cells: [String: Int] = [:]
            for cell in row.components(separatedBy: "data-total=\"").dropFirst() {
                let name = String(cell.prefix { $0 != "\"" })
                let value = cell.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" }
                cells[name] = Int(value)
            }
            return cells.isEmpty ? nil : cells
        }
    }

    /// PNG's width and height, from its header.
    private func size(ofPNG url: URL) throws -> (Int, Int) {
        let bytes = [UInt8](try Data(contentsOf: url))
        guard bytes.count > 24, bytes[1...3] == [0x50, 0x4E, 0x47] else { return (0, 0) }
        let number = { (at: Int) in bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }

    @Test("check --html: the summary counts equal --report-json's; no sideways overflow at 1280×800")
    func check() async throws {
        let html = folder.appendingPathComponent("check.html")
        let json = folder.appendingPathComponent("check.json")
        let result = try await CourierBinary.run(
            [
                "check", "--env", "development", "--env", "production", "--repeat", "2", "--html", html.path,
                "--report-json", json.path, "--config", CourierBinary.workspace,
            ], environment: demo.environment)
        #expect(result.code == 4, "\(result.stderr)")
        let (dom, overflow) = try rendered(html)
        #expect(overflow <= 0, "the page is \(overflow) px wider than the window")
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any]
        let expected = (report?["environments"] as? [[String: Any]])?.map { $0["totals"] as? [String: Int] ?? [:] }
        #expect(totals(dom) == expected && expected?.count == 2, "\(totals(dom))")
        // Secrets stay masked in the page as the browser reads it.
        #expect(!dom.contains("dev-token") && !dom.contains("prod-token"))
        #expect(dom.contains("p95 "))
        let shot = folder.appendingPathComponent("check.png")
        _ = try chromium(html, "--screenshot='\(shot.path)'")
        #expect(try size(ofPNG: shot) == (1280, 800))
    }

    @Test("diff --html: the comparison's counts equal --json's; each difference in a row; no overflow")
    func comparison() async throws {
        let html = folder.appendingPathComponent("diff.html")
        let result = try await CourierBinary.run(
            [
                "diff", "--env", "production", "--env", "candidate", "--json", "--html", html.path, "--config",
                CourierBinary.workspace,
            ], environment: demo.environment)
        #expect(result.code == 1 || result.code == 2, "\(result.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let (dom, overflow) = try rendered(html)
        #expect(overflow <= 0, "the page is \(overflow) px wider than the window")
        #expect(totals(dom) == [report?["totals"] as? [String: Int] ?? [:]], "\(totals(dom))")
        #expect(dom.contains("<td>json address.zip</td>"))
        #expect(dom.contains("data-route=\"messages.index\" data-verdict=\"status\""))
        #expect(!dom.contains("prod-token"))
    }

    @Test("a 2,000-character value with no space wraps in both reports: still no overflow at 1280×800")
    func longValues() async throws {
        let config = folder.appendingPathComponent("long.json")
        let long = String(repeating: "x", count: 2_000)
        try Data(
            """
            {"environments": {"development": {"base_url": "http://127.0.0.1:\(demo.port)/dev/v1"},
                              "production": {"base_url": "http://127.0.0.1:\(demo.port)/prod/v1"}},
             "routes": [{"name": "users.\(long)", "path": "/users", "query": {"city": "\(long)"},
                         "checks": ["status == 418"]}]}
            """.utf8
        ).write(to: config)
        let check = folder.appendingPathComponent("long-check.html")
        let diff = folder.appendingPathComponent("long-diff.html")
        _ = try await CourierBinary.run(
            ["check", "--env", "development", "--env", "production", "--html", check.path, "--config", config.path],
            environment: demo.environment)
        _ = try await CourierBinary.run(
            ["diff", "--env", "development", "--env", "production", "--html", diff.path, "--config", config.path],
            environment: demo.environment)
        for page in [check, diff] {
            let (dom, overflow) = try rendered(page)
            #expect(dom.contains(long))
            #expect(overflow <= 0, "\(page.lastPathComponent) is \(overflow) px wider than the window")
        }
    }
}
