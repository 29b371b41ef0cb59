#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a program Courier starts (the editor, a `{{$command}}`) gets of signals: none blocked
/// and every one at its default. This process ignores SIGPIPE for the network and may block
/// others; neither is the child's business.
public enum SpawnSignals {
    /// Sets `attributes` so, plus `flags` (`POSIX_SPAWN_SETPGROUP`, say).
    public static func reset(_ attributes: inout posix_spawnattr_t, flags: Int32 = 0) {
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(flags | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    }

    /// A `waitpid` status as a shell says it: the exit status, or 128 + the signal that ended it
    /// (WIFEXITED and WEXITSTATUS, which Swift does not import: the low 7 bits are the signal,
    /// the next 8 the exit status).
    public static func exitStatus(_ status: Int32) -> Int32 {
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
