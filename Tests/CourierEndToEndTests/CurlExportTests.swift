import Foundation
import Testing

/// `courier call --curl`: the command it prints, run by bash with real curl, must put on the
/// wire what `courier call` itself sends. The sample API's echo route answers with the method,
/// path, query, headers and body it received, so the two answers are compared whole.
@Suite("courier call --curl", .serialized)
final class CurlExportEndToEndTests {
    let demo: DemoProcess
    let workspace: URL
    /// A file the multipart route uploads, beside the workspace (its path there is relative).
    let upload: URL

    init() async throws {
        demo = try await DemoProcess.start()
        workspace = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-curl-\(UUID().uuidString).json")
        upload = FileManager.default.temporaryDirectory.appendingPathComponent("courier-curl-\(UUID().uuidString).png")
        // Quotes, a dollar sign, non-ASCII text and a secret in every place one can stand.
        let text = #"""
            {"headers": {"Accept": "application/json", "User-Agent": "courier/0.1", "X-Quote": "it's \"$HOME\" `x`"},
             "environments": {"local": {
               "base_url": "http://127.0.0.1:\#(demo.port)/dev/v1",
               "headers": {"Authorization": "Bearer {{token}}"},
               "variables": {"token": "t0k'en$", "api_key": "k-9"}, "secrets": ["token", "api_key"]}},
             "routes": [
               {"name": "get", "method": "GET", "path": "/echo/:a/:b", "params": {"a": "a b", "b": "ü/{{api_key}}"}, "query": {"q": "a b&c=d", "key": "{{api_key}}", "ñ": "✓"}},
               {"name": "post", "method": "POST", "path": "/echo", "body": {"text": "it's \"quoted\" $HOME", "key": "{{api_key}}", "n": [1, 2.5]}},
               {"name": "put", "method": "PUT", "path": "/echo/x", "headers": {"Content-Type": "application/vnd.api+json"}, "body": {"big": "\#(String(repeating: "x", count: 3000))"}},
               {"name": "delete", "method": "DELETE", "path": "/echo/x"},
               {"name": "empty-post", "method": "POST", "path": "/echo/x"},
               {"name": "options", "method": "OPTIONS", "path": "/echo/x", "headers": {"Accept": ""}},
               {"name": "form", "method": "POST", "path": "/echo/f", "form": {"who": "Ana María & co", "tag": ["a", "b=c"], "key": "{{api_key}}"}},
               {"name": "text", "method": "PATCH", "path": "/echo/t", "text": "line 1\nit's {{api_key}} $HOME", "content_type": "text/csv"},
               {"name": "multipart", "method": "POST", "path": "/echo/m", "multipart": [
                 {"name": "who", "value": "Ana \"M\" it's {{api_key}}; @x"},
                 {"name": "meta", "value": "{\"a\": 1}", "content_type": "application/json"},
                 {"name": "photo", "file": "\#(upload.lastPathComponent)"},
                 {"name": "doc", "file": "\#(upload.path)", "filename": "notes; \"v2\".txt", "content_type": "text/markdown"}]}
             ]}
            """#
        try Data(text.utf8).write(to: workspace)
        try Data("a picture, or so its name says\n".utf8).write(to: upload)
    }

    deinit {
        demo.terminate()
        try? FileManager.default.removeItem(at: workspace)
        try? FileManager.default.removeItem(at: upload)
    }

    private func courier(_ arguments: [String]) async throws -> RunResult {
        try await CourierBinary.run(arguments + ["--config", workspace.path, "--no-history"])
    }

    /// Runs `script` with bash, secrets in its environment as the export's comment asks.
    private func bash(_ script: String) throws -> (stdout: String, code: Int32) {
        try Bash.run(script, environment: ["TOKEN": "t0k'en$", "API_KEY": "k-9"])
    }

    @Test(
        "curl sends the same method, URL, headers and body as courier",
        arguments: ["get", "post", "put", "delete", "empty-post", "options", "form", "text", "multipart"])
    func sameOnTheWire(route: String) async throws {
        let sent = try await courier(["call", route, "--raw"])
        #expect(sent.code == 0, "\(sent.stderr)")
        let exported = try await courier(["call", route, "--curl"])
        #expect(exported.code == 0, "\(exported.stderr)")
        #expect(!exported.stdout.contains("t0k'en$") && !exported.stdout.contains("k-9"))
        let ran = try bash(exported.stdout)
        #expect(ran.code == 0, "\(exported.stdout)")
        let fromCourier = try EchoedRequest.normalized(sent.stdout)
        let fromCurl = try EchoedRequest.normalized(ran.stdout)
        #expect(fromCourier != nil && fromCourier == fromCurl, "\(exported.stdout)")
    }

    @Test("--show-secrets writes the values, and needs --curl")
    func showSecrets() async throws {
        let shown = try await courier(["call", "get", "--curl", "--show-secrets"])
        #expect(shown.stdout.contains(#"'Authorization: Bearer t0k'\''en$'"#))
        #expect(!shown.stdout.contains("#"))
        let alone = try await courier(["call", "get", "--show-secrets"])
        #expect(alone.code == 1 && alone.stderr.contains("--show-secrets only applies to --curl"))
    }
}
