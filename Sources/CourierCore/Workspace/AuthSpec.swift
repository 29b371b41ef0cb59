/// How requests authenticate, per environment or route, as written in the workspace
/// (`"auth": {"type": …}`). Every field is a template (`{{name}}`, `${NAME}`), resolved when a
/// request is built; a route's `auth` wins over its environment's.
public enum AuthSpec: Sendable, Equatable {
    /// `{"type": "none"}` on a route: no authentication, whatever the environment says.
    case none
    /// HTTP Basic (RFC 7617).
    case basic(username: String, password: String)
    /// `Authorization: Bearer TOKEN` (RFC 6750).
    case bearer(token: String)
    /// HTTP Digest (RFC 7616): MD5 or SHA-256, qop `auth`, answered after the server's 401.
    case digest(username: String, password: String)
    /// An OAuth2 access token, fetched from `token_url` and cached until it expires.
    case oauth2(OAuth2Spec)

    /// The `type` word the workspace uses.
    public var type: String {
        switch self {
        case .none: return "none"
        case .basic: return "basic"
        case .bearer: return "bearer"
        case .digest: return "digest"
        case .oauth2: return "oauth2"
        }
    }
}

/// OAuth2 settings (RFC 6749): the client credentials grant or the resource owner password grant.
public struct OAuth2Spec: Sendable, Equatable, Hashable {
    /// The grants Courier performs.
    public enum Grant: String, Sendable, Equatable, Hashable, CaseIterable {
        /// §4.4: the client's own credentials.
        case clientCredentials = "client_credentials"
        /// §4.3: a user's name and password.
        case password
    }

    /// The grant to perform.
    public var grant: Grant
    /// The token endpoint.
    public var tokenURL: String
    /// The client's id.
    public var clientID: String
    /// The client's secret (may be empty for a public client).
    public var clientSecret: String
    /// Space-separated scopes, if any.
    public var scope: String?
    /// The user's name (password grant).
    public var username: String?
    /// The user's password (password grant).
    public var password: String?

    /// OAuth2 settings.
    public init(
        grant: Grant, tokenURL: String, clientID: String, clientSecret: String = "", scope: String? = nil,
        username: String? = nil, password: String? = nil
    ) {
        self.grant = grant
        self.tokenURL = tokenURL
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.scope = scope
        self.username = username
        self.password = password
    }
}

extension AuthSpec {
    /// One line saying what the auth does, for the request pane: `basic · qa`, `bearer`,
    /// `oauth2 client_credentials · token from https://…`. `render` resolves a template (nil
    /// when it cannot yet); no password, token or secret is ever part of the line.
    public func summary(render: (String) -> String?) -> String {
        func shown(_ text: String) -> String { render(text) ?? text }
        switch self {
        case .none: return "none"
        case .basic(let username, _): return "basic · \(shown(username))"
        case .bearer: return "bearer token"
        case .digest(let username, _): return "digest · \(shown(username)) (answers the server's challenge)"
        case .oauth2(let settings):
            let who = settings.grant == .password ? " · \(shown(settings.username ?? ""))" : ""
            return "oauth2 \(settings.grant.rawValue)\(who) · token from \(shown(settings.tokenURL))"
        }
    }
}
