/// What a check or capture reads from an exchange (DESIGN.md §6).
public enum CheckQuery: Sendable, Equatable, CustomStringConvertible {
    /// The status code, as a number.
    case status
    /// A response header's value (repeated fields joined with `, `, as RFC 9110 §5.3 allows).
    case header(String)
    /// The value at a `json_path` of the body.
    case json(JSONPath)
    /// The body as text.
    case body
    /// Milliseconds the whole exchange took, redirects and retries included.
    case duration
    /// A percentile of the route's times over the repeats of a run (`duration p95`; 100 is
    /// `max`), in milliseconds. One exchange alone is its own every percentile.
    case durationPercentile(Double)
    /// The body's size in bytes.
    case bytes
    /// A fact of the TLS certificate the server presented.
    case certificate(PeerCertificate.Field)
    /// A WebSocket conversation's received messages: how many, or one of them (its text, or
    /// with a path the value at that path of its JSON).
    case message(MessagePick, JSONPath?)
    /// The close code of a WebSocket conversation.
    case closeCode

    /// Which received message `message` reads.
    public enum MessagePick: Sendable, Equatable {
        /// How many were received.
        case count
        case first, last
        /// The one at this place, from 0.
        case index(Int)
    }

    /// The query keywords, for messages and suggestions.
    static let keywords = [
        "status", "header", "json", "body", "duration", "bytes", "certificate", "message", "close",
    ]

    /// Whether `count` can apply (a number has no length).
    var isCountable: Bool {
        switch self {
        case .header, .json, .body: return true
        case .message(let pick, _): return pick != .count
        case .closeCode: return false
        case .certificate(let field): return field != .expiresInDays
        case .status, .duration, .durationPercentile, .bytes: return false
        }
    }

    /// The query as written: `json address.city`.
    public var description: String {
        switch self {
        case .status: return "status"
        case .header(let name): return "header \(name)"
        case .json(let path): return "json \(path.isEmpty ? "." : path.description)"
        case .body: return "body"
        case .duration: return "duration"
        case .durationPercentile(let percentile):
            return percentile == 100 ? "duration max" : "duration p\(Seconds.compact(percentile))"
        case .bytes: return "bytes"
        case .certificate(let field): return "certificate \(field.rawValue)"
        case .message(let pick, let path):
            let which: String
            switch pick {
            case .count: which = "count"
            case .first: which = "first"
            case .last: which = "last"
            case .index(let index): which = String(index)
            }
            return "message \(which)" + (path.map { " json \($0.isEmpty ? "." : $0.description)" } ?? "")
        case .closeCode: return "close code"
        }
    }
}
