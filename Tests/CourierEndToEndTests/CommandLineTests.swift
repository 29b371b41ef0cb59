import Foundation
import Testing

/// The built `courier` binary against the sample API, one `courier demo` per suite run.
@Suite("courier command line", .serialized)
final class CommandLineTests {
    let demo: DemoProcess

    init() async throws {
        demo = try await DemoProcess.start()
    }

    deinit { demo.terminate() }

    /// `courier ARGS --config environments.json` pointed at this suite's server.
    private func courier(_ arguments: [String], stdin: [UInt8]? = nil) async throws -> RunResult {
        try await CourierBinary.run(
            arguments + ["--config", CourierBinary.workspace], environment: demo.environment, stdin: stdin)
    }

    private func squeeze(_ line: Substring) -> String {
        line.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    @Test("routes prints NAME VERB PATH like rake routes, routes then resources")
    func routes() async throws {
        let result = try await courier(["routes"])
        #expect(result.code == 0)
        let lines = result.stdout.split(separator: "\n").map(squeeze)
        #expect(lines.first == "NAME VERB PATH")
        #expect(lines.contains("users.index GET /users"))
        #expect(lines.contains("comments.show GET /posts/:post_id/comments/:id"))
        #expect(lines.last == "comments.create POST /posts/:post_id/comments")
    }

    @Test("envs lists environments in file order with resolved URLs and the protected marker")
    func envs() async throws {
        let result = try await courier(["envs"])
        #expect(result.code == 0)
        let lines = result.stdout.split(separator: "\n").map(squeeze)
        #expect(
            lines == [
                "development http://127.0.0.1:\(demo.port)/dev/v1",
                "production http://127.0.0.1:\(demo.port)/prod/v1 protected",
                "candidate http://127.0.0.1:\(demo.port)/next/v1",
                "staging https://staging.example.com/api",
            ])
    }

    @Test("call prints pretty JSON; switching --env reaches the other deployment")
    func callAndSwitch() async throws {
        let development = try await courier(["call", "users.show"])
        #expect(development.code == 0)
        #expect(development.stdout.hasPrefix("{\n  \"id\": 42,\n  \"name\": \"Pablo\",\n"))
        let production = try await courier(["call", "users.show", "--env", "production"])
        #expect(production.code == 0)
        #expect(production.stdout.contains("\"name\": \"Alan\""))
    }

    @Test("-p, -q, -H, --var and --body reach the server as typed")
    func requestFlags() async throws {
        let bodyFile = FileManager.default.temporaryDirectory.appendingPathComponent("courier-e2e-body.json")
        try Data("{\"from\": \"file\", \"n\": 1.50}".utf8).write(to: bodyFile)
        let result = try await courier([
            "call", "echo", "-q", "source=cli", "-q", "extra=a b", "-H", "X-Trace: {{city}}-1",
            "--var", "city=Zürich", "--body", "@\(bodyFile.path)",
        ])
        #expect(result.code == 0)
        #expect(result.stdout.contains("\"path\": \"/dev/v1/echo\""))
        #expect(result.stdout.contains("\"source\": \"cli\""))
        #expect(result.stdout.contains("\"extra\": \"a b\""))
        #expect(result.stdout.contains("\"x-trace\": \"Zürich-1\""))
        #expect(result.stdout.contains("\"body\": {\n    \"from\": \"file\",\n    \"n\": 1.50\n  }"))

        let inline = try await courier(["call", "users.show", "-p", "id=1", "--env", "production"])
        #expect(inline.stdout.contains("\"name\": \"Grace\""))
    }

    @Test("--include prints the status line and headers; --raw the body as received")
    func includeAndRaw() async throws {
        let included = try await courier(["call", "users.show", "-i"])
        #expect(included.stdout.hasPrefix("HTTP/1.1 200 OK\n"))
        #expect(included.stdout.contains("Content-Type: application/json\n"))
        #expect(included.stdout.contains("\n\n{\n  \"id\": 42"))
        let raw = try await courier(["call", "users.show", "--raw"])
        #expect(raw.stdout.hasPrefix("{\"id\":42,\"name\":\"Pablo\""))
        let gzip = try await courier(["call", "gzip", "--raw"])
        #expect(gzip.stdout == "{\"encoding\":\"gzip\",\"deployment\":\"development\"}")
    }

    @Test("json_path: the route's default, --json-path, '' for everything, and a clear miss")
    func jsonPath() async throws {
        #expect(try await courier(["call", "users.city"]).stdout == "\"Madrid\"\n")
        #expect(try await courier(["call", "me", "--env", "production"]).stdout == "\"Manchester\"\n")
        #expect(
            try await courier(["call", "users.show", "--json-path", "address"]).stdout.hasPrefix("{\n  \"street\": "))
        #expect(try await courier(["call", "users.city", "--json-path", ""]).stdout.hasPrefix("{\n  \"id\": 42"))
        let missing = try await courier(["call", "users.show", "--json-path", "address.planet"])
        #expect(missing.code == 1)
        #expect(
            missing.stderr
                == "courier: json path 'address.planet' not found: 'address' is an object with no key 'planet'\n")
    }

    static let exitCases: [([String], Int32)] = [
        (["call", "status", "-p", "code=201"], 0),
        (["call", "status", "-p", "code=404"], 4),
        (["call", "status", "-p", "code=500"], 5),
        (["call", "redirect", "--no-follow"], 3),
        (["call", "redirect"], 0),
        (["call", "redirect", "-p", "hops=11"], 6),
        (["call", "delay", "-p", "ms=3000", "--timeout", "0.3"], 2),
        (["call", "stall", "--timeout", "0.3"], 2),
        (["call", "nope"], 1),
        (["call", "users.show", "-p", "id="], 1),
        (["call", "users.show", "--env", "prod"], 1),
        (["call", "users.show", "-H", "bad header"], 1),
        (["call"], 1),
    ]

    @Test("exit codes follow HTTPie's --check-status", arguments: exitCases)
    func exitCodes(arguments: [String], code: Int32) async throws {
        let result = try await courier(arguments)
        #expect(result.code == code, "\(arguments): \(result.stderr)")
        if code == 1 || code == 2 || code == 6 {
            #expect(result.stderr.split(separator: "\n").count >= 1)
        }
    }

    @Test("HTTP Digest: Courier answers the challenge (MD5 and SHA-256), as curl --digest does against the same server")
    func digest() async throws {
        for algorithm in ["sha-256", "md5"] {
            let result = try await courier(["call", "auth.digest", "-p", "algorithm=\(algorithm)", "--raw"])
            #expect(result.code == 0, "\(result.stderr)")
            #expect(result.stdout.contains("\"authenticated\":\"qa\""))
            let wrong = try await courier([
                "call", "auth.digest", "-p", "algorithm=\(algorithm)", "--var", "password=no",
            ])
            #expect(wrong.code == 4)
        }
        // curl, an independent client, gets in with the same credentials: the server is real Digest.
        let curl = try Bash.run(
            "curl -s --digest -u qa:dev-password http://127.0.0.1:\(demo.port)/dev/v1/digest/md5")
        #expect(curl.stdout.contains("\"authenticated\":\"qa\""))
    }

    @Test("a server that stalls mid-body times out after --timeout, naming the phase")
    func stalledBody() async throws {
        let started = Date()
        // 1.5 s, so the head is surely in before it runs out, even on a loaded machine.
        let result = try await courier(["call", "stall", "-q", "ms=6000", "--timeout", "1.5"])
        #expect(result.code == 2 && Date().timeIntervalSince(started) < 5)
        #expect(result.stderr.hasPrefix("courier: timed out after 1.5 s waiting for more of the body from http://"))
        let head = try await courier(["call", "delay", "-p", "ms=3000", "--timeout", "0.3"])
        #expect(head.stderr.hasPrefix("courier: timed out after 0.3 s waiting for the response from http://"))
    }

    static let errorCases: [([String], String?)] = [
        (["call", "user.show"], "courier: unknown route 'user.show'; did you mean 'users.show'?\n"),
        (
            ["call", "users.show", "--env", "prodution"],
            "courier: unknown environment 'prodution'; did you mean 'production'?\n"
        ),
        (
            ["call", "users.show", "-p", "id="],
            "courier: route 'users.show' needs path parameter 'id' (pass -p id=VALUE)\n"
        ),
        (
            ["call", "users.index", "-p", "id=1"],
            "courier: route 'users.index' has no path parameter 'id' (it has none)\n"
        ),
        (
            ["call", "users.index", "-q", "city={{nope}}"],
            "courier: unknown variable '{{nope}}' (set it with --var nope=VALUE or in environments.json)\n"
        ),
        (
            ["call", "users.index", "--var", "city={{zz}}"],
            "courier: unknown variable '{{zz}}' (set it with --var zz=VALUE or in environments.json)\n"
        ),
        (
            ["call", "users.show", "--env", "staging"],
            "courier: environment variable STAGING_TOKEN is not set (export it, or write ${STAGING_TOKEN:-default})\n"
        ),
        (
            ["call", "users.create", "--body", "{\"a\":}"],
            "courier: the body is not valid JSON: line 1, column 6: expected a value, found '}'\n"
        ),
    ]

    @Test("errors are one line that names the problem", arguments: errorCases)
    func errorMessages(arguments: [String], message: String?) async throws {
        let result = try await courier(arguments)
        #expect(result.code == 1)
        if let message { #expect(result.stderr == message) }
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test("a connection refused is exit 1 with one line")
    func connectionRefused() async throws {
        let result = try await CourierBinary.run(
            ["call", "users.index", "--config", CourierBinary.workspace],
            environment: ["COURIER_DEMO_PORT": "1"])
        #expect(result.code == 1)
        #expect(
            result.stderr
                == "courier: could not connect to http://127.0.0.1:1/dev/v1/users?city=Madrid: connection refused\n")
    }

    @Test("a protected environment refuses mutating requests without --yes, and nothing reaches the server")
    func protectedEnvironment() async throws {
        let refused = try await courier(["call", "users.create", "--env", "production"])
        #expect(refused.code == 1)
        #expect(
            refused.stderr
                == "courier: environment 'production' is protected: refusing to send POST without confirmation (pass --yes)\n"
        )
        #expect(refused.stdout.isEmpty)
        #expect(try await demo.requestLog().contains { $0.hasPrefix("POST /prod/v1/users") } == false)

        let reads = try await courier(["call", "users.index", "--env", "production"])
        #expect(reads.code == 0)

        let confirmed = try await courier(["call", "users.create", "--env", "production", "--yes"])
        #expect(confirmed.code == 0)
        #expect(confirmed.stdout.contains("\"city\": \"Paris\""))
        #expect(try await demo.requestLog().filter { $0.hasPrefix("POST /prod/v1/users") }.count == 1)
    }

    @Test("writes without the token get 401; validation errors 422 with exit 4")
    func serverSideErrors() async throws {
        let unauthorized = try await courier(["call", "users.create", "-H", "Authorization:"])
        #expect(unauthorized.code == 4)
        #expect(unauthorized.stdout.contains("Bearer"))
        let invalid = try await courier(["call", "users.create", "--body", "{\"name\": \"\"}"])
        #expect(invalid.code == 4)
        #expect(invalid.stdout.contains("\"name\": [\n      \"can't be blank\"\n    ]"))
    }

    @Test("text bodies print as text; binary bodies as a note unless --raw")
    func otherBodies() async throws {
        let text = try await courier(["call", "text"])
        #expect(text.stdout == "Hello from the development sample API.\nThis body is plain text.\n")
        let binary = try await courier(["call", "bytes", "-p", "count=300"])
        #expect(binary.stdout == "binary body: 300 B, application/octet-stream (use --raw to print it)\n")
        let raw = try await courier(["call", "bytes", "-p", "count=300", "--raw"])
        #expect(raw.stdoutBytes == (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
    }

    @Test("--lang sends Accept-Language; the default is the first language")
    func languages() async throws {
        #expect(try await courier(["call", "headlines"]).stdout.contains("\"language\": \"en\""))
        #expect(
            try await courier(["call", "headlines", "--lang", "ca"]).stdout.contains("Courier inclou una API d'exemple")
        )
    }

    @Test("--retries retries transient 503s of a GET")
    func retries() async throws {
        let failing = try await courier(["call", "flaky", "-q", "key=e2e-a", "-q", "fail=1", "--retries", "0"])
        #expect(failing.code == 5)
        let recovered = try await courier([
            "call", "flaky", "-q", "key=e2e-b", "-q", "fail=1", "--retries", "1", "--retry-delay", "0",
        ])
        #expect(recovered.code == 0)
        #expect(recovered.stdout.contains("\"attempts\": 2"))
    }
}
