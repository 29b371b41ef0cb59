/// How a request is sent: timeouts, retries, redirects, TLS and where a huge body goes.
/// Resolved from the environment and the user's input by `RequestBuilder`.
public struct SendOptions: Sendable, Equatable {
    /// Seconds before one attempt is abandoned.
    public var timeout: Double
    /// When a failed attempt is tried again.
    public var retry: RetryPolicy
    /// Follow up to `RedirectPolicy.maxRedirects` redirects.
    public var followRedirects: Bool
    /// Certificate verification settings (CA path already absolute).
    public var tls: TLSSettings
    /// Bodies larger than this many bytes are saved to a temporary file instead of memory.
    public var maxBodyInMemory: Int?
    /// Which proxy each hop goes through.
    public var proxy = ProxyRules()
    /// Which redirect hops need a confirmation the user has not given.
    public var protectedGuard = ProtectedGuard()

    /// A compressed body may inflate to at most this many times its size on the wire: zlib
    /// reaches ~1,000 for a run of zeros (a "gzip bomb"); real JSON and text stay far below 100.
    public static let maxInflationRatio = 100
    /// A compressed body may inflate to at most this many bytes, whatever the ratio.
    public var maxInflatedBody = 256 << 20
    /// Past the memory cap a body goes to a file; past this many bytes it is cut off with an
    /// error, so an endless download cannot fill the disk.
    public var maxSpilledBody = 4 << 30

    /// The `Accept-Encoding` the engine sends when a request has none (NIO's decompressor adds
    /// it, and decodes those two); a curl export asks for the same.
    public static let acceptEncoding = "deflate, gzip"

    /// Options; the defaults suit a quick GET.
    public init(
        timeout: Double = 30, retry: RetryPolicy = RetryPolicy(), followRedirects: Bool = true,
        tls: TLSSettings = TLSSettings(), maxBodyInMemory: Int? = nil
    ) {
        self.timeout = timeout
        self.retry = retry
        self.followRedirects = followRedirects
        self.tls = tls
        self.maxBodyInMemory = maxBodyInMemory
    }
}
