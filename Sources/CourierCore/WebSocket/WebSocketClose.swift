/// How a WebSocket conversation closed: the code and reason of the first close frame, and who
/// sent it.
public struct WebSocketClose: Sendable, Equatable {
    /// The close code (RFC 6455 §7.4); 1005 when the frame carried none.
    public var code: Int
    /// The reason the frame gave (may be empty).
    public var reason: String
    /// The server closed first (else Courier did).
    public var byServer: Bool

    /// A close.
    public init(code: Int, reason: String = "", byServer: Bool) {
        self.code = code
        self.reason = reason
        self.byServer = byServer
    }

    /// Whether the code says all went well: 1000 (normal) or 1001 (going away).
    public var isNormal: Bool { code == 1000 || code == 1001 }

    /// `closed by the server: 4001 "token expired"`, the reason with its controls shown.
    public var summary: String {
        let who = byServer ? "the server" : "Courier"
        let name = Self.names[code].map { " (\($0))" } ?? ""
        let why = reason.isEmpty ? "" : " \"\(TerminalText.visibleLine(reason))\""
        return "closed by \(who): \(code)\(name)\(why)"
    }

    /// The codes RFC 6455 §7.4.1 names.
    private static let names = [
        1000: "normal", 1001: "going away", 1002: "protocol error", 1003: "unacceptable data",
        1005: "no code", 1006: "dropped", 1007: "invalid data", 1008: "policy violation", 1009: "message too big",
        1010: "extension needed", 1011: "server error",
    ]
}
