/// How a request over a `WireConnection` failed where NIO has no error of its own to say so.
enum WireError: Error, Equatable {
    /// The connection closed before any byte of the answer: for a connection kept alive from
    /// an earlier request, the server had dropped it while idle.
    case closedBeforeAnswer
    /// The connection closed in the middle of the answer's body.
    case closedMidBody
    /// No byte of the answer came within the timeout.
    case timedOut
    /// The request could not be written out within the timeout: the server stopped reading it.
    case sendTimedOut
    /// A header name or value that would change the request's framing (a CR, an LF, a control
    /// byte, a name with a separator): never written.
    case invalidHeader(String)
    /// The host name has no address (`getaddrinfo`'s reason).
    case unresolved(String)
    /// The TLS handshake did not end within the timeout.
    case handshakeTimedOut
}
