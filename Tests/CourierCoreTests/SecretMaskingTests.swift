import Testing

@testable import CourierCore

/// A secret leaves in the encoding of where it went; every output masks every encoding
/// (issue 28, item 2): a table of encodings × outputs.
@Suite("Secrets masked in every encoding and every output")
struct SecretMaskingTests {
    /// Every character that an encoding changes: `+ / = & space " \`.
    static let secret = #"p+s/w=r&d "q\x"#
    static let user = "qa-user"

    /// The forms a careless output would show, each as an encoder would write it.
    static let encodings: [(name: String, text: String)] = [
        ("raw", secret),
        ("query (Courier's encoder)", PercentEncoding.queryComponent(secret)),
        ("path segment", PercentEncoding.pathSegment(secret)),
        ("form (+ for space)", PercentEncoding.formComponent(secret)),
        ("percent, %20 for space", "p%2Bs%2Fw%3Dr%26d%20%22q%5Cx"),
        ("percent, lower-case hex", "p%2bs%2fw%3dr%26d%20%22q%5cx"),
        ("JSON-escaped", #"p+s/w=r&d \"q\\x"#),
        ("JSON-escaped with \\/", #"p+s\/w=r&d \"q\\x"#),
        ("base64", Base64.encode(Array(secret.utf8))),
        ("base64 of user:password", Base64.encode(Array("\(user):\(secret)".utf8))),
        (
            "base64url",
            String(Base64.encode(Array(secret.utf8)).map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 })
                .replacingText("=", with: "")
        ),
    ]

    @Test("each encoding is masked by the one masking function", arguments: encodings.map(\.name))
    func maskedInText(name: String) throws {
        let text = try #require(Self.encodings.first { $0.name == name }).text
        let masked = SecretMask.apply("before \(text) after", hiding: [Self.secret, "\(Self.user):\(Self.secret)"])
        #expect(!masked.contains(text), "\(name) left in \(masked)")
    }

    @Test(
        "a secret shorter than four bytes is masked only as a whole token",
        arguments: [
            ("I/O on closed channel", "s", "I/O on closed channel"),
            ("pin s here", "s", "pin •••••• here"),
            ("pin=ab&x", "ab", "pin=••••••&x"),
            ("abc abcd", "abc", "•••••• abcd"),
            ("\"abc\"", "abc", "\"••••••\""),
            ("xabcd", "abcd", "x••••••"),
        ])
    func shortSecrets(text: String, secret: String, expected: String) {
        #expect(SecretMask.apply(text, hiding: [secret]) == expected)
    }

    /// The demo's shape, with the secret going out in the query, a JSON body, a form-like
    /// header and Basic auth; the stand-in server echoes every encoding in its body and a header.
    static let workspace: Workspace = {
        var route = Route(name: "login", method: .post, path: "/login")
        route.query = [QueryItem("key", "{{token}}")]
        route.body = .object([JSONMember("password", .string("{{token}}"))])
        route.checks = ["json echo == \"nothing\"", "body contains \"{{token}}!\""].compactMap {
            try? CheckParser.check($0)
        }
        route.auth = .basic(username: user, password: "{{token}}")
        return Workspace(
            environments: [
                Environment(name: "qa", baseURL: "http://qa.test", variables: ["token": secret], secrets: ["token"])
            ],
            routes: [route])
    }()

    static func run() async -> EnvironmentRun {
        let runner = CheckRunner(
            builder: RequestBuilder(workspace: workspace, processEnvironment: [:]),
            environment: workspace.environments[0])
        return await runner.run(workspace.routes) { (prepared) async throws(TransportError) in
            let all = encodings.map(\.text).joined(separator: " | ")
            let body = JSONValue.object([JSONMember("echo", .string(all))]).serialized
            let response = HTTPResponse(
                status: 200, reason: "OK",
                headers: [HeaderField("Content-Type", "application/json"), HeaderField("X-Echo", all)],
                body: Array(body.utf8), totalTime: 0.01, finalURL: prepared.request.url)
            // As `SendPipeline` does: the sender runs the route's checks.
            var exchange = Exchange(request: prepared.request, response: response, origin: prepared.origin)
            prepared.checkPlan?.apply(to: &exchange)
            return exchange
        }
    }

    @Test("history, spool, HAR, JUnit, TAP, report JSON, check lines, diff lines, history show, messages")
    func everyOutput() async throws {
        let run = await Self.run()
        let exchange = try #require(run.routes.first?.exchange)
        #expect(run.routes.first?.failures.count == 2)
        let record = HistoryRedactor.record(exchange)
        let text = RunTextReport()
        let other = HTTPResponse(status: 200, reason: "OK", headers: [], body: Array("{\"echo\": 1}".utf8))
        let diff = ExchangeDiff().compare(exchange.response, other)
        let error = TransportError.connection(url: exchange.request.url, reason: "refused")
        let outputs: [(String, String)] = [
            ("history and spool", String(decoding: HistoryCoding.document(record), as: UTF8.self)),
            ("HAR", String(decoding: HARExport(creatorVersion: "test").document([record]), as: UTF8.self)),
            ("JUnit", JUnitReport().xml([run], timestamp: "2026-11-26T00:00:00Z")),
            ("TAP", TAPReport().text([run])),
            ("report JSON", RunJSONReport().json([run], timestamp: "2026-11-26T00:00:00Z").serialized),
            ("check lines", run.routes.flatMap { text.lines(for: $0, in: "qa", masking: run.masking) }.joined()),
            (
                "diff lines",
                SecretMask.apply(
                    (diff.differences.map(\.description) + diff.bodyLines).joined(separator: "\n"),
                    hiding: exchange.origin.secretValues)
            ),
            (
                "history show",
                HistoryListing.head(record) + String(decoding: record.exchange.response.body, as: UTF8.self)
            ),
            ("message", exchange.origin.masking(error.description)),
        ]
        for (output, content) in outputs {
            #expect(content.contains("••••••"), "\(output) masks nothing: the test would prove nothing")
            for (encoding, form) in Self.encodings {
                #expect(!content.contains(form), "\(output) holds the secret \(encoding): \(form)")
            }
        }
    }
}
