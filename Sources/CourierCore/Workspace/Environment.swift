/// One deployment the user can send requests to (development, staging, production, …).
public struct Environment: Sendable, Equatable {
    /// Name shown in the UI and given to `--env`.
    public var name: String
    /// Base URL template, e.g. `http://127.0.0.1:4010/dev/v1` or `https://{{host}}/api`.
    public var baseURL: String
    /// Headers sent with every request to this environment.
    public var headers: [HeaderField]
    /// Variables visible to templates when this environment is active.
    public var variables: [String: String]
    /// Names of variables whose values must never be shown or stored unmasked.
    public var secrets: Set<String>
    /// Mutating requests need an explicit confirmation.
    public var isProtected: Bool
    /// Seconds before a request is abandoned; `nil` means the client default.
    public var timeout: Double?
    /// Extra attempts for idempotent requests that fail transiently.
    public var retries: Int?
    /// Seconds to wait between attempts.
    public var retryDelay: Double?
    /// Follow redirects (default) or return them as they are.
    public var followRedirects: Bool?
    /// Certificate verification settings.
    public var tls: TLSSettings
    /// Free text describing the deployment.
    public var summary: String?
    /// `false` when the environment says `"history": false`: nothing sent to it is recorded.
    public var recordsHistory = true
    /// How requests to this environment authenticate (a route's own `auth` wins).
    public var auth: AuthSpec?
    /// The proxy for this environment (`http://…`, `socks5://…`); `""` means none; nil means
    /// as the process environment says (`HTTPS_PROXY`, `HTTP_PROXY`, `NO_PROXY`).
    public var proxy: String?
    /// `false` when the environment says `"cookies": false`: no cookie is sent or kept.
    public var usesCookies = true

    /// An environment; only the name and base URL are required.
    public init(
        name: String, baseURL: String, headers: [HeaderField] = [], variables: [String: String] = [:],
        secrets: Set<String> = [], isProtected: Bool = false, timeout: Double? = nil, retries: Int? = nil,
        retryDelay: Double? = nil, followRedirects: Bool? = nil, tls: TLSSettings = TLSSettings(),
        summary: String? = nil
    ) {
        self.name = name
        self.baseURL = baseURL
        self.headers = headers
        self.variables = variables
        self.secrets = secrets
        self.isProtected = isProtected
        self.timeout = timeout
        self.retries = retries
        self.retryDelay = retryDelay
        self.followRedirects = followRedirects
        self.tls = tls
        self.summary = summary
    }
}
