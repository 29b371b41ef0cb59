import Testing

@testable import CourierCore

/// The token request of RFC 6749 and the reading of the token endpoint's answer.
@Suite("OAuth2 token exchange")
struct OAuth2ExchangeTests {
    @Test("client credentials: Basic client authentication, form body with the scope")
    func clientCredentials() {
        let request = OAuth2Exchange.request(
            OAuth2Spec(
                grant: .clientCredentials, tokenURL: "https://t/token", clientID: "c i", clientSecret: "s:ecret",
                scope: "read write"))
        #expect(request.method == .post && request.url == "https://t/token")
        #expect(String(decoding: request.body ?? [], as: UTF8.self) == "grant_type=client_credentials&scope=read+write")
        // §2.3.1: id and secret form-encoded, then joined and Base64-encoded.
        #expect(request.headers.value(for: "Authorization") == "Basic " + Base64.encode(Array("c+i:s%3Aecret".utf8)))
        #expect(request.headers.value(for: "Content-Type") == "application/x-www-form-urlencoded")
    }

    @Test("password grant; a public client sends its id in the body and no Authorization")
    func passwordGrant() {
        let request = OAuth2Exchange.request(
            OAuth2Spec(grant: .password, tokenURL: "u", clientID: "app", username: "qa@x", password: "p&w"))
        #expect(
            String(decoding: request.body ?? [], as: UTF8.self)
                == "grant_type=password&username=qa%40x&password=p%26w&client_id=app")
        #expect(request.headers.value(for: "Authorization") == nil)
    }

    static let answers: [(Int, String, Result<OAuth2Token, OAuth2Exchange.Failure>)] = [
        (
            200, #"{"access_token": "t", "token_type": "bearer", "expires_in": 60}"#,
            .success(OAuth2Token(accessToken: "t", tokenType: "bearer", expires: 1060))
        ),
        (200, #"{"access_token": "t", "expires_in": "30"}"#, .success(OAuth2Token(accessToken: "t", expires: 1030))),
        (200, #"{"access_token": "t"}"#, .success(OAuth2Token(accessToken: "t"))),
        (200, #"{"token_type": "bearer"}"#, .failure(.init("the token endpoint u answered without an access_token"))),
        (200, #"{"access_token": ""}"#, .failure(.init("the token endpoint u answered without an access_token"))),
        (200, "<html>", .failure(.init("the token endpoint u did not answer with a JSON object"))),
        (
            400, #"{"error": "invalid_grant", "error_description": "bad password"}"#,
            .failure(.init("the token endpoint u answered 400: invalid_grant (bad password)"))
        ),
        (500, "oops", .failure(.init("the token endpoint u answered 500"))),
    ]

    @Test("the answer: token, type and expiry; errors named with the endpoint's own words", arguments: answers)
    func answer(_ status: Int, _ body: String, _ expected: Result<OAuth2Token, OAuth2Exchange.Failure>) {
        let result = Result { () throws(OAuth2Exchange.Failure) in
            try OAuth2Exchange.token(status: status, body: Array(body.utf8), from: "u", now: 1000)
        }
        #expect(result == expected)
    }

    @Test("a token is used until 10 s before it expires, and is sent with RFC 6750's spelling")
    func usable() {
        let token = OAuth2Token(accessToken: "abc", tokenType: "bearer", expires: 100)
        #expect(token.isUsable(at: 89) && !token.isUsable(at: 91))
        #expect(token.authorization == "Bearer abc")
        #expect(OAuth2Token(accessToken: "x").isUsable(at: .greatestFiniteMagnitude))
    }
}
