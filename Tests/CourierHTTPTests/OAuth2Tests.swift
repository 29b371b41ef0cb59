import CourierCore
import CourierSampleAPI
import CourierTestSupport
import FoundationEssentials
import Testing

@testable import CourierHTTP

/// OAuth2 through the engine against the sample API's token endpoint: fetched on first use,
/// cached, fetched again once after a 401, and every failure one line.
@Suite("OAuth2")
struct OAuth2Tests {
    private func me(_ server: SampleServer, _ spec: OAuth2Spec) -> PreparedRequest {
        var prepared = PreparedRequest(
            request: HTTPRequest(method: .get, url: server.url("/dev/v1/oauth/me")),
            options: SendOptions(timeout: Patience.loopback))
        prepared.auth = .oauth2(spec)
        return prepared
    }

    private func spec(_ server: SampleServer, grant: OAuth2Spec.Grant = .clientCredentials, scope: String? = nil)
        -> OAuth2Spec
    {
        var spec = OAuth2Spec(
            grant: grant, tokenURL: server.url("/dev/v1/oauth/token"), clientID: "courier",
            clientSecret: "development-client-secret", scope: scope)
        if grant == .password { (spec.username, spec.password) = ("qa", "dev-password") }
        return spec
    }

    private func tokenRequests(_ server: SampleServer, _ client: HTTPEngine) async throws -> Int {
        let log = try await client.send(HTTPRequest(method: .get, url: server.url("/_requests")))
        return String(decoding: log.body, as: UTF8.self).components(separatedBy: "POST /dev/v1/oauth/token").count - 1
    }

    @Test("the token is fetched once, cached (and saved), sent as Bearer and masked in the exchange")
    func cached() async throws {
        try await withServer { server, client in
            let saved = Locked<[String: OAuth2Token]>([:])
            let tokens = OAuth2Tokens(
                load: { key in saved.withLock { $0[key] } }, save: { key, token in saved.withLock { $0[key] = token } })
            let first = try await client.exchange(me(server, spec(server)), tokens: tokens)
            #expect(first.response.status == 200)
            let second = try await client.exchange(me(server, spec(server)), tokens: tokens)
            #expect(second.response.status == 200)
            #expect(try await tokenRequests(server, client) == 1)
            let token = try #require(saved.withLock { $0.values.first })
            #expect(first.origin.secretValues.contains(token.accessToken))
            #expect(
                first.response.hops.first?.requestHeaders.value(for: "Authorization") == "Bearer " + token.accessToken)
            // Another cache that finds it saved (the next run) fetches nothing.
            let nextRun = OAuth2Tokens(load: { key in saved.withLock { $0[key] } })
            #expect(try await client.exchange(me(server, spec(server)), tokens: nextRun).response.status == 200)
            #expect(try await tokenRequests(server, client) == 1)

            let user = try await client.exchange(me(server, spec(server, grant: .password)), tokens: tokens)
            #expect(String(decoding: user.response.body, as: UTF8.self).contains("\"subject\":\"user:qa\""))
        }
    }

    @Test("a token the server stops taking gets a 401, and one new token is fetched and used")
    func refreshedAfter401() async throws {
        try await withServer { server, client in
            let tokens = OAuth2Tokens()
            let short = spec(server, scope: "short")
            // The token serves one request; the second finds it revoked.
            #expect(try await client.exchange(me(server, short), tokens: tokens).response.status == 200)
            let again = try await client.exchange(me(server, short), tokens: tokens)
            #expect(again.response.status == 200)
            #expect(try await tokenRequests(server, client) == 2)
        }
    }

    @Test("a refused client, an answer without access_token, an unreachable endpoint: one line each")
    func failures() async throws {
        try await withServer { server, client in
            var wrong = spec(server)
            wrong.clientSecret = "nope"
            await #expect(
                throws: TransportError.oauth2(
                    "the token endpoint \(wrong.tokenURL) answered 401: invalid_client (unknown client or wrong secret)"
                )
            ) { try await client.exchange(me(server, wrong)) }

            var broken = spec(server)
            broken.tokenURL = server.url("/dev/v1/oauth/broken")
            await #expect(
                throws: TransportError.oauth2("the token endpoint \(broken.tokenURL) answered without an access_token")
            ) { try await client.exchange(me(server, broken)) }

            var unreachable = spec(server)
            unreachable.tokenURL = "http://127.0.0.1:1/token"
            await #expect(
                throws: TransportError.oauth2(
                    "the token endpoint http://127.0.0.1:1/token failed: could not connect to http://127.0.0.1:1/token: connection refused"
                )
            ) { try await client.exchange(me(server, unreachable)) }
        }
    }
}
