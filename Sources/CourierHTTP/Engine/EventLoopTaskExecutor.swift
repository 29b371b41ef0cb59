import NIOCore

/// Runs Swift tasks on one NIO event loop: the loop that owns the engine's connections.
///
/// Why: a request made from the cooperative pool crosses threads several times (the call
/// into the loop, each resumed continuation back out), and each crossing is a futex wake-up
/// that costs more than the request's own work on loopback. With the task on the loop's
/// thread, those hand-offs are queue appends on the same thread.
final class EventLoopTaskExecutor: TaskExecutor {
    private let loop: any EventLoop

    init(_ loop: any EventLoop) {
        self.loop = loop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
