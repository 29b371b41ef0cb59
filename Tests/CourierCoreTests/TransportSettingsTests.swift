import Foundation
import Testing

@testable import CourierCore

/// The transport keys of an environment or route (DESIGN.md §10) as the loader reads them and
/// as a built request carries them: auth, proxy, cookies, client certificates.
@Suite("Transport settings")
struct TransportSettingsTests {
    private func load(_ environment: String, route: String = "") throws(WorkspaceError) -> Workspace {
        let text = """
            {"environments": {"dev": {"base_url": "http://api.test/v1", \(environment)}},
             "routes": [{"name": "r", "path": "/x"\(route.isEmpty ? "" : ", " + route)}]}
            """
        return try WorkspaceLoader().load(bytes: Array(text.utf8), fileName: "environments.json")
    }

    static let auths: [(String, AuthSpec)] = [
        (#"{"type": "basic", "username": "qa", "password": "{{pw}}"}"#, .basic(username: "qa", password: "{{pw}}")),
        (#"{"type": "basic", "username": "qa"}"#, .basic(username: "qa", password: "")),
        (#"{"type": "bearer", "token": "${TOKEN}"}"#, .bearer(token: "${TOKEN}")),
        (#"{"type": "digest", "username": "qa", "password": "p"}"#, .digest(username: "qa", password: "p")),
        (
            #"{"type": "oauth2", "grant": "client_credentials", "token_url": "http://t/token", "client_id": "c", "client_secret": "s", "scope": "read"}"#,
            .oauth2(
                OAuth2Spec(
                    grant: .clientCredentials, tokenURL: "http://t/token", clientID: "c", clientSecret: "s",
                    scope: "read"))
        ),
        (
            #"{"type": "oauth2", "grant": "password", "token_url": "u", "client_id": "c", "username": "qa", "password": "p"}"#,
            .oauth2(OAuth2Spec(grant: .password, tokenURL: "u", clientID: "c", username: "qa", password: "p"))
        ),
        (#"{"type": "none"}"#, .none),
    ]

    @Test("every auth type is read", arguments: auths)
    func auth(_ json: String, _ expected: AuthSpec) throws {
        #expect(try load("\"auth\": \(json)").environments.first?.auth == expected)
        #expect(try load("\"headers\": {}", route: "\"auth\": \(json)").routes.first?.auth == expected)
    }

    static let refusals: [(String, String)] = [
        (
            #""auth": {"type": "ntlm"}"#,
            "environments.dev.auth.type: unknown auth type 'ntlm' (expected none, basic, bearer, digest or oauth2)"
        ),
        (#""auth": {"type": "basic"}"#, "environments.dev.auth.username: is required"),
        (
            #""auth": {"type": "bearer", "username": "x", "token": "t"}"#,
            "environments.dev.auth.username: does not apply to bearer auth"
        ),
        (#""auth": {"username": "x"}"#, "environments.dev.auth.type: is required"),
        (
            #""auth": {"type": "oauth2", "grant": "implicit", "token_url": "u", "client_id": "c"}"#,
            "environments.dev.auth.grant: unknown grant 'implicit' (expected client_credentials or password)"
        ),
        (
            #""auth": {"type": "oauth2", "grant": "client_credentials", "token_url": "u", "client_id": "c", "username": "u"}"#,
            "environments.dev.auth.username: applies to the password grant only"
        ),
        (
            #""auth": {"type": "oauth2", "grant": "password", "token_url": "u", "client_id": "c"}"#,
            "environments.dev.auth.username: is required"
        ),
        (#""auth": "basic""#, "environments.dev.auth: expected an object, found a string"),
        (
            #""proxy": "ftp://p:1""#,
            "environments.dev.proxy: expected a proxy URL like http://host:3128 or socks5://host:1080, or \"\" for none"
        ),
        (
            #""proxy": "http://p:99999""#,
            "environments.dev.proxy: expected a proxy URL like http://host:3128 or socks5://host:1080, or \"\" for none"
        ),
        (#""cookies": "no""#, "environments.dev.cookies: expected true or false, found a string"),
        (#""tls": {"cert_file": "c.pem"}"#, "environments.dev.tls.key_file: is required with cert_file"),
        (#""tls": {"key_file": "k.pem"}"#, "environments.dev.tls.cert_file: is required with key_file"),
    ]

    @Test("bad transport settings are one line naming the key", arguments: refusals)
    func refusal(_ json: String, _ message: String) {
        #expect(throws: WorkspaceError.self) { try load(json) }
        do {
            _ = try load(json)
        } catch {
            #expect(error.description == "environments.json: " + message)
        }
    }

    private func build(
        _ environment: String, route: String = "", headers: [HeaderField] = [], process: [String: String] = [:]
    )
        throws -> PreparedRequest
    {
        let workspace = try load(environment, route: route)
        let builder = RequestBuilder(workspace: workspace, processEnvironment: process)
        var input = RequestInput()
        input.headers = headers
        return try builder.build(route: workspace.routes[0], environment: workspace.environments[0], input: input)
    }

    @Test("basic and bearer become a masked Authorization header; digest and OAuth2 go to the engine")
    func applied() throws {
        let basic = try build(
            #""variables": {"pw": "s3cret"}, "auth": {"type": "basic", "username": "qa", "password": "{{pw}}"}"#)
        #expect(basic.request.headers.value(for: "Authorization") == "Basic cWE6czNjcmV0")
        #expect(basic.origin.masking("Basic cWE6czNjcmV0 s3cret") == "Basic •••••• ••••••")
        #expect(basic.auth == nil)

        let bearer = try build(#""auth": {"type": "bearer", "token": "${TOKEN}"}"#, process: ["TOKEN": "tok"])
        #expect(bearer.request.headers.value(for: "Authorization") == "Bearer tok")
        #expect(bearer.origin.secretValues.contains("tok"))

        let digest = try build(#""auth": {"type": "digest", "username": "qa", "password": "p"}"#)
        #expect(
            digest.auth == .digest(username: "qa", password: "p")
                && digest.request.headers.value(for: "Authorization") == nil)

        // The route's own auth wins; `none` turns the environment's off; a header the user gave wins.
        let overridden = try build(
            #""auth": {"type": "bearer", "token": "env"}"#, route: #""auth": {"type": "bearer", "token": "route"}"#)
        #expect(overridden.request.headers.value(for: "Authorization") == "Bearer route")
        let off = try build(#""auth": {"type": "bearer", "token": "env"}"#, route: #""auth": {"type": "none"}"#)
        #expect(off.request.headers.value(for: "Authorization") == nil)
        let given = try build(
            #""auth": {"type": "digest", "username": "qa", "password": "p"}"#,
            headers: [HeaderField("Authorization", "Token abc")])
        #expect(given.request.headers.value(for: "Authorization") == "Token abc" && given.auth == nil)
        // The environment's own header wins over the environment's auth, but gives way to a route's.
        let envHeader =
            #""headers": {"Authorization": "Bearer env"}, "auth": {"type": "digest", "username": "qa", "password": "p"}"#
        let sameLevel = try build(envHeader)
        #expect(sameLevel.request.headers.value(for: "Authorization") == "Bearer env" && sameLevel.auth == nil)
        let routeLevel = try build(envHeader, route: #""auth": {"type": "basic", "username": "a", "password": "b"}"#)
        #expect(routeLevel.request.headers.values(for: "Authorization") == ["Basic YTpi"])

        #expect(throws: RequestError.self) { try build(#""auth": {"type": "bearer", "token": "{{missing}}"}"#) }
    }

    @Test("client certificate paths resolve against the workspace's folder; the proxy rules come from the environment")
    func tlsAndProxy() throws {
        let text = """
            {"environments": {"dev": {"base_url": "https://api.test", "proxy": "socks5://127.0.0.1:1080",
              "tls": {"cert_file": "certs/client.pem", "key_file": "/abs/client.key"}}}, "routes": [{"name": "r", "path": "/"}]}
            """
        let workspace = try WorkspaceLoader().load(
            bytes: Array(text.utf8), fileName: "e.json", baseDirectory: "/work/ws")
        let prepared = try RequestBuilder(workspace: workspace, processEnvironment: ["HTTPS_PROXY": "http://other:1"])
            .build(route: workspace.routes[0], environment: workspace.environments[0])
        #expect(
            prepared.options.tls.certFile == "/work/ws/certs/client.pem"
                && prepared.options.tls.keyFile == "/abs/client.key")
        #expect(
            prepared.options.proxy.proxy(for: "https://api.test/")
                == ProxySetting(kind: .socks5, host: "127.0.0.1", port: 1080))
    }
}
