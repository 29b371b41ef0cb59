import Testing

@testable import CourierCore

/// Which environment a redirect hop lands in, and whether a write may go there unconfirmed.
@Suite("Protected environments across redirects")
struct ProtectedGuardTests {
    /// The demo's shape (two deployments on one host, apart by path) and a real one's
    /// (`http://` development, `https://` production on the same host name).
    let guarded = ProtectedGuard(entries: [
        .init(name: "development", baseURL: "http://127.0.0.1:4010/dev/v1", isProtected: false),
        .init(name: "production", baseURL: "http://127.0.0.1:4010/prod/v1/", isProtected: true),
        .init(name: "dev-remote", baseURL: "http://api.example.com", isProtected: false),
        .init(name: "live", baseURL: "https://api.example.com", isProtected: true),
    ])

    @Test(
        "a mutating hop into a protected environment is refused; GET, HEAD and OPTIONS go",
        arguments: [
            ("POST", "http://127.0.0.1:4010/prod/v1/users", "production"),
            ("DELETE", "http://127.0.0.1:4010/prod/v1", "production"),
            ("PUT", "HTTP://127.0.0.1:4010/prod/v1/users/1", "production"),
            ("POST", "http://127.0.0.1:4010/dev/v1/../../prod/v1/users", "production"),
            ("POST", "http://127.0.0.1:4010/dev/v1/%2e%2e/%2e%2e/prod/v1/users", "production"),
            // On a protected origin but under no base URL: the same server, so guarded.
            ("POST", "http://127.0.0.1:4010/admin", "production"),
            ("PATCH", "https://api.example.com/users", "live"),
            ("POST", "https://API.example.com:443/users", "live"),
            ("POST", "http://127.0.0.1:4010/dev/v1/users", nil),
            ("POST", "http://127.0.0.1:4010/prod/v1x", "production"),
            ("POST", "http://api.example.com/users", nil),
            ("POST", "https://api.example.com:8443/users", nil),
            ("POST", "https://other.example.com/users", nil),
            ("GET", "http://127.0.0.1:4010/prod/v1/users", nil),
            ("HEAD", "https://api.example.com/", nil),
            ("OPTIONS", "https://api.example.com/", nil),
            ("POST", "not a url", nil),
        ] as [(String, String, String?)])
    func refusal(method: String, url: String, environment: String?) {
        #expect(guarded.refusal(method: HTTPMethod(rawValue: method), url: url) == environment)
        var confirmed = guarded
        confirmed.confirmed = true
        #expect(confirmed.refusal(method: HTTPMethod(rawValue: method), url: url) == nil)
    }

    @Test("the builder resolves every environment's base URL, only when one is protected")
    func builderFillsTheGuard() throws {
        let route = Route(name: "create", method: "POST", path: "/users")
        var workspace = Workspace(
            variables: ["host": "api.example.com"],
            environments: [
                Environment(name: "development", baseURL: "http://{{host}}"),
                Environment(name: "production", baseURL: "https://{{host}}", isProtected: true),
                Environment(name: "broken", baseURL: "https://{{nowhere}}", isProtected: true),
            ])
        let builder = RequestBuilder(workspace: workspace, processEnvironment: [:])
        let prepared = try builder.build(route: route, environment: workspace.environments[0])
        #expect(
            prepared.options.protectedGuard.entries.map(\.baseURL) == [
                "http://api.example.com", "https://api.example.com",
            ])
        #expect(
            prepared.options.protectedGuard.refusal(method: .post, url: "https://api.example.com/users") == "production"
        )

        workspace.environments[1].isProtected = false
        workspace.environments.removeLast()
        let unguarded = try RequestBuilder(workspace: workspace, processEnvironment: [:])
            .build(route: route, environment: workspace.environments[0])
        #expect(unguarded.options.protectedGuard.entries.isEmpty)
    }

    @Test("a route naming a whole URL goes there, and a write to a protected environment's URL needs confirming")
    func absoluteURL() throws {
        let workspace = Workspace(environments: [
            Environment(name: "development", baseURL: "http://127.0.0.1:4010/dev/v1"),
            Environment(name: "production", baseURL: "http://127.0.0.1:4010/prod/v1", isProtected: true),
        ])
        let builder = RequestBuilder(workspace: workspace, processEnvironment: [:])
        let development = workspace.environments[0]
        func prepared(_ method: HTTPMethod, _ path: String) throws -> PreparedRequest {
            try builder.build(route: Route(name: "quick", method: method, path: path), environment: development)
        }
        let write = try prepared(.post, "http://127.0.0.1:4010/prod/v1/users?x=1")
        #expect(write.request.url == "http://127.0.0.1:4010/prod/v1/users?x=1")
        #expect(write.needsConfirmation && write.protectedTarget == "production")
        #expect(try !prepared(.get, "HTTPS://127.0.0.1:4010/prod/v1/users").needsConfirmation)
        #expect(try !prepared(.post, "http://127.0.0.1:4010/dev/v1/users").needsConfirmation)
        #expect(try prepared(.post, "/users").request.url == "http://127.0.0.1:4010/dev/v1/users")
        #expect(try !prepared(.post, "/users").needsConfirmation)
        #expect(RequestBuilder.isAbsolute("https://x") && !RequestBuilder.isAbsolute("/https://x"))
    }
}
