/// What a WebSocket route's conversation does once open: the messages it sends first, and
/// when it has heard enough. `RequestBuilder` makes it from the route (`messages`, `until`);
/// `courier call` replaces parts of it (`--message`, `--until`, `--count`).
public struct WebSocketPlan: Sendable, Equatable {
    /// Sent in order once the upgrade is accepted (templates already filled).
    public var messages: [String]
    /// A check that ends the conversation when it passes after a message is received: on the
    /// transcript (`message count >= 3`), or on the last message (`json type == "done"`,
    /// `body contains "ok"`).
    public var until: Check?
    /// Ends the conversation once this many messages were received.
    public var count: Int?

    /// A plan.
    public init(messages: [String] = [], until: Check? = nil, count: Int? = nil) {
        self.messages = messages
        self.until = until
        self.count = count
    }

    /// Whether the conversation waits for something (`until` or `count`) rather than closing
    /// once its messages are sent.
    public var waits: Bool { until != nil || count != nil }

    /// Whether `transcript` has heard enough (`context` fills templates in `until`'s value).
    public func isDone(_ transcript: WebSocketTranscript, context: TemplateContext = TemplateContext()) -> Bool {
        if let count, transcript.receivedCount >= count { return true }
        guard let until, let last = transcript.received.last else { return false }
        // `json` and `body` read the last message; `message …` reads the whole transcript.
        var response = HTTPResponse(
            status: 101, reason: "Switching Protocols",
            headers: last.kind == .text ? [HeaderField("Content-Type", "application/json")] : [], body: last.data)
        response.transcript = transcript
        return CheckEvaluator(response: response, context: context).evaluate(until).passed
    }
}
