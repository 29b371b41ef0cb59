import Foundation

/// A fully resolved request, ready to send: no placeholders left, URL encoded.
public struct HTTPRequest: Sendable, Equatable {
    /// Upper-case method.
    public var method: String
    /// Absolute http(s) URL.
    public var url: String
    /// Headers in send order.
    public var headers: [HeaderField]
    /// Body bytes, if any.
    public var body: [UInt8]?
    /// Seconds before one attempt is abandoned.
    public var timeout: Double
    /// Extra attempts for idempotent requests after transient failures.
    public var retries: Int
    /// Seconds between attempts.
    public var retryDelay: Double
    /// Follow up to `HTTPClient.maxRedirects` redirects.
    public var followRedirects: Bool
    /// Certificate verification settings (CA path already absolute).
    public var tls: TLSSettings
    /// The route this request came from, for display.
    public var routeName: String
    /// The environment this request goes to, for display.
    public var environmentName: String
    /// Whether that environment is protected.
    public var isProtectedEnvironment: Bool
    /// Resolved values of secret variables, to mask wherever the request is shown.
    public var secretValues: [String]
    /// Bodies larger than this many bytes are saved to a temporary file instead of memory.
    public var maxBodyInMemory: Int?

    /// A request; the defaults suit a quick GET.
    public init(
        method: String, url: String, headers: [HeaderField] = [], body: [UInt8]? = nil, timeout: Double = 30,
        retries: Int = 0, retryDelay: Double = 1, followRedirects: Bool = true, tls: TLSSettings = TLSSettings(),
        routeName: String = "", environmentName: String = "", isProtectedEnvironment: Bool = false,
        secretValues: [String] = []
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.retries = retries
        self.retryDelay = retryDelay
        self.followRedirects = followRedirects
        self.tls = tls
        self.routeName = routeName
        self.environmentName = environmentName
        self.isProtectedEnvironment = isProtectedEnvironment
        self.secretValues = secretValues
    }

    /// `true` when sending needs an explicit confirmation: a method other than
    /// GET/HEAD/OPTIONS to a protected environment.
    public var needsConfirmation: Bool { isProtectedEnvironment && !Route.isSafe(method: method) }

    /// `text` with every secret value replaced by `••••••`, for display and logs.
    public func masking(_ text: String) -> String {
        SecretMask.apply(text, hiding: secretValues)
    }
}
