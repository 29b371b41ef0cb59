import CourierTestSupport
import Foundation
import Testing

/// The built binary against a hostile loopback server (issue 28): what the user sees when a
/// server bombs, drops connections or redirects a write into a protected environment.
@Suite("courier command line: a hostile server")
struct HostileServerCommandTests {
    /// A workspace with `development` at `development` and a protected `production` at
    /// `production`, and the routes `create` (POST /users) and `show` (GET /users/1).
    private func workspace(development: String, production: String) throws -> (file: String, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-hostile-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("environments.json")
        try Data(
            """
            {"environments": {"development": {"base_url": "\(development)"},
                              "production": {"base_url": "\(production)", "protected": true}},
             "routes": [{"name": "create", "method": "POST", "path": "/users", "body": {"name": "x"}},
                        {"name": "show", "path": "/users/1"},
                        {"name": "other", "path": "/users/2"}]}
            """.utf8
        ).write(to: file)
        return (file.path, folder)
    }

    @Test("a 308 from development into protected production is refused without --yes, naming it; --yes sends")
    func protectedRedirect() async throws {
        let production = try HostileServer { request in
            .text("{\"method\": \"\(request.method)\"}", type: "application/json")
        }
        defer { production.stop() }
        let development = try HostileServer { request in .redirect(308, to: production.url + request.target) }
        defer { development.stop() }
        let (config, folder) = try workspace(development: development.url, production: production.url)
        defer { try? FileManager.default.removeItem(at: folder) }

        let refused = try await CourierBinary.run(["call", "create", "--config", config, "--env", "development"])
        #expect(refused.code == 1)
        #expect(
            refused.stderr
                == "courier: refused to follow a redirect that sends POST to \(production.url)/users in protected environment 'production' (pass --yes to allow it)\n"
        )
        #expect(production.received.isEmpty)

        let checked = try await CourierBinary.run(["check", "create", "--config", config, "--env", "development"])
        #expect(checked.code == 3 && production.received.isEmpty, "\(checked.stdout)")

        let confirmed = try await CourierBinary.run(
            ["call", "create", "--config", config, "--env", "development", "--yes"])
        #expect(confirmed.code == 0 && production.received.map(\.method) == ["POST"], "\(confirmed.stderr)")
    }

    @Test("a gzip bomb is one line and exit 1, and the process stays small")
    func gzipBomb() async throws {
        let bomb = GzipBomb.gzip(decodedBytes: 1 << 30)
        let server = try HostileServer { _ in
            .init(headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")], body: bomb)
        }
        defer { server.stop() }
        let (config, folder) = try workspace(development: server.url, production: server.url + "/prod")
        defer { try? FileManager.default.removeItem(at: folder) }
        for extra in [[], ["--raw"]] {
            // Each run's own peak, under GNU time: the children's high-water mark of this test
            // process is also every other test's (a demo server, a 17 MB WebSocket message).
            let peak = folder.appendingPathComponent("peak")
            let result = try await CourierBinary.run(
                ["call", "show", "--config", config, "--no-history"] + extra, peakTo: peak)
            #expect(result.code == 1 && result.stdout.isEmpty)
            #expect(
                result.stderr
                    == "courier: the response from \(server.url)/users/1 inflates past 100 times its compressed size; refused\n"
            )
            let figure = try String(contentsOf: peak, encoding: .utf8).split(separator: "\n").last
            let kilobytes = figure.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            #expect((kilobytes ?? .max) < 100 * 1024, "peak \(kilobytes ?? -1) KB")
        }
    }

    @Test("a server that drops idle kept-alive connections: check sends every route on a new one")
    func silentClose() async throws {
        let server = try HostileServer { request in
            .init(headers: [("Content-Type", "application/json")], body: Array("{}".utf8), dropNext: true)
        }
        defer { server.stop() }
        let (config, folder) = try workspace(development: server.url, production: server.url + "/prod")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await CourierBinary.run(["check", "show", "other", "show", "--config", config, "--no-history"])
        #expect(result.code == 0, "\(result.stdout)\(result.stderr)")
    }

    @Test("a huge URL in an error is cut to about 2 KB, after masking")
    func hugeURLMessage() async throws {
        let (config, folder) = try workspace(development: "http://127.0.0.1:1", production: "http://127.0.0.1:1/p")
        defer { try? FileManager.default.removeItem(at: folder) }
        let long = String(repeating: "a", count: 100_000)
        let result = try await CourierBinary.run([
            "call", "show", "--config", config, "-q", "q=\(long)", "--no-history",
        ])
        #expect(result.code == 1)
        #expect(
            result.stderr.utf8.count < 2_200 && result.stderr.contains("… (97.7 KB in all)"),
            "\(result.stderr.prefix(300))")
    }
}
