import Foundation
import Testing

@testable import CourierCore

@Suite("Workspace writing")
struct WorkspaceWriterTests {
    private let writer = WorkspaceWriter()

    private func load(_ bytes: [UInt8]) throws -> Workspace {
        try WorkspaceLoader().load(bytes: bytes, fileName: "environments.json")
    }

    /// Loads `text`, writes it, loads what was written: both loads must be the same value.
    private func roundTrip(_ text: String) throws -> (first: Workspace, written: String, second: Workspace) {
        let first = try load(Array(text.utf8))
        let written = writer.bytes(first)
        return (first, String(decoding: written, as: UTF8.self), try load(written))
    }

    @Test("the shipped environments.json loads back to the same value, resources kept as resources")
    func shippedWorkspace() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("environments.json"), encoding: .utf8)
        let (first, written, second) = try roundTrip(text)
        #expect(second == first)
        #expect(first.resources.count == 2 && first.routes.count == 41)
        // The expanded routes are not repeated as routes: the resource stays the one place to edit.
        guard case .array(let routes)? = try JSONValue.parse(written)["routes"] else {
            Issue.record("the written workspace has no routes array")
            return
        }
        #expect(routes.count == 33 && !routes.contains { $0["name"] == .string("posts.index") })
    }

    @Test("the seed T21Environment format is written in the native format and loads to the same value")
    func seedFormat() throws {
        let (first, written, second) = try roundTrip(
            """
            {"languages": ["en", "es"],
             "configurations": {"Debug": {"base_url": "http://127.0.0.1:4010/dev", "token": "t", "retries": 2},
                                "Release": {"base_url": "https://api.example.com"}},
             "routes": [{"name": "users", "path": "/users"}]}
            """)
        #expect(second == first)
        #expect(first.environments.map(\.name) == ["Debug", "Release"])
        #expect(written.contains("\"environments\": {") && !written.contains("configurations"))
    }

    @Test("every setting survives: numbers as written, repeated query keys, bodies in order, descriptions")
    func everySetting() throws {
        let (first, written, second) = try roundTrip(
            """
            {"headers": {"Accept": "application/json"}, "variables": {"b": "2", "a": "1"}, "languages": ["ca"],
             "environments": {
               "prod": {"base_url": "https://api", "headers": {"X-A": "b"}, "variables": {"token": "${TOKEN:-x}"},
                        "secrets": ["token"], "protected": true, "timeout": 10, "retries": 3, "retry_delay": 0.25,
                        "follow_redirects": false,
                        "tls": {"ca_file": "ca.pem", "insecure": true, "cert_file": "c.pem", "key_file": "k.pem"},
                        "auth": {"type": "oauth2", "grant": "password", "token_url": "https://t", "client_id": "c",
                                 "client_secret": "{{s}}", "scope": "a b", "username": "qa", "password": "{{pw}}"},
                        "proxy": "socks5://127.0.0.1:1080", "cookies": false, "description": "the real one"},
               "dev": {"base_url": "http://dev", "auth": {"type": "digest", "username": "qa", "password": "p"}, "proxy": ""}},
             "routes": [
               {"name": "search", "method": "GET", "path": "/search", "query": {"tag": ["a", "b"], "q": "{{q}}"},
                "headers": {"X-Trace": "1"}, "json_path": "items.0", "description": "find",
                "capture": {"first": "json items.0.id", "n": "json items count"},
                "checks": ["status == 200", "json items count >= 1", "header X-A not contains \\"{{q}}\\""]},
               {"name": "ping", "path": "/ping", "checks": [], "auth": {"type": "none"}},
               {"name": "pong", "path": "/pong", "auth": {"type": "bearer", "token": "${T}"}},
               {"name": "create", "method": "post", "path": "/things/{id}", "params": {"id": "7"},
                "body": {"z": 1.50, "a": [true, null, {"k": "v"}]}}],
             "resources": [{"name": "posts", "path": "/posts/", "actions": ["show", "index"], "params": {"id": "1"},
                            "json_path": "title", "description": "blog posts"}],
             "runs": {"smoke": ["search", "posts.*"], "all": ["*"]}}
            """)
        #expect(second == first)
        #expect(written.contains("\"timeout\": 10,") && written.contains("\"retry_delay\": 0.25"))
        #expect(written.contains("\"z\": 1.50"))  // the body's literal, byte for byte
        #expect(first.routes.first?.query == [QueryItem("tag", "a"), QueryItem("tag", "b"), QueryItem("q", "{{q}}")])
        #expect(first.environments.first?.summary == "the real one")
        #expect(first.routes.last?.summary == "blog posts")  // a resource's description reaches its routes
        #expect(first.routes.map { $0.checks?.count } == [3, 0, nil, nil, nil, nil])
        #expect(first.routes.first?.captures.map(\.name) == ["first", "n"])
        #expect(
            first.runs == [
                NamedRun(name: "smoke", patterns: ["search", "posts.*"]), NamedRun(name: "all", patterns: ["*"]),
            ])
    }

    @Test("a route added to a loaded workspace is written after the file's routes")
    func appendedRoute() throws {
        var workspace = try load(
            Array(
                """
                {"environments": {"dev": {"base_url": "http://dev"}},
                 "routes": [{"name": "a", "path": "/a"}], "resources": [{"name": "posts", "path": "/posts"}]}
                """.utf8))
        workspace.routes.append(Route(name: "b", method: .delete, path: "/b"))
        let reloaded = try load(writer.bytes(workspace))
        #expect(reloaded.routes.map(\.name).prefix(2) == ["a", "b"])
        #expect(reloaded.routes.count == 7)
    }
}
