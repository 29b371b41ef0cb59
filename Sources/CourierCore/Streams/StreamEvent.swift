/// One complete piece of a live stream.
public enum StreamEvent: Sendable, Equatable {
    /// A server-sent event.
    case event(ServerSentEvent)
    /// One line of an NDJSON stream (a JSON text, not checked).
    case line(String)
    /// One message of a WebSocket conversation, either way.
    case message(WebSocketMessage)

    /// Whether it is shown under a title line of its own (an SSE event's type, a message's
    /// direction and time), which a screen draws dimmed.
    public var hasTitle: Bool {
        switch self {
        case .event, .message: return true
        case .line: return false
        }
    }

    /// The event in its wire format (`event:`/`id:`/`data:` lines and a blank line, or the
    /// line and its line feed): what `--raw` prints. The `id` is the one in force, which the
    /// server may have sent with an earlier event; comments and unknown fields are not kept.
    public var wireText: String {
        switch self {
        case .line(let text): return text + "\n"
        case .message(let message): return message.text + "\n"
        case .event(let event):
            var text = ""
            if event.type != "message" { text += "event: \(event.type)\n" }
            if let id = event.id { text += "id: \(id)\n" }
            if let retry = event.retry { text += "retry: \(retry)\n" }
            for line in event.data.split(separator: "\n", omittingEmptySubsequences: false) {
                text += "data: \(line)\n"
            }
            return text + "\n"
        }
    }

    /// The event as people read it: a server-sent event is its `event: type  id: 3` line
    /// (dimmed with `colored`), then its data (JSON pretty-printed) and a blank line; an
    /// NDJSON line is its JSON pretty-printed. `courier call` prints this, the screen shows it.
    public func readableText(colored: Bool = false) -> String {
        switch self {
        case .line(let line):
            return Self.pretty(line, colored: colored) ?? line + "\n"
        case .message(let message):
            var title = "\(message.arrow) \(Seconds.fixed(message.time, places: 3)) s"
            if message.kind == .binary { title += "  binary" }
            if colored { title = "\u{1B}[2m" + title + "\u{1B}[0m" }
            return title + "\n" + message.readableText(colored: colored) + "\n"
        case .event(let event):
            var title = event.title
            if colored { title = "\u{1B}[2m" + title + "\u{1B}[0m" }
            return title + "\n" + (Self.pretty(event.data, colored: colored) ?? event.data + "\n") + "\n"
        }
    }

    /// `text` pretty-printed when it is JSON.
    private static func pretty(_ text: String, colored: Bool) -> String? {
        let bytes = Array(text.utf8)
        guard BodyKind.looksLikeJSON(bytes, contentType: "application/json"),
            let formatted = try? JSONFormatter(style: colored ? .terminal : nil).format(bytes)
        else { return nil }
        return String(decoding: formatted, as: UTF8.self)
    }
}

/// What the engine reports while a response arrives: a stream's head once, then each event;
/// or, for a large body that is not a stream, its head and first bytes once, while the rest
/// is still coming (when the caller asked for it).
public enum StreamUpdate: Sendable, Equatable {
    /// The response is a stream: its status line and headers.
    case head(status: Int, reason: String, version: String, headers: [HeaderField])
    /// One complete event.
    case event(StreamEvent)
    /// The start of a body that is still arriving, so a screen can show its first lines
    /// before the rest: the status line, the headers and the bytes received so far.
    case partial(status: Int, reason: String, headers: [HeaderField], firstBytes: [UInt8])
}
