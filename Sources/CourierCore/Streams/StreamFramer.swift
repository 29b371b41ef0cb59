#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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
        let type = JSONSequence.mediaType(contentType)
        if type == "text/event-stream" {
            kind = .serverSentEvents
        } else if JSONSequence.lineMediaTypes.contains(type) {
            kind = .lines
        } else {
            return nil
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

    /// The events of a whole body of `contentType`, or nil when it is not a stream format or
    /// does not frame (an event over the limit): how a finished or recorded stream is shown.
    public static func events(in body: [UInt8], contentType: String?) -> [StreamEvent]? {
        guard var framer = StreamFramer(contentType: contentType), let events = try? framer.feed(body) else {
            return nil
        }
        return events + framer.finished
    }

    /// What is left when the stream ends: a last line without its line feed (an unfinished
    /// server-sent event is dropped, as the spec says).
    public var finished: [StreamEvent] {
        guard kind == .lines, let rest = lines.rest else { return [] }
        return [.line(String(decoding: rest, as: UTF8.self))]
    }
}
