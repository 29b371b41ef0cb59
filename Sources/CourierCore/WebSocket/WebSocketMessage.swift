/// One message of a WebSocket conversation, whole (its fragments joined), as sent or received.
public struct WebSocketMessage: Sendable, Equatable {
    /// Which way it went.
    public enum Direction: String, Sendable, Equatable {
        case sent, received
    }

    /// A text message (UTF-8) or a binary one.
    public enum Kind: String, Sendable, Equatable {
        case text, binary
    }

    /// Which way it went.
    public var direction: Direction
    /// Text or binary.
    public var kind: Kind
    /// The payload.
    public var data: [UInt8]
    /// Seconds since the conversation opened (the upgrade's answer).
    public var time: Double

    /// A message.
    public init(_ direction: Direction, _ kind: Kind = .text, data: [UInt8], time: Double = 0) {
        self.direction = direction
        self.kind = kind
        self.data = data
        self.time = time
    }

    /// A text message of `text`.
    public init(_ direction: Direction, text: String, time: Double = 0) {
        self.init(direction, .text, data: Array(text.utf8), time: time)
    }

    /// The payload as text: a text message as it is; a binary one as `<binary, 12 bytes>`.
    public var text: String {
        kind == .text ? String(decoding: data, as: UTF8.self) : "<binary, \(ByteCount.format(data.count))>"
    }

    /// `→` for a message sent, `←` for one received.
    public var arrow: String { direction == .sent ? "→" : "←" }

    /// The message as people read it: JSON pretty-printed (colored with `colored`), other text
    /// as it is, each ending in a line feed; a binary message as its size.
    public func readableText(colored: Bool = false) -> String {
        guard kind == .text else { return text + "\n" }
        if BodyKind.looksLikeJSON(data, contentType: "application/json"),
            let formatted = try? JSONFormatter(style: colored ? .terminal : nil).format(data)
        {
            return String(decoding: formatted, as: UTF8.self)
        }
        return text + "\n"
    }
}
