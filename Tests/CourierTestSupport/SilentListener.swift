import Foundation

/// A loopback TCP socket that listens and never answers: the kernel completes the TCP
/// handshake, then nothing. A TLS client waits for the server's hello forever.
public final class SilentListener {
    /// The port it listens on, on 127.0.0.1.
    public let port: Int
    private let descriptor: Int32

    /// Starts listening on an ephemeral loopback port.
    public init() throws {
        (descriptor, port) = try LoopbackSocket.listen(backlog: 8)
    }

    deinit { close(descriptor) }
}
