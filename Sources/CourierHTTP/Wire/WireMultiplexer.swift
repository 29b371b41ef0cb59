import CourierCore
import NIOCore
import NIOHTTP1
import NIOHTTP2

/// One HTTP/2 connection of the engine's own (ALPN chose `h2`): every request to its origin
/// goes over it at once, each on a stream of its own with the same handlers as an HTTP/1.1
/// connection, behind NIO's codec from frames to HTTP/1-style parts.
final class WireMultiplexer: Sendable {
    let channel: any Channel
    /// What the server presented on the handshake.
    let certificate: PeerCertificate?
    private let multiplexer: HTTP2StreamMultiplexer.SendableView
    private let inflationRatio: Int
    /// Streams open, and since when none has been (for the pool's idle timeout); `usable`
    /// turns false once a stream shows the server will take no more on this connection.
    private let use = Locked<(streams: Int, since: NIODeadline, usable: Bool)>((0, .now(), true))

    init(
        channel: any Channel, multiplexer: HTTP2StreamMultiplexer.SendableView,
        certificate: PeerCertificate?, inflationRatio: Int
    ) {
        self.channel = channel
        self.multiplexer = multiplexer
        self.certificate = certificate
        self.inflationRatio = inflationRatio
    }

    /// Whether a new request may go over it.
    var isUsable: Bool { channel.isActive && use.withLock { $0.usable } }

    /// When its last stream closed, if none is open.
    var idleSince: NIODeadline? { use.withLock { $0.streams == 0 ? $0.since : nil } }

    /// Sends `head` and `body` on a new stream and returns the answer's head (see
    /// `WireConnection.send`). A stream the server refused, or opened after it said it would
    /// take no more, fails with `WireError.closedBeforeAnswer`, and the connection takes no more.
    func send(
        head: HTTPRequestHead, body: ByteBuffer?, marks: PhaseLog.Marks, timeout: TimeAmount
    ) async throws -> WireAnswer {
        use.withLock { $0.streams += 1 }
        let opened = channel.eventLoop.makePromise(of: (any Channel).self)
        let ratio = inflationRatio
        // A stream runs on its connection's loop.
        let handler = WireConnection.handlerBox(on: channel.eventLoop)
        multiplexer.createStreamChannel(promise: opened) { stream in
            stream.eventLoop.makeCompletedFuture {
                let pipeline = stream.pipeline.syncOperations
                try pipeline.addHandler(HTTP2FramePayloadToHTTP1ClientCodec(httpProtocol: .https))
                try WireConnection.addAnswerHandlers(pipeline, inflationRatio: ratio, into: handler)
            }
        }
        // Bookkeeping on the loop, chained to the opening: no stream, nothing of the request
        // went out (the connection is closing or gone).
        let ready = opened.futureResult.map { stream in
            stream.closeFuture.whenComplete { [self] _ in ended() }
        }
        ready.whenFailure { [self] _ in ended() }
        do {
            var answer = try await WireConnection.exchange(
                on: handler, loop: channel.eventLoop, after: ready, head: head, body: body, marks: marks,
                timeout: timeout, reusable: {})
            answer.certificate = certificate
            return answer
        } catch {
            throw refusal(error)
        }
    }

    /// `error`, as `WireError.closedBeforeAnswer` when the server took nothing of the request
    /// (the stream refused, or opened after its GOAWAY): the engine sends it again elsewhere.
    private func refusal(_ error: any Error) -> any Error {
        let refused: Bool
        if error is NIOHTTP2Errors.CreatedStreamAfterGoaway || error is NIOHTTP2Errors.IOOnClosedConnection {
            refused = true
        } else if let closed = error as? NIOHTTP2Errors.StreamClosed {
            refused = closed.errorCode == .refusedStream
        } else {
            refused = (error as? WireError) == .closedBeforeAnswer
        }
        guard refused else { return error }
        use.withLock { $0.usable = false }
        return WireError.closedBeforeAnswer
    }

    private func ended() {
        use.withLock { use in
            use.streams -= 1
            if use.streams == 0 { use.since = .now() }
        }
    }

    /// Closes the connection and its streams.
    func close() {
        channel.close(promise: nil)
    }
}
