#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The token request of RFC 6749 (§4.3 password, §4.4 client credentials) and the reading of
/// its answer (§5.1, §5.2). Pure: the engine sends the request.
public enum OAuth2Exchange {
    /// Why no token came back; the message names the token URL and never a secret.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// One line.
        public var description: String

        /// A failure.
        public init(_ description: String) { self.description = description }
    }

    /// The POST to the token endpoint: a form body with the grant, and the client's
    /// credentials as HTTP Basic (§2.3.1); a public client (no secret) sends its id in the body.
    public static func request(_ spec: OAuth2Spec) -> HTTPRequest {
        var fields = [QueryItem("grant_type", spec.grant.rawValue)]
        if spec.grant == .password {
            fields.append(QueryItem("username", spec.username ?? ""))
            fields.append(QueryItem("password", spec.password ?? ""))
        }
        if let scope = spec.scope, !scope.isEmpty { fields.append(QueryItem("scope", scope)) }
        var headers = [
            HeaderField("Content-Type", "application/x-www-form-urlencoded"), HeaderField("Accept", "application/json"),
        ]
        if spec.clientSecret.isEmpty {
            fields.append(QueryItem("client_id", spec.clientID))
        } else {
            // §2.3.1: both are form-encoded before they are joined.
            let pair =
                PercentEncoding.formComponent(spec.clientID) + ":" + PercentEncoding.formComponent(spec.clientSecret)
            headers.append(HeaderField("Authorization", "Basic " + Base64.encode(Array(pair.utf8))))
        }
        let body = fields.map { PercentEncoding.formComponent($0.name) + "=" + PercentEncoding.formComponent($0.value) }
            .joined(separator: "&")
        return HTTPRequest(method: .post, url: spec.tokenURL, headers: headers, body: Array(body.utf8))
    }

    /// The token in the endpoint's answer, received at `now`.
    public static func token(status: Int, body: [UInt8], from url: String, now: Double) throws(Failure) -> OAuth2Token {
        let json = try? JSONValue.parse(body)
        guard (200..<300).contains(status) else {
            // §5.2: `error` and `error_description` say why.
            var reason = "answered \(status)"
            if case .string(let code)? = json?["error"] { reason += ": \(code)" }
            if case .string(let text)? = json?["error_description"] { reason += " (\(text))" }
            throw Failure("the token endpoint \(url) \(reason)")
        }
        guard let json, case .object = json else {
            throw Failure("the token endpoint \(url) did not answer with a JSON object")
        }
        guard case .string(let token)? = json["access_token"], !token.isEmpty else {
            throw Failure("the token endpoint \(url) answered without an access_token")
        }
        var type = "Bearer"
        if case .string(let given)? = json["token_type"], !given.isEmpty { type = given }
        var expires: Double?
        switch json["expires_in"] {
        case .number(let text)?: expires = Double(text).map { now + $0 }
        case .string(let text)?: expires = Double(text).map { now + $0 }
        default: break
        }
        return OAuth2Token(accessToken: token, tokenType: type, expires: expires)
    }

    /// What identifies a token in a cache: the endpoint, client, grant, scope and user (never
    /// a secret; a changed secret gets a token that is refused and fetched again).
    public static func cacheKey(_ spec: OAuth2Spec) -> String {
        [spec.tokenURL, spec.clientID, spec.grant.rawValue, spec.scope ?? "", spec.username ?? ""]
            .joined(separator: "\u{1F}")
    }
}
