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
final class ProgressBoard: @unchecked Sendable {
    private let lock = Lock()
    private var received: [Int: Int] = [:]
    private var updates: [(id: Int, update: StreamUpdate)] = []

    func stream(id: Int, _ update: StreamUpdate) {
        lock.lock()
        updates.append((id, update))
        lock.unlock()
    }

    /// The stream updates since the last call, oldest first.
    func takeStreamUpdates() -> [(id: Int, update: StreamUpdate)] {
        lock.lock()
        defer {
            updates.removeAll()
            lock.unlock()
        }
        return updates
    }

    func update(id: Int, received count: Int) {
        lock.lock()
        received[id] = count
        lock.unlock()
    }

    func remove(id: Int) {
        lock.lock()
        received[id] = nil
        lock.unlock()
    }

    func snapshot() -> [(Int, Int)] {
        lock.lock()
        defer { lock.unlock() }
        return received.map { ($0.key, $0.value) }
    }
}
