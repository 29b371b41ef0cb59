import Foundation
import Testing

@testable import CourierCore

@Suite("Workspace loading")
struct WorkspaceLoaderTests {
    private func load(_ text: String) throws(WorkspaceError) -> Workspace {
        try WorkspaceLoader().load(bytes: Array(text.utf8), fileName: "environments.json")
    }

    private func failure(_ text: String) -> String? {
        do {
            _ = try load(text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("environments and routes keep file order; resources expand after routes")
    func fileOrder() throws {
        let workspace = try load(
            """
            {"environments": {"zeta": {"base_url": "http://z"}, "alpha": {"base_url": "http://a"}, "mid": {"base_url": "http://m"}},
             "resources": [{"name": "posts", "path": "/posts"},
                           {"name": "comments", "path": "/posts/:post_id/comments", "actions": ["index", "show", "create"]}],
             "routes": [{"name": "b", "path": "/b"}, {"name": "a", "method": "post", "path": "/a"}]}
            """)
        #expect(workspace.environments.map(\.name) == ["zeta", "alpha", "mid"])
        #expect(
            workspace.routes.map(\.name) == [
                "b", "a", "posts.index", "posts.show", "posts.create", "posts.update", "posts.destroy",
                "comments.index", "comments.show", "comments.create",
            ])
        let summary = workspace.routes.map { "\($0.method) \($0.path)" }
        #expect(
            summary == [
                "GET /b", "POST /a", "GET /posts", "GET /posts/:id", "POST /posts", "PUT /posts/:id",
                "DELETE /posts/:id",
                "GET /posts/:post_id/comments", "GET /posts/:post_id/comments/:id", "POST /posts/:post_id/comments",
            ])
    }

    @Test("every environment setting is read")
    func environmentSettings() throws {
        let workspace = try load(
            """
            {"headers": {"Accept": "application/json"}, "variables": {"v": 1}, "languages": ["en", "es"],
             "environments": {"prod": {"base_url": "https://api", "headers": {"X-A": "b"}, "variables": {"token": "t", "n": 2.5, "f": false},
               "secrets": ["token"], "protected": true, "timeout": 5, "retries": 3, "retry_delay": 0.25,
               "follow_redirects": false, "tls": {"ca_file": "ca.pem", "insecure": true}}},
             "routes": []}
            """)
        let env = try #require(workspace.environments.first)
        #expect(env.variables == ["token": "t", "n": "2.5", "f": "false"])
        #expect(env.secrets == ["token"])
        #expect(env.isProtected)
        #expect(env.timeout == 5 && env.retries == 3 && env.retryDelay == 0.25 && env.followRedirects == false)
        #expect(env.tls == TLSSettings(caFile: "ca.pem", insecure: true))
        #expect(workspace.headers == [HeaderField("Accept", "application/json")])
        #expect(workspace.variables == ["v": "1"])
        #expect(workspace.languages == ["en", "es"])
    }

    @Test("the seed T21Environment format loads: configurations become environments")
    func seedFormat() throws {
        let workspace = try load(
            """
            {"languages": ["en", "ca"], "configurations": {
              "Debug": {"base_url": "http://localhost:3000", "api_key": "debug-key", "retries": 2},
              "Release": {"base_url": "https://api.example.com", "api_key": "${API_KEY}"}}}
            """)
        #expect(workspace.environments.map(\.name) == ["Debug", "Release"])
        #expect(workspace.environments[0].variables == ["api_key": "debug-key", "retries": "2"])
        #expect(workspace.environments[1].baseURL == "https://api.example.com")
        #expect(workspace.languages == ["en", "ca"])
    }

    @Test(
        "problems name the file, the key path or the position",
        arguments: [
            (
                "{\"environments\": {}",
                "environments.json: line 1, column 20: unexpected end of input, expected ',' or '}'"
            ),
            (
                "{\n  \"environments\": {\n    \"a\": {\"base_url\": \"x\",}\n  }\n}",
                "environments.json: line 3, column 27: expected a string key after ',', found '}'"
            ),
            (
                "[]",
                "environments.json: (top level): expected an object with \"environments\" and \"routes\", found an array"
            ),
            (
                "{\"environments\": {\"a\": {\"base_url\": \"x\"}}, \"routes\": [{\"name\": \"a\", \"path\": \"/\"}, {\"name\": \"b\", \"path\": \"/\"}, {\"name\": \"c\", \"method\": 1, \"path\": \"/\"}]}",
                "environments.json: routes[2].method: expected a string, found a number"
            ),
            (
                "{\"environments\": {\"a\": {\"base_url\": \"x\", \"protcted\": true}}}",
                "environments.json: environments.a.protcted: unknown key (did you mean 'protected'?)"
            ),
            ("{\"environments\": {\"a\": {}}}", "environments.json: environments.a.base_url: is required"),
            ("{\"environments\": {}}", "environments.json: environments: at least one environment is required"),
            (
                "{\"environments\": {\"a\": {\"base_url\": \"x\", \"timeout\": \"10\"}}}",
                "environments.json: environments.a.timeout: expected a number, found a string"
            ),
            (
                "{\"environments\": {\"a\": {\"base_url\": \"x\"}}, \"routes\": [{\"name\": \"r\"}]}",
                "environments.json: routes[0].path: is required"
            ),
            (
                "{\"environments\": {\"a\": {\"base_url\": \"x\"}}, \"routes\": [{\"name\": \"r\", \"path\": \"/\", \"operation\": \"listOrders\"}]}",
                "environments.json: routes[0].operation: is DOCUMENT#OPERATION (openapi.json#listOrders, or openapi.json#GET /orders)"
            ),
            (
                "{\"environments\": {\"a\": {\"base_url\": \"x\"}}, \"routes\": [{\"name\": \"r\", \"path\": \"/u\", \"params\": {\"id\": \"1\"}}]}",
                "environments.json: routes[0].params.id: '/u' has no parameter 'id'"
            ),
            (
                "{\"environments\": {\"a\": {\"base_url\": \"x\"}}, \"resources\": [{\"name\": \"p\", \"path\": \"/p\", \"actions\": [\"indx\"]}]}",
                "environments.json: resources[0].actions[0]: unknown action 'indx' (did you mean 'index'?); expected one of index, show, create, update, destroy"
            ),
            (
                "{\"environments\": {\"a\": {\"base_url\": \"x\"}}, \"routes\": [{\"name\": \"r\", \"path\": \"/\"}, {\"name\": \"r\", \"path\": \"/x\"}]}",
                "environments.json: routes: two routes are named 'r'"
            ),
            (
                "{\"environments\": {\"a\": {\"base_url\": \"x\"}}, \"routes\": [{\"name\": \"r\", \"path\": \"/\", \"_c\": 1, \"path\": \"/x\"}]}",
                "environments.json: routes[0].path: appears twice"
            ),
            (
                "{\"environments\": {\"a\": {\"base_url\": \"x\"}, \"a\": {\"base_url\": \"y\"}}}",
                "environments.json: environments.a: appears twice"
            ),
            (
                "{\"environments\": {\"a\": {\"base_url\": \"x\"}}, \"routes\": [{\"name\": \"r\", \"path\": \"/\", \"checks\": [\"status == 200\", \"status equals 200\"]}]}",
                "environments.json: routes[0].checks[1]: column 8: unknown predicate 'equals'; did you mean '=='?"
            ),
            (
                "{\"environments\": {\"a\": {\"base_url\": \"x\"}}, \"routes\": [{\"name\": \"r\", \"path\": \"/\", \"checks\": \"status == 200\"}]}",
                "environments.json: routes[0].checks: expected an array of strings, found a string"
            ),
            (
                "{\"environments\": {\"a\": {\"base_url\": \"x\"}}, \"routes\": [{\"name\": \"r\", \"path\": \"/\", \"capture\": {\"token\": \"jsn access_token\"}}]}",
                "environments.json: routes[0].capture.token: column 1: unknown query 'jsn'; did you mean 'json'?"
            ),
            (
                "{\"environments\": {\"a\": {\"base_url\": \"x\"}}, \"routes\": [{\"name\": \"users.show\", \"path\": \"/\"}], \"runs\": {\"smoke\": [\"users.show\", \"users.shw\"]}}",
                "environments.json: runs.smoke[1]: no route is named 'users.shw'; did you mean 'users.show'?"
            ),
            (
                "{\"environments\": {\"a\": {\"base_url\": \"x\"}}, \"routes\": [{\"name\": \"users.show\", \"path\": \"/\"}], \"runs\": {\"smoke\": [\"posts.*\"]}}",
                "environments.json: runs.smoke[0]: 'posts.*' matches no route"
            ),
        ])
    func errors(text: String, message: String) {
        #expect(failure(text) == message)
    }

    @Test("keys starting with _ are comments")
    func comments() throws {
        let workspace = try load(
            "{\"_comment\": \"hi\", \"environments\": {\"a\": {\"base_url\": \"x\", \"_note\": 1}}}")
        #expect(workspace.environments.count == 1)
    }

    @Test("unknown environments and routes suggest the closest name")
    func unknownNames() throws {
        let workspace = try load(
            "{\"environments\": {\"development\": {\"base_url\": \"x\"}, \"production\": {\"base_url\": \"y\"}}, \"routes\": [{\"name\": \"users.index\", \"path\": \"/u\"}]}"
        )
        #expect(
            throws: WorkspaceError.unknownEnvironment(
                "prodction", suggestion: "production", available: ["development", "production"])
        ) {
            try workspace.environment(named: "prodction")
        }
        #expect(throws: WorkspaceError.unknownRoute("user.index", suggestion: "users.index")) {
            try workspace.route(named: "user.index")
        }
        #expect(
            WorkspaceError.unknownRoute("user.index", suggestion: "users.index").description
                == "unknown route 'user.index'; did you mean 'users.index'?")
    }

    @Test("a route's OpenAPI operation and \"contract\": false load, and are written back as they were")
    func operation() throws {
        let text = #"""
            {"environments": {"a": {"base_url": "http://a.test"}}, "routes": [
              {"name": "o", "path": "/o", "operation": "api/openapi.json#listOrders"},
              {"name": "p", "path": "/p", "operation": "https://x.test/o.yaml#GET /p", "contract": false}]}
            """#
        let workspace = try load(text)
        #expect(workspace.routes.map(\.operation) == ["api/openapi.json#listOrders", "https://x.test/o.yaml#GET /p"])
        #expect(workspace.routes.map(\.checksContract) == [true, false])
        let again = try WorkspaceLoader().load(bytes: WorkspaceWriter().bytes(workspace), fileName: "environments.json")
        #expect(again.routes == workspace.routes)
        let plan = try RequestBuilder(workspace: workspace, processEnvironment: [:]).build(
            route: workspace.routes[0], environment: workspace.environments[0]
        ).checkPlan
        #expect(plan?.operation == "api/openapi.json#listOrders")
        #expect(CheckRunner.checkNames(workspace.routes[0]) == ["status < 400", "contract"])
        #expect(CheckRunner.checkNames(workspace.routes[1]) == ["status < 400"])
    }

    @Test("the shipped environments.json loads and covers the sample API")
    func shippedWorkspace() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let bytes = [UInt8](try Data(contentsOf: root.appendingPathComponent("environments.json")))
        let workspace = try WorkspaceLoader().load(bytes: bytes, fileName: "environments.json")
        #expect(workspace.environments.map(\.name) == ["development", "production", "candidate", "staging"])
        #expect(workspace.environments[1].isProtected)
        #expect(workspace.routes.contains { $0.name == "comments.show" && $0.path == "/posts/:post_id/comments/:id" })
    }
}
