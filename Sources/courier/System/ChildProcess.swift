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
        // The child starts with no signal blocked and every signal at its default: what this
        // process ignores (SIGPIPE, for the network) or blocks is not the editor's business.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid = pid_t()
        guard posix_spawn(&pid, path, nil, &attributes, argv, environ) == 0 else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return nil }
        }
        // WIFEXITED and WEXITSTATUS, which Swift does not import: the low 7 bits are the
        // signal (0 when it exited), the next 8 the exit status.
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
