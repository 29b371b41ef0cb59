import NIOCore
import NIOHTTP1
import NIOSSL

/// The last handler of a `WireConnection`'s pipeline: it writes one request at a time and
/// hands its answer on through a promise, once the reads that brought the head are done: with
/// the whole body when it came in them, otherwise with an async sequence that reads from the
/// socket only as fast as it is consumed. Everything here runs on the connection's event loop.
final class WireHandler: ChannelDuplexHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundIn = HTTPClientRequestPart
    typealias OutboundOut = HTTPClientRequestPart

    /// An answer's body, read as it is consumed (at most a few chunks ahead).
    typealias Body = NIOThrowingAsyncSequenceProducer<
        ByteBuffer, any Error, NIOAsyncSequenceProducerBackPressureStrategies.HighLowWatermark, WireDemand
    >

    private enum State {
        /// No request, or a request whose answer has ended.
        case idle
        /// The request is being written or was written; the answer's head has not come.
        case awaitingHead(EventLoopPromise<WireAnswer>)
        /// The head came in the reads under way; the body parts of those reads are kept.
        case gathering(EventLoopPromise<WireAnswer>, HTTPResponseHead, [ByteBuffer], Int)
        /// The head was handed on; body parts go to `source`.
        case streaming(Body.Source)
        /// The connection is closed or failed.
        case closed
    }

    private var state = State.idle
    private var context: ChannelHandlerContext?
    /// The moments of the request in flight.
    private var marks = PhaseLog.Marks()
    /// Counts requests, so that a late word from an earlier answer's body (its consumer gone)
    /// cannot touch the next one.
    private var generation = 0
    /// Whether the request in flight was written out whole (a server may answer a request it
    /// has not read to the end; that connection cannot carry another).
    private var written = false
    /// Whether the answer allows the connection to carry another request.
    private var keepAlive = false
    /// Set when the body's consumer wants no more for now: reads wait for it.
    private var paused = false
    private var readWaiting = false
    /// The longest wait for the next byte, and when one last came (or the request went out).
    private var timeout = TimeAmount.seconds(30)
    private var lastActivity = NIODeadline.now()
    private var timer: Scheduled<Void>?
    /// What failed the connection while no request was on it, when that was more than a close
    /// (a TLS alert: the server refused the client's certificate after the handshake).
    private var refusal: (any Error)?
    /// Called when the answer in flight has ended and the connection can carry another request.
    private var reusable: (@Sendable () -> Void)?

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    /// Writes `head` and `body` and returns the answer's head to come, failing if the
    /// connection is busy or closed. `marks` holds what the connection already knows (when a
    /// new one was ready).
    func start(
        head: HTTPRequestHead, body: ByteBuffer?, marks: PhaseLog.Marks, timeout: TimeAmount,
        promise: EventLoopPromise<WireAnswer>, reusable: @escaping @Sendable () -> Void
    ) {
        guard case .idle = state, let context else {
            promise.fail(refusal ?? WireError.closedBeforeAnswer)
            return
        }
        state = .awaitingHead(promise)
        generation += 1
        self.reusable = reusable
        self.marks = marks
        self.marks.written = NIODeadline.now()
        written = false
        keepAlive = false
        self.timeout = timeout
        lastActivity = NIODeadline.now()
        armTimer(context)
        resume(generation)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        if let body, body.readableBytes > 0 { context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil) }
        let end = context.eventLoop.makePromise(of: Void.self)
        let (bound, number) = (NIOLoopBound(self, eventLoop: context.eventLoop), generation)
        end.futureResult.whenComplete { result in
            switch result {
            case .success: bound.value.wroteAll(number)
            // A write refused (a stream opened after the server's GOAWAY): no answer will come.
            case .failure(let error): bound.value.writeFailed(number, error)
            }
        }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: end)
    }

    /// The last byte of request `number` was handed to the system.
    private func wroteAll(_ number: Int) {
        guard number == generation else { return }
        written = true
        marks.sent = NIODeadline.now()
        lastActivity = NIODeadline.now()
    }

    /// Request `number` could not be written out.
    private func writeFailed(_ number: Int, _ error: any Error) {
        guard number == generation else { return }
        fail(error)
        context?.close(promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        lastActivity = NIODeadline.now()
        switch unwrapInboundIn(data) {
        case .head(let head):
            guard case .awaitingHead(let promise) = state else {
                // An answer nobody asked for: what follows on this connection cannot be trusted.
                context.close(promise: nil)
                return
            }
            marks.firstByte = lastActivity
            keepAlive = head.isKeepAlive
            state = .gathering(promise, head, [], 0)
        case .body(let chunk):
            switch state {
            case .gathering(let promise, let head, var parts, let size):
                state = .idle
                parts.append(chunk)
                state = .gathering(promise, head, parts, size + chunk.readableBytes)
                // A burst of reads is bounded, but what the decompressor makes of it less so.
                if size + chunk.readableBytes > Self.gatherLimit { startStreaming(context) }
            case .streaming(let source):
                if source.yield(chunk) == .stopProducing { paused = true }
            case .idle, .awaitingHead, .closed:
                return
            }
        case .end:
            let ended = state
            switch ended {
            case .gathering, .streaming: state = .idle
            case .idle, .awaitingHead, .closed: return
            }
            timer?.cancel()
            timer = nil
            // The server may answer before it has read the whole request: only a request
            // written out whole leaves the connection in a state to carry the next. It goes
            // back before the answer is handed on, so the caller's next request finds it.
            let next = reusable
            reusable = nil
            if keepAlive && written {
                next?()
            } else {
                context.close(promise: nil)
            }
            if case .gathering(let promise, let head, let parts, _) = ended {
                promise.succeed(WireAnswer(head: head, body: .whole(parts), marks: marks))
            } else if case .streaming(let source) = ended {
                source.finish()
            }
        }
    }

    /// The reads under way are done: an answer whose head came in them, and not its end, is
    /// handed on with what came of its body, the rest to follow as it is read.
    func channelReadComplete(context: ChannelHandlerContext) {
        if case .gathering = state { startStreaming(context) }
        context.fireChannelReadComplete()
    }

    /// The most of a body kept back before the head is handed on.
    static let gatherLimit = 1 << 20

    /// Hands the gathered head on with a body sequence that starts with the gathered parts.
    private func startStreaming(_ context: ChannelHandlerContext) {
        guard case .gathering(let promise, let head, let parts, _) = state else { return }
        let demand = WireDemand(handler: NIOLoopBound(self, eventLoop: context.eventLoop), generation: generation)
        let made = Body.makeSequence(
            backPressureStrategy: .init(lowWatermark: 2, highWatermark: 8), finishOnDeinit: true, delegate: demand)
        state = .streaming(made.source)
        if !parts.isEmpty, made.source.yield(contentsOf: parts) == .stopProducing { paused = true }
        promise.succeed(WireAnswer(head: head, body: .streaming(made.sequence), marks: marks))
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A TLS peer that closes without close_notify: the close that follows says whether the
        // answer was whole (its framing ended, or it ran to the close) or cut.
        if let tls = error as? NIOSSLError, case .uncleanShutdown = tls { return }
        fail(error)
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        fail(WireError.closedBeforeAnswer)
        context.fireChannelInactive()
    }

    /// Reads only while the body's consumer wants more.
    func read(context: ChannelHandlerContext) {
        if paused {
            readWaiting = true
        } else {
            context.read()
        }
    }

    /// The body's consumer of request `number` wants more: a read held back goes out.
    func resume(_ number: Int) {
        guard number == generation else { return }
        paused = false
        if readWaiting, let context {
            readWaiting = false
            context.read()
        }
    }

    /// The body's consumer is gone (done, cancelled, or it dropped the body): a body not read
    /// to its end leaves bytes on the connection, which is closed.
    func abandon(_ number: Int) {
        guard number == generation, case .streaming = state, let context else { return }
        fail(CancellationError())
        context.close(promise: nil)
    }

    /// Closes the connection.
    func close() {
        context?.close(promise: nil)
    }

    /// Ends the request in flight with `error`; the connection is not used again.
    func fail(_ error: any Error) {
        timer?.cancel()
        timer = nil
        // The head came: the consumer gets it, and the error where the body stops.
        if case .gathering = state, let context { startStreaming(context) }
        switch state {
        case .awaitingHead(let promise):
            // Nothing of the answer came: a kept-alive connection the server closed meanwhile
            // shows it so, and the engine sends the request again on a new one.
            if HTTPEngine.closedBeforeAnswer(error) {
                promise.fail(WireError.closedBeforeAnswer)
            } else {
                promise.fail(error)
            }
        case .streaming(let source):
            let shown = (error as? WireError) == .closedBeforeAnswer ? WireError.closedMidBody : error
            source.finish(shown)
        case .gathering(let promise, _, _, _):
            // Only without a context (the handler already removed): nothing can read on.
            promise.fail(error)
        case .idle:
            if !(error is WireError), !HTTPEngine.closedBeforeAnswer(error) { refusal = error }
        case .closed:
            break
        }
        state = .closed
    }

    /// Checks, once per `timeout`, whether a byte came in that time; the request fails when
    /// none did. One timer per request, not one per read: each read only notes its moment.
    private func armTimer(_ context: ChannelHandlerContext) {
        timer?.cancel()
        let loop = context.eventLoop
        let bound = NIOLoopBound(self, eventLoop: loop)
        timer = loop.scheduleTask(deadline: lastActivity + timeout) {
            bound.value.timerFired()
        }
    }

    private func timerFired() {
        guard let context else { return }
        switch state {
        case .awaitingHead, .gathering, .streaming: break
        case .idle, .closed: return
        }
        // A consumer that holds the body back (a screen, a disk) is not the server's delay.
        if paused || NIODeadline.now() < lastActivity + timeout {
            if paused { lastActivity = NIODeadline.now() }
            armTimer(context)
            return
        }
        if case .awaitingHead = state {
            fail(written ? WireError.timedOut : WireError.sendTimedOut)
        } else {
            fail(WireError.timedOut)
        }
        context.close(promise: nil)
    }
}
