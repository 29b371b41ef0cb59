#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One request and response of an exchange as it went over the wire: the final one, or a
/// redirect the engine followed on the way to it. HAR export makes one entry of each.
public struct ExchangeHop: Sendable, Equatable {
    /// The method sent (a 303 turns a POST into a GET).
    public var method: HTTPMethod
    /// The URL requested.
    public var url: String
    /// The request headers sent (credentials are dropped when a redirect changes origin).
    public var requestHeaders: [HeaderField]
    /// Whether the exchange's request body went with this hop.
    public var sentBody: Bool
    /// Response status, e.g. 302.
    public var status: Int
    /// Response reason phrase.
    public var reason: String
    /// Protocol version of the response, e.g. `HTTP/1.1`.
    public var version: String
    /// Response headers.
    public var responseHeaders: [HeaderField]
    /// Response body size in bytes (after decoding).
    public var bodySize: Int
    /// When the request was handed to the connection (wall clock).
    public var startedAt: Date
    /// Seconds from the request sent to the response head; without `phases`, from handing the
    /// request over (connecting included).
    public var wait: Double
    /// Seconds from the response head to the last body byte.
    public var receive: Double
    /// Connecting, queueing and sending, when the engine saw them (nil: a hop recorded before
    /// they were measured, or imported).
    public var phases: HopPhases?

    /// A hop.
    public init(
        method: HTTPMethod, url: String, requestHeaders: [HeaderField] = [], sentBody: Bool = false, status: Int,
        reason: String = "", version: String = "HTTP/1.1", responseHeaders: [HeaderField] = [], bodySize: Int = 0,
        startedAt: Date, wait: Double = 0, receive: Double = 0, phases: HopPhases? = nil
    ) {
        self.method = method
        self.url = url
        self.requestHeaders = requestHeaders
        self.sentBody = sentBody
        self.status = status
        self.reason = reason
        self.version = version
        self.responseHeaders = responseHeaders
        self.bodySize = bodySize
        self.startedAt = startedAt
        self.wait = wait
        self.receive = receive
        self.phases = phases
    }
}
