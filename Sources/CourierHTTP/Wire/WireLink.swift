import NIOCore
import NIOHTTP1

/// A connection of the engine's own, as the pool holds it: HTTP/1.1, one request at a time,
/// or HTTP/2, a stream per request.
enum WireLink: Sendable {
    case single(WireConnection)
    case multiplexed(WireMultiplexer)

    /// Sends `head` and `body` over it and returns the answer's head: on the HTTP/1.1
    /// connection, which goes back to `pool` once its answer has ended (if it can carry
    /// another), or on a new HTTP/2 stream.
    func send(
        head: HTTPRequestHead, body: ByteBuffer?, marks: PhaseLog.Marks, timeout: TimeAmount, pool: WirePool
    ) async throws -> WireAnswer {
        switch self {
        case .single(let connection):
            return try await connection.send(
                head: head, body: body, marks: marks, timeout: timeout, reusable: { pool.release(connection) })
        case .multiplexed(let shared):
            return try await shared.send(head: head, body: body, marks: marks, timeout: timeout)
        }
    }

    /// Closes it (requests on it fail).
    func close() {
        switch self {
        case .single(let connection): connection.close()
        case .multiplexed(let multiplexer): multiplexer.close()
        }
    }
}
