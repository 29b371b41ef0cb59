/// What a WebSocket conversation said: its messages in order, and how it closed.
///
/// It holds at most `limit` bytes of payload: past it the oldest messages go, whole, down to
/// half (as the screen's stream transcript does), so an hour-long session keeps flat memory;
/// the counts stay true.
public struct WebSocketTranscript: Sendable, Equatable {
    /// The messages kept, oldest first.
    public internal(set) var messages: [WebSocketMessage] = []
    /// Messages received, all of them (kept or not).
    public internal(set) var receivedCount = 0
    /// Messages sent, all of them.
    public internal(set) var sentCount = 0
    /// Messages no longer kept (the oldest).
    public internal(set) var dropped = 0
    /// How it closed; nil while open, or when the connection dropped without a close frame.
    public var close: WebSocketClose?
    /// Why it did not end well, in one line (a message refused, the timeout, a dropped
    /// connection); nil when it did.
    public var problem: String?
    /// It ended because nothing passed for the timeout.
    public var timedOut = false
    /// When the conversation opened, in seconds since 1970 (HAR's message times count from 1970).
    public var openedAt: Double
    /// Payload bytes kept at most.
    public let limit: Int
    var keptBytes = 0

    /// The default: 4 MB of messages.
    public static let defaultLimit = 4 << 20

    /// An empty transcript opened at `openedAt`.
    public init(openedAt: Double = 0, limit: Int = Self.defaultLimit) {
        self.openedAt = openedAt
        self.limit = max(limit, 1)
    }

    /// Adds `message`, dropping the oldest when the payload kept passes the limit.
    public mutating func append(_ message: WebSocketMessage) {
        if message.direction == .sent { sentCount += 1 } else { receivedCount += 1 }
        messages.append(message)
        keptBytes += message.data.count
        guard keptBytes > limit else { return }
        var cut = 0
        var freed = 0
        while cut < messages.count - 1 && keptBytes - freed > limit / 2 {
            freed += messages[cut].data.count
            cut += 1
        }
        messages.removeFirst(cut)
        keptBytes -= freed
        dropped += cut
    }

    /// The messages received that are still kept, oldest first.
    public var received: [WebSocketMessage] { messages.filter { $0.direction == .received } }

    /// The transcript with every secret form in `secrets` masked in payloads and the close reason.
    public func masked(_ secrets: SecretSet) -> WebSocketTranscript {
        guard !secrets.isEmpty else { return self }
        var copy = self
        for index in copy.messages.indices {
            copy.messages[index].data = secrets.mask(copy.messages[index].data)
        }
        if let close = copy.close { copy.close?.reason = secrets.mask(close.reason) }
        return copy
    }
}
