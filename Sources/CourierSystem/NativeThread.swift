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

/// A bare pthread: the printer's second half (started, then joined) and the screen's input
/// watcher (detached, blocking in `poll`). Foundation's `Thread` is full Foundation's, which
/// brings ICU's 34 MB, and a task would hand the work to the cooperative pool.
///
/// `@unchecked Sendable`: what a joined body writes, the caller reads only after `join`, and
/// `pthread_join` orders the two.
public final class NativeThread: @unchecked Sendable {
    private var body: (() -> Void)?
    #if canImport(Darwin)
        private var thread: pthread_t?
    #else
        private var thread = pthread_t()
    #endif
    private var started = false

    /// Starts `body` on a new thread, to be joined; if the system gives none, `join` runs it.
    public init(_ body: @escaping () -> Void) {
        self.body = body
        started = spawn()
    }

    /// Starts `body` on a thread nobody joins; false when the system gives no thread.
    @discardableResult
    public static func detach(_ body: @escaping @Sendable () -> Void) -> Bool {
        let work = NativeThread(unstarted: body)
        guard work.spawn() else { return false }
        #if canImport(Darwin)
            if let thread = work.thread { pthread_detach(thread) }
        #else
            pthread_detach(work.thread)
        #endif
        return true
    }

    private init(unstarted body: @escaping () -> Void) { self.body = body }

    /// Creates the thread, which holds `self` until `run` has returned.
    private func spawn() -> Bool {
        let context = Unmanaged.passRetained(self).toOpaque()
        let status = pthread_create(
            &thread, nil,
            { raw in
                guard let raw else { return nil }
                Unmanaged<NativeThread>.fromOpaque(raw).takeRetainedValue().run()
                return nil
            }, context)
        guard status == 0 else {
            Unmanaged<NativeThread>.fromOpaque(context).release()
            return false
        }
        return true
    }

    private func run() {
        body?()
        body = nil
    }

    /// Waits for the thread (or runs the body here if no thread started).
    public func join() {
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
    public static var processors: Int {
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
        public static func affinityCount() -> Int? {
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
