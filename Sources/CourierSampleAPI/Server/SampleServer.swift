import NIOCore

/// A sample API running in the background of this process, for tests and `courier --demo`.
public final class SampleServer: Sendable {
    /// The bound loopback port.
    public let port: Int
    private let task: Task<Void, any Error>

    private init(port: Int, task: Task<Void, any Error>) {
        self.port = port
        self.task = task
    }

    /// Starts a server on `port` (0 = any free port) and returns once it accepts connections.
    /// `setup` runs on each accepted connection before the HTTP handlers (a test adds TLS).
    public static func start(
        port: Int = 0, setup: (@Sendable (any Channel) throws -> Void)? = nil
    ) async throws -> SampleServer {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let task = Task {
            defer { continuation.finish() }
            try await SampleAPI.run(port: port, handleSignals: false, setup: setup) { bound in
                continuation.yield(bound)
            }
        }
        for await bound in stream {
            return SampleServer(port: bound, task: task)
        }
        // The stream finished without a port: the server failed to start; surface its error.
        try await task.value
        throw SampleServerError.notStarted
    }

    /// `http://127.0.0.1:PORT` followed by `path`.
    public func url(_ path: String = "") -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Stops the server.
    public func stop() async {
        task.cancel()
        _ = try? await task.value
    }
}

/// The server stopped before it bound a port.
public enum SampleServerError: Error, CustomStringConvertible {
    case notStarted

    /// One line for the user.
    public var description: String { "the sample API did not start" }
}
