/// Which wait ran out when a request timed out: `timeout` bounds every wait for the next
/// byte, so the message can say where the server (or the network) stalled.
public enum TimeoutPhase: String, Sendable, Equatable {
    /// Opening the connection (TCP, then TLS).
    case connecting
    /// Sending the request body: the server stopped reading it.
    case sending
    /// Waiting for the status line and headers once the request was sent.
    case head
    /// Waiting for the next bytes of the body.
    case body
    /// Waiting for the next event of a live stream.
    case event

    /// The words after "timed out after N s".
    func describe(_ url: String) -> String {
        switch self {
        case .connecting: return "connecting to \(url)"
        case .sending: return "sending the body to \(url)"
        case .head: return "waiting for the response from \(url)"
        case .body: return "waiting for more of the body from \(url)"
        case .event: return "waiting for the next event from \(url)"
        }
    }
}
