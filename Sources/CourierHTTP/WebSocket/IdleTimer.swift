import NIOCore

/// Fires once when `restart` has not been called for `seconds`: a conversation's timeout,
/// counted from the last message either way. Safe from any thread (it works on `loop`).
final class IdleTimer: Sendable {
    private let loop: any EventLoop
    private let amount: TimeAmount
    private let fire: @Sendable () -> Void
    private let scheduled: NIOLoopBoundBox<Scheduled<Void>?>

    init(loop: any EventLoop, seconds: Double, fire: @escaping @Sendable () -> Void) {
        self.loop = loop
        amount = .milliseconds(Int64(max(seconds, 0.001) * 1000))
        self.fire = fire
        scheduled = NIOLoopBoundBox.makeEmptyBox(valueType: Scheduled<Void>.self, eventLoop: loop)
        restart()
    }

    /// Counts the time again from now.
    func restart() {
        loop.execute { [self] in
            scheduled.value?.cancel()
            scheduled.value = loop.scheduleTask(in: amount, fire)
        }
    }

    /// Never fires.
    func cancel() {
        loop.execute { [self] in
            scheduled.value?.cancel()
            scheduled.value = nil
        }
    }
}
