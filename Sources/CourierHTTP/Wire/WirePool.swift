import CourierCore
import NIOCore
import NIOHTTP1
import NIOSSL

/// The engine's own connections (see `WireTarget`): HTTP/1.1 ones kept alive wait here, per
/// origin, for the next request there; HTTP/2 ones are shared by every request to theirs.
final class WirePool: Sendable {
    /// Where a connection goes: the host as the URL names it, the port, and whether over TLS.
    struct Origin: Hashable, Sendable {
        var host: String
        var port: Int
        var secure = false
    }

    /// A connection waiting, since when.
    private struct Idle {
        var connection: WireConnection
        var since: NIODeadline
    }

    private struct State {
        var idle: [Origin: [Idle]] = [:]
        /// HTTP/2 connections, newest last.
        var shared: [Origin: [WireMultiplexer]] = [:]
        /// Every connection open, so that shutting down closes those in use too.
        var open: [ObjectIdentifier: WireLink] = [:]
        var closed = false
        /// Whether a sweep is scheduled.
        var sweeping = false
    }

    private let state = Locked(State())
    /// How long a connection may wait unused before it is closed: AsyncHTTPClient's pool waited
    /// 60 s too, and a long session on the screen would otherwise hold a socket per origin. One
    /// sweep at a time closes those past it (a timer per connection put back cost a check run
    /// 1 % of its instructions).
    let idleTimeout: TimeAmount

    init(idleTimeout: TimeAmount = .seconds(60)) {
        self.idleTimeout = idleTimeout
    }

    /// A connection to `origin` a request can go over now: an HTTP/2 one (still shared), or an
    /// HTTP/1.1 one kept alive (taken).
    func idleConnection(to origin: Origin) -> WireLink? {
        state.withLock { state in
            if let shared = state.shared[origin]?.last(where: { $0.isUsable }) { return .multiplexed(shared) }
            while let waiting = state.idle[origin]?.popLast() {
                // One the server closed meanwhile is gone; one still closing fails its request
                // before any answer, and the engine sends it again on a new connection.
                if waiting.connection.channel.isActive { return .single(waiting.connection) }
            }
            return nil
        }
    }

    /// Opens a new connection to `target` (over `tls` for `https`) and keeps track of it until
    /// it closes; also says when its phases were reached. An HTTP/2 one is shared from now on.
    func open(
        to target: WireTarget, tls: NIOSSLContext? = nil, timeout: TimeAmount, loop: any EventLoop
    ) async throws -> (WireLink, PhaseLog.Marks) {
        let origin = target.origin
        let (link, marks) = try await WireDialer.dial(
            target, origin: origin, tls: tls, timeout: timeout, loop: loop,
            inflationRatio: SendOptions.maxInflationRatio)
        let channel: any Channel
        let key: ObjectIdentifier
        switch link {
        case .single(let connection): (channel, key) = (connection.channel, ObjectIdentifier(connection))
        case .multiplexed(let shared): (channel, key) = (shared.channel, ObjectIdentifier(shared))
        }
        let (refused, sweep) = state.withLock { state in
            if state.closed { return (true, false) }
            state.open[key] = link
            guard case .multiplexed(let shared) = link else { return (false, false) }
            state.shared[origin, default: []].append(shared)
            defer { state.sweeping = true }
            return (false, !state.sweeping)
        }
        if refused {
            link.close()
            throw CancellationError()
        }
        channel.closeFuture.whenComplete { [weak self] _ in
            self?.state.withLock { state in
                state.open[key] = nil
                state.idle[origin]?.removeAll { ObjectIdentifier($0.connection) == key }
                state.shared[origin]?.removeAll { ObjectIdentifier($0) == key }
            }
        }
        if sweep { scheduleSweep(at: NIODeadline.now() + idleTimeout, on: channel.eventLoop) }
        return (link, marks)
    }

    /// Puts `connection` back, for the next request to its origin.
    func release(_ connection: WireConnection) {
        let now = NIODeadline.now()
        let (kept, sweep) = state.withLock { state in
            guard !state.closed, state.open[ObjectIdentifier(connection)] != nil else { return (false, false) }
            state.idle[connection.origin, default: []].append(Idle(connection: connection, since: now))
            defer { state.sweeping = true }
            return (true, !state.sweeping)
        }
        if !kept { connection.close() }
        if sweep { scheduleSweep(at: now + idleTimeout, on: connection.channel.eventLoop) }
    }

    private func scheduleSweep(at deadline: NIODeadline, on loop: any EventLoop) {
        loop.scheduleTask(deadline: deadline) { [weak self] () -> Void in
            guard let self, let next = self.sweep(at: .now()) else { return }
            self.scheduleSweep(at: next, on: loop)
        }
    }

    /// Closes the connections that by `now` have waited `idleTimeout` (an HTTP/2 one: with no
    /// stream open); returns when the next sweep is due, nil when none waits. The moment is
    /// given, not read, so a test can pass it.
    func sweep(at now: NIODeadline) -> NIODeadline? {
        let limit = now - idleTimeout
        let (expired, next) = state.withLock { state in
            var expired: [WireLink] = []
            var oldest: NIODeadline?
            for origin in Array(state.idle.keys) {
                state.idle[origin]?.removeAll { waiting in
                    if waiting.since <= limit {
                        expired.append(.single(waiting.connection))
                        return true
                    }
                    oldest = min(oldest ?? waiting.since, waiting.since)
                    return false
                }
            }
            for origin in Array(state.shared.keys) {
                state.shared[origin]?.removeAll { shared in
                    // One in use is looked at again a whole timeout from now.
                    let since = shared.idleSince ?? now
                    if since <= limit {
                        expired.append(.multiplexed(shared))
                        return true
                    }
                    oldest = min(oldest ?? since, since)
                    return false
                }
            }
            state.sweeping = oldest != nil && !state.closed
            return (expired, state.sweeping ? oldest.map { $0 + idleTimeout } : nil)
        }
        for link in expired { link.close() }
        return next
    }

    /// Closes every connection; the pool opens none afterwards.
    func shutdown() async {
        let all = state.withLock { state in
            state.closed = true
            state.idle = [:]
            state.shared = [:]
            defer { state.open = [:] }
            return Array(state.open.values)
        }
        for link in all {
            link.close()
            switch link {
            case .single(let connection): try? await connection.channel.closeFuture.get()
            case .multiplexed(let shared): try? await shared.channel.closeFuture.get()
            }
        }
    }
}
