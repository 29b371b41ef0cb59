import Foundation
import Testing

/// The README's tour of the contract check: `courier import openapi` of the demo's own
/// document, then `check --contract` of production (kept) and of candidate (broken on purpose).
@Suite("courier check --contract")
final class ContractTests {
    let demo: DemoProcess
    let folder: URL

    init() async throws {
        (demo, folder) = try await DemoProcess.startWithFolder("courier-contract")
    }

    deinit {
        demo.end(removing: folder)
    }

    private func courier(_ arguments: [String], config: URL) async throws -> RunResult {
        try await CourierBinary.run(arguments + ["--config", config.path], environment: demo.environment)
    }

    @Test("imported from the demo's URL: production keeps the contract, candidate breaks it four ways")
    func fromURL() async throws {
        let config = folder.appendingPathComponent("shop.json")
        let url = "http://127.0.0.1:\(demo.port)/openapi.json"
        let imported = try await courier(["import", "openapi", url], config: config)
        #expect(imported.code == 0, "\(imported.stderr)")

        let production = try await courier(["check", "--contract", "--env", "production"], config: config)
        #expect(production.code == 0, "\(production.stdout)")
        #expect(production.stdout.contains("production: 9 routes, 27 checks: 27 passed, 0 failed"))

        let candidate = try await courier(["check", "--contract", "--env", "candidate"], config: config)
        #expect(candidate.code == 4)
        let lines = candidate.stdout.split(separator: "\n").map(String.init)
        for expected in [
            "    contract: 502 is not a documented response of messages.index (documented: 200)",
            "    contract: json 0.author_id: \"1\" is not of type integer (schema #/components/schemas/Post/properties/author_id)",
            "    contract: json author_id: \"1\" is not of type integer (schema #/components/schemas/Post/properties/author_id)",
            "documented but missing on candidate: comments.show (GET /posts/{post_id}/comments/{id} → 404)",
        ] {
            #expect(lines.contains(expected), "\(expected)\n\(candidate.stdout)")
        }
    }

    @Test("imported from a file: the route names it relative to the workspace, and it is read from any folder")
    func fromFile() async throws {
        let api = folder.appendingPathComponent("api")
        try FileManager.default.createDirectory(at: api, withIntermediateDirectories: true)
        let fetched = try Bash.run(
            "curl -sf -o api/openapi.json http://127.0.0.1:\(demo.port)/openapi.json", in: folder)
        #expect(fetched.code == 0)
        let config = folder.appendingPathComponent("shop.json")
        let imported = try await courier(
            ["import", "openapi", api.appendingPathComponent("openapi.json").path], config: config)
        #expect(imported.code == 0, "\(imported.stderr)")
        let workspace = try String(contentsOf: config, encoding: .utf8)
        #expect(workspace.contains(#""operation": "api/openapi.json#users.show""#), "\(workspace)")

        let elsewhere = FileManager.default.temporaryDirectory
        let result = try await CourierBinary.run(
            ["check", "posts.show", "--env", "candidate", "--config", config.path], environment: demo.environment,
            in: elsewhere)
        #expect(result.code == 4)
        #expect(result.stdout.contains("contract: json author_id: \"1\" is not of type integer"), "\(result.stdout)")
    }
}
