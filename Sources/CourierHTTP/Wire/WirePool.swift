import CourierCore
import NIOCore
import NIOHTTP1

/// The engine's own HTTP/1.1 connections (see `WireTarget`): those kept alive wait here, per
/// origin, for the next request there.
final class WirePool: Sendable {
    /// Where a connection goes: the host as the URL names it, and the port.
    struct Origin: Hashable, Sendable {
        var host: String
        var port: Int
    }

    /// A connection waiting, since when.
    private struct Idle {
        var connection: WireConnection
        var since: NIODeadline
    }

    private struct State {
        var idle: [Origin: [Idle]] = [:]
        /// Every connection open, so that shutting down closes those in use too.
        var open: [ObjectIdentifier: WireConnection] = [:]
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

    /// A connection kept alive to `origin`, if one is waiting; it is taken.
    func idleConnection(to origin: Origin) -> WireConnection? {
        state.withLock { state in
            while let waiting = state.idle[origin]?.popLast() {
                // One the server closed meanwhile is gone; one still closing fails its request
                // before any answer, and the engine sends it again on a new connection.
                if waiting.connection.channel.isActive { return waiting.connection }
            }
            return nil
        }
    }

    /// Opens a new connection to `target` and keeps track of it until it closes; also says how
    /// long the host's lookup took.
    func open(
        to target: WireTarget, timeout: TimeAmount, loop: any EventLoop
    ) async throws -> (WireConnection, lookup: Double) {
        let origin = Origin(host: target.host, port: target.port)
        let (connection, lookup) = try await WireConnection.open(
            to: target, origin: origin, timeout: timeout, loop: loop, inflationRatio: SendOptions.maxInflationRatio)
        let key = ObjectIdentifier(connection)
        let refused = state.withLock { state in
            if state.closed { return true }
            state.open[key] = connection
            return false
        }
        if refused {
            connection.close()
            throw CancellationError()
        }
        connection.channel.closeFuture.whenComplete { [weak self] _ in
            self?.state.withLock { state in
                state.open[key] = nil
                state.idle[origin]?.removeAll { $0.connection === connection }
            }
        }
        return (connection, lookup)
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

    /// Closes the connections that by `now` have waited `idleTimeout`; returns when the next
    /// sweep is due, nil when none waits. The moment is given, not read, so a test can pass it.
    func sweep(at now: NIODeadline) -> NIODeadline? {
        let limit = now - idleTimeout
        let (expired, next) = state.withLock { state in
            var expired: [WireConnection] = []
            var oldest: NIODeadline?
            for origin in Array(state.idle.keys) {
                state.idle[origin]?.removeAll { waiting in
                    if waiting.since <= limit {
                        expired.append(waiting.connection)
                        return true
                    }
                    oldest = min(oldest ?? waiting.since, waiting.since)
                    return false
                }
            }
            state.sweeping = oldest != nil && !state.closed
            return (expired, state.sweeping ? oldest.map { $0 + idleTimeout } : nil)
        }
        for connection in expired { connection.close() }
        return next
    }

    /// Closes every connection; the pool opens none afterwards.
    func shutdown() async {
        let all = state.withLock { state in
            state.closed = true
            state.idle = [:]
            defer { state.open = [:] }
            return Array(state.open.values)
        }
        for connection in all {
            connection.close()
            try? await connection.channel.closeFuture.get()
        }
    }
}
