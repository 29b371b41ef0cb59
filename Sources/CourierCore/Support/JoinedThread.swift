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

/// Work run on a thread of its own while the caller does its part, then waited for: the
/// printer's second half. A bare pthread, since Foundation's `Thread` is full Foundation's
/// (ICU's 34 MB) and a task would hand the work to the cooperative pool.
///
/// `@unchecked Sendable`: what the body writes, the caller reads only after `join`, and
/// `pthread_join` orders the two.
final class JoinedThread: @unchecked Sendable {
    private var body: (() -> Void)?
    #if canImport(Darwin)
        private var thread: pthread_t?
    #else
        private var thread = pthread_t()
    #endif
    private var started = false

    /// Starts `body` on a new thread; if the system gives none, `join` runs it instead.
    init(_ body: @escaping () -> Void) {
        self.body = body
        let context = Unmanaged.passRetained(self).toOpaque()
        let status = pthread_create(
            &thread, nil,
            { raw in
                guard let raw else { return nil }
                Unmanaged<JoinedThread>.fromOpaque(raw).takeRetainedValue().run()
                return nil
            }, context)
        if status == 0 {
            started = true
        } else {
            Unmanaged<JoinedThread>.fromOpaque(context).release()
        }
    }

    private func run() {
        body?()
        body = nil
    }

    /// Waits for the thread (or runs the body here if no thread started).
    func join() {
        if started {
            #if canImport(Darwin)
                if let thread { pthread_join(thread, nil) }
            #else
                pthread_join(thread, nil)
            #endif
            started = false
        } else if body != nil {
            run()
        }
    }

    /// How many threads of this process can run at once: the processors it may run on
    /// (`taskset`, a container's cpuset) and its CPU quota, whichever is smaller. Foundation's
    /// count ignores the first; two threads sharing one processor are slower than one.
    static var processors: Int {
        let quota = ProcessInfo.processInfo.activeProcessorCount
        #if canImport(Glibc)
            return min(quota, affinityCount() ?? quota)
        #else
            return quota
        #endif
    }

    #if canImport(Glibc)
        /// Glibc declares `sched_getaffinity` only for `_GNU_SOURCE`, which Swift's Glibc
        /// module is not built with; the function itself is in every glibc since 2.3.
        private typealias GetAffinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32

        /// The processors in this process's affinity mask (up to 1,024, as `cpu_set_t`); nil
        /// when the system cannot say.
        private static func affinityCount() -> Int? {
            guard let symbol = dlsym(nil, "sched_getaffinity") else { return nil }
            let getAffinity = unsafeBitCast(symbol, to: GetAffinity.self)
            var mask = [UInt64](repeating: 0, count: 16)
            return mask.withUnsafeMutableBytes { raw in
                guard let base = raw.baseAddress, getAffinity(0, raw.count, base) == 0 else { return nil }
                return raw.reduce(0) { $0 + $1.nonzeroBitCount }
            }
        }
    #endif
}
