import CNcurses
import CourierCore
import CourierSystem
import Dispatch

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Wakes the runtime when a key arrives or the terminal is resized, so an idle screen uses
/// no CPU at all: a helper thread blocks in `poll()` on stdin and on a pipe that SIGWINCH
/// writes to, and the main actor does every ncurses call.
final class InputWatcher: @unchecked Sendable {
    /// Yields once per wake-up (keys, resize, or anything else that calls `wake()`).
    let wakeups: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation
    private let resumeInput = DispatchSemaphore(value: 0)
    private let inputPending = Locked(false)
    private var resizeRead: Int32 = -1
    private var resizeWrite: Int32 = -1

    init() {
        (wakeups, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            resizeRead = fds[0]
            resizeWrite = fds[1]
            _ = fcntl(resizeRead, F_SETFL, O_NONBLOCK)
            _ = fcntl(resizeWrite, F_SETFL, O_NONBLOCK)
            // Must happen before initscr() so ncurses leaves SIGWINCH to us.
            _ = courier_watch_resize(resizeWrite)
        }
    }

    /// Starts the polling thread.
    func start() {
        NativeThread.detach { [self] in self.pollLoop() }
    }

    /// Wakes the runtime for another reason (a response arrived, a timer fired).
    func wake() { continuation.yield() }

    /// Called by the runtime after it drained stdin, so the thread may poll again.
    func inputDrained() {
        let pending = inputPending.withLock { pending in
            defer { pending = false }
            return pending
        }
        if pending { resumeInput.signal() }
    }

    /// `true` once per SIGWINCH (the pipe is emptied).
    func takeResize() -> Bool {
        var byte: UInt8 = 0
        var resized = false
        while read(resizeRead, &byte, 1) == 1 { resized = true }
        return resized
    }

    private func pollLoop() {
        var fds = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: resizeRead, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let count = poll(&fds, nfds_t(fds.count), -1)
            if count < 0 {
                if errno == EINTR { continue }
                return
            }
            if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                continuation.yield()
                return
            }
            let keys = fds[0].revents & Int16(POLLIN) != 0
            inputPending.withLock { $0 = keys }
            continuation.yield()
            // Stdin stays readable until the main actor reads it: wait for that before polling again.
            if keys { resumeInput.wait() }
        }
    }
}
