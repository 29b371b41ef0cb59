import NIOCore
import NIOHTTP1

/// Sits in one connection's pipeline (an HTTP/2 stream's) where requests pass as HTTP parts,
/// and notes for `PhaseLog` when each request was written, sent, and first answered.
final class PhaseMarker: ChannelDuplexHandler, RemovableChannelHandler {
    // Reads are passed on untouched: only their moment counts (bytes for HTTP/1.1, parts for 2).
    typealias InboundIn = NIOAny
    typealias OutboundIn = HTTPClientRequestPart
    typealias OutboundOut = HTTPClientRequestPart

    private let log: PhaseLog
    /// When the connection was ready, until its first request takes it.
    private var ready: ContinuousClock.Instant?
    /// The request on the connection now.
    private var current: UInt64?
    private var awaitingAnswer = false

    init(log: PhaseLog, ready: ContinuousClock.Instant?) {
        self.log = log
        self.ready = ready
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head):
            guard let value = head.headers.first(name: PhaseLog.header) else {
                context.write(data, promise: promise)
                return
            }
            head.headers.remove(name: PhaseLog.header)
            let now = ContinuousClock.now
            let id = UInt64(value)
            let ready = self.ready
            self.ready = nil
            current = id
            awaitingAnswer = true
            if let id {
                log.update(id) {
                    $0.ready = ready
                    $0.written = now
                }
            }
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .end:
            guard let id = current else {
                context.write(data, promise: promise)
                return
            }
            // Done when the last byte is handed to the system (after a flush), not when queued.
            let done = context.eventLoop.makePromise(of: Void.self)
            done.futureResult.whenComplete { [log] result in
                let now = ContinuousClock.now
                log.update(id) { $0.sent = now }
                promise?.completeWith(result)
            }
            context.write(data, promise: done)
        case .body:
            context.write(data, promise: promise)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if awaitingAnswer, let id = current {
            awaitingAnswer = false
            let now = ContinuousClock.now
            log.update(id) { $0.firstByte = now }
        }
        context.fireChannelRead(data)
    }
}
