import NIOCore
import NIOHTTP1

/// Sits in one connection's pipeline (an HTTP/2 stream's) where requests pass as HTTP parts,
/// and notes for `PhaseLog` when each request was written, sent, and first answered.
final class PhaseMarker: ChannelDuplexHandler {
    // Reads are passed on untouched: only their moment counts (bytes for HTTP/1.1, parts for 2).
    typealias InboundIn = NIOAny
    typealias OutboundIn = HTTPClientRequestPart
    typealias OutboundOut = HTTPClientRequestPart

    private let log: PhaseLog
    /// When the connection was ready, until its first request takes it.
    private var ready: NIODeadline?
    /// The request on the connection now, and its moments so far: handed to the log in one
    /// go at the answer's first byte (a lock each, not one per moment).
    private var current: UInt64?
    private var marks = PhaseLog.Marks()
    private var published = false

    init(log: PhaseLog, ready: NIODeadline?) {
        self.log = log
        self.ready = ready
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head):
            guard let value = Self.takeNumber(&head.headers) else {
                context.write(data, promise: promise)
                return
            }
            current = value
            marks = PhaseLog.Marks(ready: ready, written: NIODeadline.now())
            ready = nil
            published = false
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .end:
            guard let id = current else {
                context.write(data, promise: promise)
                return
            }
            // Done when the last byte is handed to the system (after a flush), not when queued.
            let done = context.eventLoop.makePromise(of: Void.self)
            done.futureResult.assumeIsolated().whenComplete { result in
                let now = NIODeadline.now()
                if self.current == id && !self.published {
                    self.marks.sent = now
                } else {
                    // The answer came first (a 413 to an upload): its moments are in the log.
                    self.log.update(id) { $0.sent = now }
                }
                promise?.completeWith(result)
            }
            context.write(data, promise: done)
        case .body:
            context.write(data, promise: promise)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if let id = current, !published {
            published = true
            marks.firstByte = NIODeadline.now()
            let marks = self.marks
            log.update(id) { $0 = marks }
        }
        context.fireChannelRead(data)
    }

    /// Takes the engine's number out of `headers`: the last field of that name, which the
    /// engine added after the request's own (a user's header of the same name still goes out).
    static func takeNumber(_ headers: inout HTTPHeaders) -> UInt64? {
        let values = headers[PhaseLog.header]
        guard let last = values.last else { return nil }
        if values.count == 1 {
            headers.remove(name: PhaseLog.header)
        } else {
            var kept = HTTPHeaders()
            var seen = 0
            for (name, value) in headers {
                if name.lowercased() == PhaseLog.header {
                    seen += 1
                    if seen == values.count { continue }
                }
                kept.add(name: name, value: value)
            }
            headers = kept
        }
        return UInt64(last)
    }
}
