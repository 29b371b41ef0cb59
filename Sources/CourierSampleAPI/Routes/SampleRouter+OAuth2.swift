import CourierCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An OAuth2 authorization server and a resource it protects (RFC 6749, RFC 6750).
extension SampleRouter {
    /// The client id the token endpoint knows.
    static let oauthClient = "courier"

    /// The client secret of a deployment's OAuth2 client.
    static func oauthSecret(_ deployment: SampleDeployment) -> String { "\(deployment.name)-client-secret" }

    /// `POST oauth/token`: the client credentials grant (client `courier`, secret
    /// `DEPLOYMENT-client-secret`, as HTTP Basic or in the form) and the password grant (user
    /// `qa`, the deployment's password). Tokens last an hour, except with scope `short`: the
    /// answer still says an hour, but the token serves one request, as with a server that
    /// revokes tokens early, so a client must fetch a new one after a 401. (One use, not a
    /// second of life: a test on a loaded machine must not see it die before its first use.)
    func oauthToken(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        let form = Dictionary(
            PercentEncoding.formItems(String(decoding: request.body, as: UTF8.self)).map { ($0.name, $0.value) },
            uniquingKeysWith: { first, _ in first })
        var client = (id: form["client_id"], secret: form["client_secret"])
        if let header = request.header("Authorization"), header.hasPrefix("Basic "),
            let decoded = Base64.decode(String(header.dropFirst(6))).map({ String(decoding: $0, as: UTF8.self) }),
            let colon = decoded.firstIndex(of: ":")
        {
            client = (
                PercentEncoding.formDecoded(String(decoded[..<colon])),
                PercentEncoding.formDecoded(String(decoded[decoded.index(after: colon)...]))
            )
        }
        guard client.id == Self.oauthClient, client.secret == Self.oauthSecret(deployment) else {
            return Self.oauthError(401, "invalid_client", "unknown client or wrong secret")
        }
        let subject: String
        switch form["grant_type"] {
        case "client_credentials":
            subject = "client:\(Self.oauthClient)"
        case "password":
            guard form["username"] == "qa", form["password"] == deployment.password else {
                return Self.oauthError(400, "invalid_grant", "wrong user name or password")
            }
            subject = "user:qa"
        default:
            return Self.oauthError(400, "unsupported_grant_type", "grants here: client_credentials, password")
        }
        let scope = form["scope"] ?? ""
        let token = await store.issueAccessToken(for: subject, lifetime: 3600, uses: scope == "short" ? 1 : nil)
        return .json(
            .fields([
                "access_token": .string(token), "token_type": .string("bearer"), "expires_in": .int(3600),
                "scope": .string(scope),
            ]))
    }

    /// `POST oauth/broken`: a 200 without an `access_token`, as a misconfigured server answers.
    func oauthBroken(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        .json(.fields(["token_type": .string("bearer"), "expires_in": .int(3600)]))
    }

    /// `GET oauth/me`: whom the bearer token was issued to; 401 with RFC 6750's
    /// `invalid_token` for a missing, unknown or expired one.
    func oauthMe(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        guard let subject = await store.accessTokenSubject(request.bearerToken) else {
            var reply = SampleReply.error(
                401, "a valid access token from POST \(deployment.prefix)/oauth/token is needed")
            reply.headers.append(("WWW-Authenticate", "Bearer error=\"invalid_token\""))
            return reply
        }
        return .json(.fields(["subject": .string(subject), "deployment": .string(deployment.name)]))
    }

    private static func oauthError(_ status: Int, _ code: String, _ description: String) -> SampleReply {
        .json(.fields(["error": .string(code), "error_description": .string(description)]), status: status)
    }
}
