/// A request ready to send: the wire value, how to send it and where it came from. This is
/// what `RequestBuilder` produces, what a confirmation dialog shows, and what the engine
/// turns into an `Exchange`.
public struct PreparedRequest: Sendable, Equatable {
    /// What goes on the wire.
    public var request: HTTPRequest
    /// How it is sent.
    public var options: SendOptions
    /// Where it came from.
    public var origin: ExchangeOrigin
    /// The route's checks and captures, run on the response (nil for a request built by hand).
    public var checkPlan: CheckPlan?
    /// Digest or OAuth2, which the engine performs (basic and bearer are already headers).
    public var auth: ResolvedAuth?
    /// The auth's credentials by the field that holds them (`username`, `password`, `token`),
    /// so an export can name each instead of writing it (`-u "$USERNAME:$PASSWORD"`).
    public var credentials: [NamedSecret] = []
    /// For a WebSocket route: the messages to send and when to stop.
    public var webSocket: WebSocketPlan?

    /// A prepared request.
    public init(request: HTTPRequest, options: SendOptions = SendOptions(), origin: ExchangeOrigin = ExchangeOrigin()) {
        self.request = request
        self.options = options
        self.origin = origin
    }

    /// `true` when sending needs an explicit confirmation: a method other than GET, HEAD or
    /// OPTIONS, or a WebSocket (whose messages may change anything), to a protected
    /// environment, its own or the one whose base URL the request's URL is under (a route or
    /// a quick request may name an absolute URL).
    public var needsConfirmation: Bool { (!request.method.isSafe || isWebSocket) && protectedTarget != nil }

    /// The request opens a WebSocket (its URL is `ws://` or `wss://`).
    public var isWebSocket: Bool { RequestBuilder.isWebSocketURL(request.url) }

    /// What a confirmation names: the method, or `WebSocket messages`.
    public var confirmationLabel: String { isWebSocket ? "WebSocket messages" : request.method.rawValue }

    /// The protected environment the request goes to: its own, else the one owning its URL.
    public var protectedTarget: String? {
        if origin.isProtectedEnvironment { return origin.environmentName }
        let url = RequestBuilder.upgradeURL(request.url)
        return options.protectedGuard.owner(of: url).flatMap { $0.isProtected ? $0.name : nil }
    }
}
