import Testing

@testable import CourierCore

/// A whole-workspace comparison: each route's verdict, noise learned from a second answer, the
/// terminal lines, JSON and JUnit, secrets of both sides masked, the exit code.
@Suite("Workspace comparison")
struct WorkspaceComparisonTests {
    static func run(
        _ name: String, _ status: Int, _ body: String, headers: [HeaderField] = [], pass: Int = 1,
        secrets: [String] = []
    ) -> RouteRun {
        let response = HTTPResponse(
            status: status, reason: "", headers: [HeaderField("Content-Type", "application/json")] + headers,
            body: Array(body.utf8), totalTime: 0.012)
        let exchange = Exchange(
            request: HTTPRequest(method: .get, url: "http://qa.test/\(name)"), response: response,
            origin: ExchangeOrigin(secretValues: secrets))
        return RouteRun(
            route: name, method: .get, url: "http://qa.test/\(name)", outcome: .passed, exchange: exchange, pass: pass)
    }

    static func other(_ name: String, _ outcome: RouteRun.Outcome) -> RouteRun {
        RouteRun(route: name, method: .get, url: "/\(name)", outcome: outcome)
    }

    static let verdicts: [(String, RouteRun, RouteRun, RouteComparison.Verdict)] = [
        (
            "same JSON, keys in another order", run("a", 200, #"{"x":1,"y":2}"#), run("a", 200, #"{"y":2,"x":1.0}"#),
            .same
        ),
        ("a field", run("b", 200, #"{"city":"Madrid"}"#), run("b", 200, #"{"city":"Manchester"}"#), .different),
        ("a status", run("c", 502, #"{"error":"down"}"#), run("c", 200, "[]"), .statusDiffers),
        (
            "one side could not connect", run("d", 200, "{}"), other("d", .error("connection refused")),
            .trouble("prod: connection refused")
        ),
        (
            "not sent to one side", run("e", 200, "{}"), other("e", .skipped("protected: not sent")),
            .skipped("prod: protected: not sent")
        ),
        (
            "a volatile header is not a difference", run("f", 200, "{}", headers: [HeaderField("Date", "Mon")]),
            run("f", 200, "{}", headers: [HeaderField("Date", "Tue")]), .same
        ),
    ]

    @Test("verdicts", arguments: verdicts)
    func verdict(_ title: String, left: RouteRun, right: RouteRun, expected: RouteComparison.Verdict) {
        let comparison = RouteComparison(left: left, right: right, names: ("dev", "prod"))
        #expect(comparison.verdict == expected, "\(title)")
    }

    static func sides(_ left: [RouteRun], _ right: [RouteRun], noise: Bool = false) -> WorkspaceComparison {
        WorkspaceComparison(
            left: EnvironmentRun(environment: "staging", baseURL: "http://s.test", routes: left, duration: 1.5),
            right: EnvironmentRun(
                environment: "production", baseURL: "http://p.test", routes: right, duration: 2.25,
                secretValues: ["prod-s3cret"]), noise: noise)
    }

    @Test("--noise: what differs between a side's own two answers is ignored and listed; the rest still counts")
    func noise() {
        let comparison = Self.sides(
            [
                Self.run("users.show", 200, #"{"city":"Madrid","at":1}"#),
                Self.run("users.show", 200, #"{"city":"Madrid","at":2}"#, pass: 2),
            ],
            [
                Self.run("users.show", 200, #"{"city":"Paris","at":3}"#, headers: [HeaderField("X-Served-By", "p1")]),
                Self.run(
                    "users.show", 200, #"{"city":"Paris","at":4}"#, headers: [HeaderField("X-Served-By", "p2")],
                    pass: 2),
            ], noise: true)
        let route = comparison.routes[0]
        #expect(route.noise == [.json(["at"]), .header("x-served-by")])
        #expect(route.differences == [Difference(place: "json city", left: "\"Madrid\"", right: "\"Paris\"")])
        #expect(
            ComparisonTextReport().lines(for: route, environments: ("staging", "production"), masking: { $0 }) == [
                "≠ users.show  json city: \"Madrid\" | \"Paris\"", "    noise ignored: json:at, header:x-served-by",
            ])
    }

    @Test("lines, summary, JSON, JUnit and the exit code of a mixed comparison; a secret of either side masked")
    func reports() throws {
        let comparison = Self.sides(
            [
                Self.run("same", 200, "[1]"), Self.run("field", 200, #"{"token":"prod-s3cret","n":1}"#),
                Self.run("status", 502, #"{"e":1}"#), Self.run("gone", 200, "{}"),
                Self.other("write", .skipped("protected: not sent")),
            ],
            [
                Self.run("same", 200, "[1]"), Self.run("field", 200, #"{"token":"other","n":2}"#),
                Self.run("status", 200, #"{"e":1}"#), Self.other("gone", .error("timed out after 10 s")),
                Self.other("write", .skipped("protected: not sent")),
            ])
        #expect(
            comparison.routes.map(\.verdict) == [
                .same, .different, .statusDiffers, .trouble("production: timed out after 10 s"),
                .skipped("staging: protected: not sent; production: protected: not sent"),
            ])
        #expect(comparison.exitCode == 2)
        let text = ComparisonTextReport()
        let lines = comparison.routes.flatMap {
            text.lines(for: $0, environments: ("staging", "production"), masking: comparison.masking)
        }
        #expect(
            lines == [
                "= same", "≠ field  json token: \"••••••\" | \"other\"", "    json n: 1 | 2", "✗ status  502 | 200",
                "✗ gone  production: timed out after 10 s",
                "- write  skipped: staging: protected: not sent; production: protected: not sent",
            ])
        #expect(
            text.summary(comparison)
                == "staging | production: 5 routes: 1 same, 2 different, 1 trouble, 1 skipped · 2.25 s")

        let json = ComparisonReports().json(comparison, timestamp: "2026-11-27T12:00:00Z")
        #expect(
            json.serialized.contains(
                #""totals":{"routes":5,"same":1,"different":2,"trouble":1,"skipped":1,"slower":0}"#))
        #expect(json.serialized.contains(#""verdict":"status""#))
        #expect(!json.serialized.contains("prod-s3cret"))

        let xml = ComparisonReports().junit(comparison, timestamp: "2026-11-27T12:00:00Z")
        #expect(
            xml.contains(
                "<testsuite name=\"courier:diff staging|production\" tests=\"5\" failures=\"2\" errors=\"1\" skipped=\"1\""
            ))
        #expect(xml.contains("<testcase classname=\"diff\" name=\"same\" time=\"0.012\"></testcase>"))
        #expect(
            xml.contains("<failure type=\"Difference\" message=\"json token: &quot;••••••&quot; | &quot;other&quot;\">")
        )
        #expect(!xml.contains("prod-s3cret"))
    }

    @Test("exit 1 when only differences, 0 when all the same; a long line is cut")
    func exitAndWidth() {
        let long = String(repeating: "x", count: 500)
        let different = Self.sides([Self.run("a", 200, "[\"\(long)\"]")], [Self.run("a", 200, "[1]")])
        #expect(different.exitCode == 1)
        let lines = ComparisonTextReport().lines(
            for: different.routes[0], environments: ("staging", "production"), masking: { $0 })
        #expect(lines[0].count == ComparisonTextReport.width && lines[0].hasSuffix("…"))
        #expect(Self.sides([Self.run("a", 200, "[1]")], [Self.run("a", 200, "[1]")]).exitCode == 0)
    }
}
