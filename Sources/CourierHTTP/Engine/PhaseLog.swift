import CourierCore
import NIOCore
import NIOHTTP1
import NIOHTTP2

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// When each request of the engine reached the moments its phases are cut at, as the
/// connections' `PhaseMarker`s saw them.
///
/// AsyncHTTPClient does not say which connection a request went over. So the engine gives each
/// request a number in a header, and the connection's marker takes the header out before the
/// request is encoded (it never reaches the wire) and notes the moments under that number.
final class PhaseLog: Sendable {
    /// The header that carries the number from the engine to the marker; never sent.
    static let header = "x-courier-phase"

    /// Off only for `scripts/bench.sh`, which measures what the phases cost a call with the
    /// same binary (`COURIER_NO_PHASE_TIMING=1`); hops then have the engine's two times.
    static let enabled = getenv("COURIER_NO_PHASE_TIMING") == nil

    /// The moments of one request; nil where it has not got that far. `NIODeadline`, not
    /// `ContinuousClock.Instant`: a frozen integer, where the latter's resilient layout made
    /// every copy of these a call.
    struct Marks: Sendable {
        /// When its connection was ready, if the request is the first over a new connection.
        var ready: NIODeadline?
        /// Seconds the lookup of the new connection's host took, if measured apart.
        var lookup: Double?
        /// When the new connection's TCP was up, if its TLS handshake followed (and was timed).
        var connected: NIODeadline?
        /// When its head was written.
        var written: NIODeadline?
        /// When its last byte was handed to the system.
        var sent: NIODeadline?
        /// When the first byte of the answer was read.
        var firstByte: NIODeadline?

        /// Marks (none by default).
        init(ready: NIODeadline? = nil, written: NIODeadline? = nil, lookup: Double? = nil) {
            self.ready = ready
            self.written = written
            self.lookup = lookup
        }
    }

    /// A hop's times as `ExchangeHop` keeps them.
    struct Timing: Sendable {
        var wait: Double
        var receive: Double
        var phases: HopPhases?
    }

    /// The hop's timing from its moments: `started` when the engine handed the request over,
    /// `head` when AsyncHTTPClient handed the answer's head back, `ended` after its last byte.
    /// The five phases add up to the whole hop; without the marker's moments (never, unless
    /// the request failed on the way), the engine's own two.
    static func timing(_ marks: Marks?, started: NIODeadline, head: NIODeadline, ended: NIODeadline) -> Timing {
        guard let marks, let written = marks.written, let answered = marks.firstByte else {
            return Timing(wait: seconds(started, head), receive: seconds(head, ended))
        }
        // A server may answer before the whole request is sent (a 413 to an upload).
        let sent = min(marks.sent ?? answered, answered)
        let phases = HopPhases(
            blocked: seconds(marks.ready ?? started, written), connect: marks.ready.map { seconds(started, $0) },
            send: seconds(written, sent), dns: marks.lookup,
            tls: marks.ready.flatMap { ready in marks.connected.map { seconds($0, ready) } })
        return Timing(wait: seconds(sent, answered), receive: seconds(answered, ended), phases: phases)
    }

    /// Seconds from `start` to `end`, never negative.
    static func seconds(_ start: NIODeadline, _ end: NIODeadline) -> Double {
        end > start ? Double(end.uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 : 0
    }

    /// Lists, not dictionaries: a few entries at a time (the requests in flight), and a
    /// `Dictionary` of a new key type costs a call a conformance lookup over the whole binary
    /// the first time (~0.1 ms).
    private struct State {
        var next: UInt64 = 0
        var open: [(id: UInt64, marks: Marks)] = []
        /// HTTP/2 connections made and not yet used by a stream.
        var fresh: [(channel: ObjectIdentifier, ready: NIODeadline)] = []
    }

    private let state = Locked(State())

    /// A number for a request about to be handed to AsyncHTTPClient.
    func open() -> UInt64 {
        state.withLock { state in
            state.next += 1
            state.open.append((state.next, Marks()))
            return state.next
        }
    }

    /// The moments noted for `id`, which is forgotten.
    func close(_ id: UInt64) -> Marks? {
        state.withLock { state in
            guard let index = state.open.firstIndex(where: { $0.id == id }) else { return nil }
            return state.open.remove(at: index).marks
        }
    }

    /// Notes a moment of `id`, if the engine still waits for it.
    func update(_ id: UInt64, _ change: (inout Marks) -> Void) {
        state.withLock { state in
            guard let index = state.open.firstIndex(where: { $0.id == id }) else { return }
            change(&state.open[index].marks)
        }
    }

    /// Watches a new HTTP/1.1 connection: a marker right after the request encoder sees each
    /// request before it is encoded. A pipeline without one fails the connection, so the
    /// number can never go out (AsyncHTTPClient changed; the tests say so).
    func watchConnection(_ channel: any Channel) -> EventLoopFuture<Void> {
        let ready = NIODeadline.now()
        return channel.eventLoop.submit {
            let pipeline = channel.pipeline.syncOperations
            let encoder = try pipeline.handler(type: HTTPRequestEncoder.self)
            try pipeline.addHandler(PhaseMarker(log: self, ready: ready), position: .after(encoder))
        }
    }

    /// Notes a new HTTP/2 connection, for the first stream that goes over it.
    func watchHTTP2Connection(_ channel: any Channel) -> EventLoopFuture<Void> {
        let key = ObjectIdentifier(channel)
        let now = NIODeadline.now()
        state.withLock { $0.fresh.append((key, now)) }
        channel.closeFuture.whenComplete { _ in _ = self.takeFresh(key) }
        return channel.eventLoop.makeSucceededVoidFuture()
    }

    /// Watches an HTTP/2 stream: a marker right after the codec that turns its frames into
    /// HTTP/1-style parts.
    func watchStream(_ channel: any Channel) -> EventLoopFuture<Void> {
        let ready = channel.parent.flatMap { takeFresh(ObjectIdentifier($0)) }
        return channel.eventLoop.submit {
            let pipeline = channel.pipeline.syncOperations
            let codec = try pipeline.handler(type: HTTP2FramePayloadToHTTP1ClientCodec.self)
            try pipeline.addHandler(PhaseMarker(log: self, ready: ready), position: .after(codec))
        }
    }

    /// When `channel` was ready, if no stream has used it yet; it is then used.
    private func takeFresh(_ channel: ObjectIdentifier) -> NIODeadline? {
        state.withLock { state in
            guard let index = state.fresh.firstIndex(where: { $0.channel == channel }) else { return nil }
            return state.fresh.remove(at: index).ready
        }
    }
}
