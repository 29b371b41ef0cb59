import CourierCore

/// A request that failed, as the Response pane shows it in place of the last answer: what went
/// wrong, where, why, and what to try. A green `200 OK` left on screen above a failure read as
/// success; the answer shown before stays in history (`H`).
public struct RequestFailure: Equatable, Sendable {
    /// The request's id (0 for one that was never sent): an older answer does not replace it.
    public var requestID: Int
    /// The route and the environment it was for.
    public var routeName: String
    public var environmentName: String
    /// What went wrong, in a few words (`Could not connect`).
    public var what: String
    /// The whole message, secrets masked.
    public var detail: String
    /// What to try, naming the screen's keys and the workspace's keys.
    public var hint: String?

    /// `error` of request `id` (`request`), its message masked with the environment's secrets.
    public init(id: Int, request: PreparedRequest, error: TransportError) {
        requestID = id
        routeName = request.origin.routeName
        environmentName = request.origin.environmentName
        detail = request.origin.masking(error.description)
        (what, hint) = Self.explain(error)
    }

    /// A request of `routeName` to `environmentName` that could not be built (`detail` says why).
    public init(routeName: String, environmentName: String, notSent detail: String) {
        requestID = 0
        self.routeName = routeName
        self.environmentName = environmentName
        what = "Not sent"
        self.detail = detail
        hint = nil
    }

    /// A failed attempt as history recorded it (`detail`, already masked), opened from `H`.
    public init(recorded record: HistoryRecord, detail: String) {
        requestID = 0
        routeName = record.exchange.origin.routeName
        environmentName = record.exchange.origin.environmentName
        what = "Failed (recorded #\(record.id.map(String.init) ?? "?"))"
        self.detail = detail
        hint = "s sends it again"
    }

    /// The headline and the hint for `error`.
    private static func explain(_ error: TransportError) -> (String, String?) {
        switch error {
        case .connection(_, let reason) where reason.contains("resolve"):
            return ("Could not connect", "check the host in the environment's base_url (e switches environment)")
        case .connection(_, let reason) where reason.contains("refused"):
            return (
                "Could not connect",
                "is the server running? The environment's base_url says where it should be (e switches environment)"
            )
        case .connection:
            return ("Could not connect", "Enter sends the request again")
        case .timeout:
            return (
                "Timed out",
                "raise the environment's timeout (\(Int(RequestBuilder.defaultTimeout)) s unless set), or look at the server"
            )
        case .tls:
            return (
                "TLS failure",
                "for a private CA set the environment's tls.ca_file; tls.insecure: true turns verification off for it"
            )
        case .proxy: return ("Proxy failure", "check the environment's proxy settings and the proxy itself")
        case .tooManyRedirects:
            return ("Too many redirects", "follow_redirects: false on the environment shows the first answer")
        case .badRedirect: return ("Bad redirect", nil)
        case .protectedRedirect: return ("Redirect refused", nil)
        case .bodyTooLarge: return ("Response too large", nil)
        case .oauth2: return ("No OAuth2 token", "check the environment's auth settings")
        case .upload: return ("File not sent", nil)
        case .cancelled: return ("Cancelled", nil)
        case .other: return ("Request failed", nil)
        }
    }

    /// Draws it into the Response pane's `rect`, with `style` for the border.
    static func draw(_ failure: RequestFailure, in rect: Rect, style: Style, into buffer: inout ScreenBuffer) {
        buffer.box(rect, style: style)
        let x = buffer.put(" Response ── ", x: rect.x + 1, y: rect.y, style: style, clip: rect)
        buffer.put("✗ \(failure.what) ", x: x, y: rect.y, style: Theme.error, clip: rect.inner.expandedVertically)
        let inner = rect.inner
        let width = max(1, inner.width - 2)
        // Broken anywhere a line must be: a URL is one long word, and its end says the most.
        func wrapped(_ text: String, _ style: Style) -> [(String, Style)] {
            Views.wrap(text, width: width).flatMap { Views.chunks($0, width: width) }.map { ($0, style) }
        }
        var lines = wrapped("\(failure.routeName) @ \(failure.environmentName)", Theme.strong)
        lines += wrapped(failure.detail, Theme.error)
        if let hint = failure.hint {
            lines.append(("", .plain))
            lines += wrapped("hint: " + hint, Theme.hint)
        }
        lines.append(("", .plain))
        lines += wrapped("The answer shown before stays in history (H).", Theme.hint)
        for (row, line) in lines.prefix(inner.height).enumerated() {
            buffer.put(line.0, x: inner.x + 1, y: inner.y + row, style: line.1, clip: inner)
        }
    }
}
