/// WebSocket routes' URLs: `ws://` and `wss://`, from the environment's `http(s)://` base.
extension RequestBuilder {
    /// Whether `url` starts with `ws://` or `wss://`.
    public static func isWebSocketURL(_ url: String) -> Bool {
        let lower = url.prefix(6).lowercased()
        return lower.hasPrefix("ws://") || lower.hasPrefix("wss://")
    }

    /// `url` with `http` made `ws` and `https` made `wss` (a `ws(s)` URL stays as it is).
    static func webSocketURL(_ url: String) -> String {
        let lower = url.prefix(8).lowercased()
        if lower.hasPrefix("https://") { return "wss" + url.dropFirst(5) }
        if lower.hasPrefix("http://") { return "ws" + url.dropFirst(4) }
        return url
    }

    /// The `http(s)` URL a WebSocket URL's upgrade is sent to (`ws` → `http`, `wss` → `https`);
    /// any other URL as it is.
    public static func upgradeURL(_ url: String) -> String {
        let lower = url.prefix(6).lowercased()
        if lower.hasPrefix("wss://") { return "https" + url.dropFirst(3) }
        if lower.hasPrefix("ws://") { return "http" + url.dropFirst(2) }
        return url
    }

    /// A WebSocket route's plan: its messages (or `input`'s) with their templates filled, made
    /// now so each value made at send time is the same in the preview and on the wire.
    func webSocketPlan(_ route: Route, input: RequestInput, context: TemplateContext) throws(RequestError)
        -> WebSocketPlan
    {
        var messages: [String] = []
        var place = context
        for (index, message) in (input.messages ?? route.messages).enumerated() {
            place.place = "message.\(index)"
            messages.append(try Template.render(message, in: place))
        }
        return WebSocketPlan(messages: messages, until: route.until)
    }
}
