import Foundation

/// Body bytes received per request, written from the HTTP client's threads for every chunk
/// and read by the runtime at most ten times a second, so a fast download never floods
/// the message loop.
final class ProgressBoard: @unchecked Sendable {
    private let lock = NSLock()
    private var received: [Int: Int] = [:]

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
