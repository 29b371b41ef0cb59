import Foundation

/// Cuts a live response body into its events as the bytes arrive: server-sent events for
/// `text/event-stream`, one JSON text per line for `application/x-ndjson` (and JSON Lines).
public struct StreamFramer: Sendable {
    /// The stream formats Courier shows as they arrive.
    public enum Kind: String, Sendable, Equatable {
        case serverSentEvents = "text/event-stream"
        case lines = "application/x-ndjson"
    }

    /// The format.
    public let kind: Kind
    private var events: ServerSentEventParser
    private var lines: LineStreamParser

    /// The framer for a response of `contentType`, or nil when it is not a stream format.
    public init?(contentType: String?, limit: Int = 1 << 20) {
        let type = (contentType ?? "").split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        switch type {
        case "text/event-stream": kind = .serverSentEvents
        case "application/x-ndjson", "application/ndjson", "application/jsonl", "application/x-jsonlines",
            "application/jsonlines":
            kind = .lines
        default: return nil
        }
        events = ServerSentEventParser(limit: limit)
        lines = LineStreamParser(limit: limit)
    }

    /// The events `bytes` complete.
    public mutating func feed(_ bytes: some Sequence<UInt8>) throws(ServerSentEventParser.Failure) -> [StreamEvent] {
        switch kind {
        case .serverSentEvents: return try events.feed(bytes).map(StreamEvent.event)
        case .lines: return try lines.feed(bytes).map { StreamEvent.line(String(decoding: $0, as: UTF8.self)) }
        }
    }

    /// What is left when the stream ends: a last line without its line feed (an unfinished
    /// server-sent event is dropped, as the spec says).
    public var finished: [StreamEvent] {
        guard kind == .lines, let rest = lines.rest else { return [] }
        return [.line(String(decoding: rest, as: UTF8.self))]
    }
}

/// One complete piece of a live stream.
public enum StreamEvent: Sendable, Equatable {
    /// A server-sent event.
    case event(ServerSentEvent)
    /// One line of an NDJSON stream (a JSON text, not checked).
    case line(String)

    /// The event in its wire format (`event:`/`id:`/`data:` lines and a blank line, or the
    /// line and its line feed): what `--raw` prints. The `id` is the one in force, which the
    /// server may have sent with an earlier event; comments and unknown fields are not kept.
    public var wireText: String {
        switch self {
        case .line(let text): return text + "\n"
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
}

/// What the engine reports while a stream arrives: its head once, then each event.
public enum StreamUpdate: Sendable, Equatable {
    /// The response is a stream: its status line and headers.
    case head(status: Int, reason: String, version: String, headers: [HeaderField])
    /// One complete event.
    case event(StreamEvent)
}
