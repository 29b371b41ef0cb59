import CourierCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Body bytes received per request, written from the HTTP client's threads for every chunk
/// and read by the runtime at most ten times a second, so a fast download never floods
/// the message loop; and a live stream's head and events, in order, taken by the runtime
/// each time it wakes.
final class ProgressBoard: Sendable {
    private struct Board {
        var received: [Int: Int] = [:]
        var updates: [(id: Int, update: StreamUpdate)] = []
    }

    private let board = Locked(Board())

    func stream(id: Int, _ update: StreamUpdate) {
        board.withLock { $0.updates.append((id, update)) }
    }

    /// The stream updates since the last call, oldest first.
    func takeStreamUpdates() -> [(id: Int, update: StreamUpdate)] {
        board.withLock { board in
            defer { board.updates.removeAll() }
            return board.updates
        }
    }

    func update(id: Int, received count: Int) {
        board.withLock { $0.received[id] = count }
    }

    func remove(id: Int) {
        board.withLock { $0.received[id] = nil }
    }

    func snapshot() -> [(Int, Int)] {
        board.withLock { $0.received.map { ($0.key, $0.value) } }
    }
}
