/// How a WebSocket upgrade failed where NIO has no error of its own to say so.
public enum WebSocketUpgradeError: Error, Equatable {
    /// The connection closed before the whole head of the answer.
    case closedBeforeAnswer
    /// The answer breaks HTTP/1.1 or RFC 6455 (why).
    case badAnswer(String)
}
