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

    private struct State {
        var idle: [Origin: [WireConnection]] = [:]
        /// Every connection open, so that shutting down closes those in use too.
        var open: [ObjectIdentifier: WireConnection] = [:]
        var closed = false
    }

    private let state = Locked(State())

    /// A connection kept alive to `origin`, if one is waiting; it is taken.
    func idleConnection(to origin: Origin) -> WireConnection? {
        state.withLock { state in
            while let connection = state.idle[origin]?.popLast() {
                // One the server closed meanwhile is gone; one still closing fails its request
                // before any answer, and the engine sends it again on a new connection.
                if connection.channel.isActive { return connection }
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
                state.idle[origin]?.removeAll { $0 === connection }
            }
        }
        return (connection, lookup)
    }

    /// Puts `connection` back, for the next request to its origin.
    func release(_ connection: WireConnection) {
        let kept = state.withLock { state in
            guard !state.closed, state.open[ObjectIdentifier(connection)] != nil else { return false }
            state.idle[connection.origin, default: []].append(connection)
            return true
        }
        if !kept { connection.close() }
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
