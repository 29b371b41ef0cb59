import CourierCore
import CourierSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard input's lines, read on a thread of their own (a blocking read must not hold the
/// engine's loop) and taken one at a time with `next()`: each line without its line feed (or
/// CR LF), at most `limit` bytes; a longer one is skipped with a one-line warning. The reader
/// stays at most `ahead` bytes ahead of what was taken, so a server that stops reading holds
/// back stdin, not memory (`yes | courier call ws.deaf` stays flat).
final class StdinLines: Sendable {
    private struct State {
        var queue: [[UInt8]] = []
        var queuedBytes = 0
        var ended = false
        var waiting: CheckedContinuation<[UInt8]?, Never>?
    }

    private let state = Locked(State())
    /// How far the reader may run ahead of the conversation, in bytes.
    private let ahead: Int

    /// Starts reading; `skipped` is told the size of each line over `limit`.
    init(limit: Int, ahead: Int = 1 << 20, skipped: @escaping @Sendable (Int) -> Void) {
        self.ahead = ahead
        let started = NativeThread.detach { [self] in readLines(limit: limit, skipped: skipped) }
        if !started { end() }
    }

    /// The next line, or nil at the end of input.
    func next() async -> [UInt8]? {
        await withCheckedContinuation { continuation in
            let line: [UInt8]?? = state.withLock { state in
                if !state.queue.isEmpty {
                    let line = state.queue.removeFirst()
                    state.queuedBytes -= line.count
                    return .some(line)
                }
                if state.ended { return .some(nil) }
                state.waiting = continuation
                return nil
            }
            if let line { continuation.resume(returning: line) }
        }
    }

    /// The reader thread: lines handed to a waiting `next()` or queued; it pauses while the
    /// queue is over `ahead`.
    private func readLines(limit: Int, skipped: @Sendable (Int) -> Void) {
        var line: [UInt8] = []
        var tooLong = false
        var size = 0
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        func finishLine(_ line: inout [UInt8]) {
            if tooLong { skipped(size) } else { hand(line.last == 13 ? Array(line.dropLast()) : line) }
            line.removeAll(keepingCapacity: true)
            tooLong = false
            size = 0
        }
        while true {
            // Polled, not signalled: a conversation that is slow to take lines is slow anyway.
            while state.withLock({ $0.queuedBytes > ahead }) { usleep(2_000) }
            let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            for byte in buffer[0..<count] {
                if byte == 10 {
                    finishLine(&line)
                    continue
                }
                size += 1
                if size > limit {
                    tooLong = true
                    line.removeAll()
                } else if !tooLong {
                    line.append(byte)
                }
            }
        }
        if size > 0 { finishLine(&line) }
        end()
    }

    private func hand(_ line: [UInt8]) {
        let waiting = state.withLock { state -> CheckedContinuation<[UInt8]?, Never>? in
            if let waiting = state.waiting {
                state.waiting = nil
                return waiting
            }
            state.queue.append(line)
            state.queuedBytes += line.count
            return nil
        }
        waiting?.resume(returning: line)
    }

    private func end() {
        let waiting = state.withLock { state -> CheckedContinuation<[UInt8]?, Never>? in
            state.ended = true
            defer { state.waiting = nil }
            return state.waiting
        }
        waiting?.resume(returning: nil)
    }
}
