/// A complete response as the user sees it.
public struct HTTPResponse: Sendable, Equatable {
    /// Status code, e.g. 200.
    public var status: Int
    /// Reason phrase, e.g. `OK`.
    public var reason: String
    /// Protocol version, e.g. `HTTP/1.1`.
    public var version: String
    /// Headers in the order received, duplicates kept.
    public var headers: [HeaderField]
    /// Body bytes after gzip/deflate decoding.
    public var body: [UInt8]
    /// From sending the first attempt to the last body byte, in seconds.
    public var totalTime: Double
    /// From sending the final request to receiving its response head, in seconds.
    public var timeToFirstByte: Double
    /// The URL that produced this response (after redirects).
    public var finalURL: String
    /// How many redirects were followed.
    public var redirectCount: Int
    /// How many attempts were made (1 without retries).
    public var attempts: Int
    /// Where the body was saved when it was larger than the request's in-memory cap
    /// (`body` is then empty).
    public var bodyFile: String?
    /// Body size in bytes, wherever it is.
    public var bodySize: Int
    /// Every request and response of the last attempt on the wire, redirects first and this
    /// response last; empty for a response not from the engine (or recorded before hops were).
    public var hops: [ExchangeHop] = []
    /// What the engine did that the user should hear of (a header held back on a redirect).
    public var warnings: [String] = []
    /// The certificate the server presented, over HTTPS (the final hop's connection).
    public var certificate: PeerCertificate?
    /// A WebSocket conversation's messages and close, after its upgrade (this response's `101`).
    public var transcript: WebSocketTranscript?

    /// A response value.
    public init(
        status: Int, reason: String, version: String = "HTTP/1.1", headers: [HeaderField] = [], body: [UInt8] = [],
        totalTime: Double = 0, timeToFirstByte: Double = 0, finalURL: String = "", redirectCount: Int = 0,
        attempts: Int = 1,
        bodyFile: String? = nil, bodySize: Int? = nil
    ) {
        self.bodyFile = bodyFile
        self.bodySize = bodySize ?? body.count
        self.status = status
        self.reason = reason
        self.version = version
        self.headers = headers
        self.body = body
        self.totalTime = totalTime
        self.timeToFirstByte = timeToFirstByte
        self.finalURL = finalURL
        self.redirectCount = redirectCount
        self.attempts = attempts
    }

    /// The `Content-Type` header, if any.
    public var contentType: String? { headers.value(for: "Content-Type") }

    /// `HTTP/1.1 200 OK`.
    public var statusLine: String { "\(version) \(status) \(reason)" }
}
