import Foundation
import Testing

/// Captures kept between commands: `courier call auth.login`, then `courier call account`,
/// against the sample API, in a state folder of this suite's own.
@Suite("Captured values across commands", .serialized)
final class CapturesCommandTests {
    let demo: DemoProcess
    let state: URL

    init() async throws {
        (demo, state) = try await DemoProcess.startWithFolder("courier-captures")
    }

    deinit { demo.end(removing: state) }

    private func courier(_ arguments: [String]) async throws -> RunResult {
        var environment = demo.environment
        environment["XDG_STATE_HOME"] = state.path
        return try await CourierBinary.run(
            arguments + ["--config", CourierBinary.workspace], environment: environment)
    }

    @Test("call auth.login, then call account: the session is kept (0600), listed masked, and forgotten on --clear")
    func chain() async throws {
        let none = try await courier(["captures"])
        #expect(none.code == 0 && none.stderr.contains("nothing captured"))
        // Before the login: the error names the route that captures the variable.
        let early = try await courier(["call", "account", "--no-history"])
        #expect(early.code == 1)
        #expect(
            early.stderr.contains("'{{session}}' is captured by auth.login: call it first"), "\(early.stderr)")

        let login = try await courier(["call", "auth.login", "--no-history"])
        #expect(login.code == 0, "\(login.stderr)")
        let token = try #require(
            (try JSONSerialization.jsonObject(with: Data(login.stdout.utf8)) as? [String: Any])?["access_token"]
                as? String)
        let account = try await courier(["call", "account", "--no-history", "--json-path", "user.id"])
        #expect(
            account.code == 0 && account.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "42",
            "\(account.stderr)")

        let listed = try await courier(["captures"])
        let row = listed.stdout.split(separator: "\n").first { $0.contains("session") }.map(String.init) ?? ""
        #expect(row.contains("auth.login") && row.contains("••••") && row.contains("min"), "\(listed.stdout)")
        #expect(!listed.stdout.contains(token))

        let files = try FileManager.default.subpathsOfDirectory(atPath: state.path).filter {
            $0.hasPrefix("courier/captures/") && $0.hasSuffix(".json")
        }
        let file = try #require(files.first.map { state.appendingPathComponent($0).path })
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int)
        #expect(mode & 0o777 == 0o600)

        let cleared = try await courier(["captures", "--clear"])
        #expect(cleared.code == 0)
        let after = try await courier(["call", "account", "--no-history"])
        #expect(after.code == 1 && after.stderr.contains("is captured by auth.login"))
    }
}
