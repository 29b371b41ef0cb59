/// What goes on the wire, and nothing else: method, URL, headers and body.
///
/// How it is sent lives in `SendOptions` and where it came from in `ExchangeOrigin`, so the
/// same value can be shown, exported as curl, recorded or sent again unchanged.
public struct HTTPRequest: Sendable, Equatable {
    /// The method.
    public var method: HTTPMethod
    /// Absolute http(s) URL, encoded.
    public var url: String
    /// Headers in send order.
    public var headers: [HeaderField]
    /// Body bytes, if any; for a multipart body, its outline (files named, not copied).
    public var body: [UInt8]?
    /// A multipart body whose files the engine streams from disk; `body` then holds its outline.
    public var multipart: MultipartBody?

    /// A request.
    public init(method: HTTPMethod, url: String, headers: [HeaderField] = [], body: [UInt8]? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}
