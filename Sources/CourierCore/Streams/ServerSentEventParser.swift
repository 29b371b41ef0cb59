/// Splits a `text/event-stream` into events as its bytes arrive, in any chunks (WHATWG HTML
/// §9.2.6): lines end with CR, LF or CRLF (a CR at a chunk's end waits for the next chunk's
/// LF), `:` starts a comment, a blank line dispatches the event, a leading BOM is dropped.
/// Invalid UTF-8 becomes U+FFFD, as the spec decodes it.
///
/// A stream that never sends a line break would grow without end: past `limit` bytes of one
/// unfinished event, `feed` throws.
public struct ServerSentEventParser: Sendable {
    /// Why the stream cannot be read on.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// One event (or one line) went past the limit without ending.
        case eventTooLong(limit: Int)

        public var description: String {
            switch self {
            case .eventTooLong(let limit):
                return "the stream sent more than \(ByteCount.format(limit)) without ending an event"
            }
        }
    }

    /// The most bytes one event may take before it ends.
    public let limit: Int
    private var line: [UInt8] = []
    private var pendingCR = false
    private var started = false
    private var type = ""
    private var data: [String] = []
    private var hasData = false
    private var lastID: String?
    private var retry: Int?
    private var eventBytes = 0

    /// A parser; `limit` bounds one event (1 MB unless told).
    public init(limit: Int = 1 << 20) {
        self.limit = limit
    }

    /// The events completed by `bytes`.
    public mutating func feed(_ bytes: some Sequence<UInt8>) throws(Failure) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            if pendingCR {
                pendingCR = false
                if byte == 0x0A { continue }
            }
            switch byte {
            case 0x0D:
                pendingCR = true
                if let event = endLine() { events.append(event) }
            case 0x0A:
                if let event = endLine() { events.append(event) }
            default:
                line.append(byte)
                eventBytes += 1
                if eventBytes > limit { throw .eventTooLong(limit: limit) }
            }
        }
        return events
    }

    private mutating func endLine() -> ServerSentEvent? {
        var text = line
        line = []
        if !started {
            // A BOM may open the stream, and only the stream.
            started = true
            if text.starts(with: [0xEF, 0xBB, 0xBF]) { text.removeFirst(3) }
        }
        if text.isEmpty { return dispatch() }
        if text.first == 0x3A { return nil }
        let field: String
        let value: String
        if let colon = text.firstIndex(of: 0x3A) {
            field = String(decoding: text[..<colon], as: UTF8.self)
            var rest = text[(colon + 1)...]
            if rest.first == 0x20 { rest = rest.dropFirst() }
            value = String(decoding: rest, as: UTF8.self)
        } else {
            field = String(decoding: text, as: UTF8.self)
            value = ""
        }
        switch field {
        case "event": type = value
        case "data":
            data.append(value)
            hasData = true
        case "id":
            if !value.contains("\u{0}") { lastID = value }
        case "retry":
            if !value.isEmpty, value.allSatisfy(\.isASCIIDigit) { retry = Int(value) }
        default: break
        }
        return nil
    }

    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            type = ""
            data = []
            hasData = false
            retry = nil
            eventBytes = 0
        }
        guard hasData else { return nil }
        return ServerSentEvent(
            type: type.isEmpty ? "message" : type, data: data.joined(separator: "\n"), id: lastID, retry: retry)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
