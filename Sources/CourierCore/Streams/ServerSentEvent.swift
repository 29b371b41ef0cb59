/// One server-sent event (WHATWG HTML §9.2): its type, data, id and retry hint.
public struct ServerSentEvent: Sendable, Equatable {
    /// `event:`; `message` when the server names none.
    public var type: String
    /// The `data:` lines joined with line feeds.
    public var data: String
    /// The last event id in force (`id:`), if any.
    public var id: String?
    /// `retry:` in milliseconds, when this event set it.
    public var retry: Int?

    /// An event.
    public init(type: String = "message", data: String, id: String? = nil, retry: Int? = nil) {
        self.type = type
        self.data = data
        self.id = id
        self.retry = retry
    }

    /// `event: tick  id: 3`: the line above its data wherever an event is shown.
    public var title: String { "event: \(type)" + (id.map { "  id: \($0)" } ?? "") }
}
