import CourierCore
import CourierPipeline
import CourierStore
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Captured values kept between commands: how long, and where not at all.
@Suite("Captured values kept between commands")
struct CaptureKeeperTests {
    /// A workspace file in a fresh folder (with `extra` top-level keys) and its state folder.
    static func workspace(_ extra: String = "") throws -> (Workspace, [String: String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-captures-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let text = #"{"environments": {"dev": {"base_url": "http://x"}}\#(extra)}"#
        var workspace = try WorkspaceLoader().load(bytes: Array(text.utf8), fileName: "environments.json")
        workspace.file = folder + "/environments.json"
        return (workspace, ["XDG_STATE_HOME": folder + "/state"])
    }

    static func exchange(body: String, captured: [String: String]) -> Exchange {
        var exchange = Exchange(
            request: HTTPRequest(method: .post, url: "http://x/login"),
            response: HTTPResponse(status: 200, reason: "OK", headers: [], body: Array(body.utf8), totalTime: 0.01),
            origin: ExchangeOrigin(workspace: "w", environmentName: "dev", routeName: "auth.login"))
        exchange.captured = captured
        return exchange
    }

    @Test(
        "kept for capture_ttl, else the answer's expires_in, else 12 hours",
        arguments: [
            ("", #"{"access_token": "t", "expires_in": 3600}"#, 3600.0),
            ("", #"{"access_token": "t"}"#, 43_200.0),
            ("", #"{"access_token": "t", "expires_in": -5}"#, 43_200.0),
            (#", "capture_ttl": 60"#, #"{"access_token": "t", "expires_in": 3600}"#, 60.0),
        ])
    func lifetime(extra: String, body: String, seconds: Double) throws {
        let (workspace, state) = try Self.workspace(extra)
        let keeper = CaptureKeeper(workspace: workspace, processEnvironment: state)
        let before = Date().timeIntervalSince1970
        #expect(keeper.keep(Self.exchange(body: body, captured: ["session": "t"])) == nil)
        let kept = try #require(
            CaptureStore(configPath: workspace.file, processEnvironment: state).load()["dev"]?["session"])
        #expect(kept.value == "t" && kept.route == "auth.login")
        #expect(abs(kept.expires - kept.captured - seconds) < 0.001 && kept.captured >= before - 1)
        #expect(keeper.values(for: "dev") == ["session": "t"])
        #expect(keeper.values(for: "prod").isEmpty)
    }

    @Test("a sealed workspace keeps nothing on disk; an expired value is not read")
    func sealedAndExpired() throws {
        var (workspace, state) = try Self.workspace()
        workspace.isSealed = true
        let sealed = CaptureKeeper(workspace: workspace, processEnvironment: state)
        #expect(sealed.keep(Self.exchange(body: "{}", captured: ["session": "t"])) == nil)
        let store = CaptureStore(configPath: workspace.file, processEnvironment: state)
        #expect(!FileManager.default.fileExists(atPath: store.path))
        try store.record(["old": "v"], route: "r", environment: "dev", lifetime: 10, now: 1_000)
        #expect(store.values(environment: "dev", now: 1_005) == ["old": "v"])
        #expect(store.values(environment: "dev", now: 1_011).isEmpty)
    }
}
