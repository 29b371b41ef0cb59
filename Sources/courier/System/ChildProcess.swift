import CourierSystem

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

/// A program run in the foreground with the terminal handed over (the user's editor), through
/// `posix_spawn`; Foundation's `Process` is full Foundation's, which brings ICU's 34 MB.
enum ChildProcess {
    /// Runs `path` with `arguments` and waits: its exit status (128 + the signal when a signal
    /// ended it), or nil when it could not be started.
    static func run(_ path: String, _ arguments: [String]) -> Int32? {
        var argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) }
        argv.append(nil)
        defer { for argument in argv { free(argument) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        SpawnSignals.reset(&attributes)
        var pid = pid_t()
        guard posix_spawn(&pid, path, nil, &attributes, argv, environ) == 0 else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return nil }
        }
        return SpawnSignals.exitStatus(status)
    }
}
