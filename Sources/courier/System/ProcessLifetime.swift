import CourierCore

/// Objects kept until the process exits instead of being torn down.
///
/// Why: `courier call` exits right after its one exchange, and the kernel closes a dead
/// process's connection anyway. Shutting the engine down gracefully (closing the pool,
/// joining the event loop's thread) cost ~0.2 ms of a ~9 ms call. What is kept here is never
/// released, so it never reaches a deinitializer that expects a shutdown.
enum ProcessLifetime {
    private static let kept = Locked<[any AnyObject & Sendable]>([])

    /// Keeps `object` alive until the process exits.
    static func keep(_ object: any AnyObject & Sendable) {
        kept.withLock { $0.append(object) }
    }
}
