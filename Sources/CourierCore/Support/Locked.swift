#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value behind a lock: the one lock of the project.
///
/// Not the standard library's `Mutex`: on Linux its contended path runs inside the
/// uninstrumented `libswiftSynchronization` (a priority-inheriting futex), so ThreadSanitizer
/// does not see the lock pass between threads and reports a race under every contended
/// `withLock` (CI's `scripts/sanitize.sh thread` did, on `SecretSet.of`). A `pthread_mutex_t`
/// is what ThreadSanitizer intercepts.
public final class Locked<Value>: @unchecked Sendable {
    /// Heap-allocated: a pthread mutex must not move once initialised.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Read and written only with `mutex` held.
    private var value: Value

    /// A lock holding `value`.
    public init(_ value: Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self.value = value
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` on the value with the lock held, and returns what it returns.
    public func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
