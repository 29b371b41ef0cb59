import Foundation
import Testing

/// `courier call` with the transport settings of DESIGN.md §10, against the sample API:
/// proxies, the environment named when its settings are at fault.
@Suite("courier command line: transport", .serialized)
final class TransportCommandTests {
    let demo: DemoProcess
    let folder: URL

    init() async throws {
        (demo, folder) = try await DemoProcess.startWithFolder("courier-transport")
    }

    deinit { demo.end(removing: folder) }

    /// Writes a workspace with one environment `dev` (with `settings`) and returns its path.
    private func workspace(_ settings: String) throws -> String {
        let file = folder.appendingPathComponent("transport-\(UUID().uuidString).json")
        try Data(
            """
            {"environments": {"dev": {"base_url": "http://127.0.0.1:\(demo.port)/dev/v1"\(settings)}},
             "routes": [{"name": "users.show", "path": "/users/42"}]}
            """.utf8
        ).write(to: file)
        return file.path
    }

    @Test("a proxy that is not there is one line naming it (password masked) and the environment")
    func proxyRefused() async throws {
        let config = try workspace(#", "proxy": "http://qa:hunter2@127.0.0.1:1""#)
        let result = try await CourierBinary.run(["call", "users.show", "--config", config])
        #expect(result.code == 1)
        #expect(
            result.stderr == "courier: proxy http://qa:••••••@127.0.0.1:1: connection refused (environment dev)\n")
        #expect(!result.stderr.contains("hunter2"))
    }

    @Test("\"proxy\": \"\" ignores HTTP_PROXY; loopback never takes the process's proxy")
    func noProxy() async throws {
        let config = try workspace(#", "proxy": """#)
        let direct = try await CourierBinary.run(
            ["call", "users.show", "--config", config, "--raw"], environment: ["HTTP_PROXY": "http://127.0.0.1:1"])
        #expect(direct.code == 0 && direct.stdout.contains("\"id\":42"), "\(direct.stderr)")
        let loopback = try await CourierBinary.run(
            ["call", "users.show", "--config", try workspace(""), "--raw"],
            environment: ["http_proxy": "http://127.0.0.1:1"])
        #expect(loopback.code == 0, "\(loopback.stderr)")
    }
}
