import CourierCore
import CourierSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a `{{$command …}}` through `/bin/sh -c` with no terminal and no input, within a time and
/// an output bound: what it prints is the value (a password manager's `pass show`, `op read`).
/// A command that hangs, fails or prints without end is one line, and its whole process group is
/// killed, so a child it left behind does not keep the pipe open.
enum CommandRunner {
    /// What a finished command gave.
    struct Output: Equatable {
        var stdout: [UInt8]
        var stderr: [UInt8]
        /// Its exit status, 128 + the signal when a signal ended it.
        var status: Int32
    }

    /// Why a command gave no value.
    enum Failure: Error, Equatable, CustomStringConvertible {
        case couldNotStart(String)
        case timedOut(seconds: Double)
        case tooMuchOutput(limit: Int)

        var description: String {
            switch self {
            case .couldNotStart(let reason): "could not be started: \(reason)"
            case .timedOut(let seconds):
                "did not finish within \(seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)) s; stopped"
            case .tooMuchOutput(let limit): "printed more than \(ByteCount.format(limit)); stopped"
            }
        }
    }

    /// Runs `command`, waiting at most `timeout` seconds for it and `limit` bytes of output.
    static func run(_ command: String, timeout: Double, limit: Int) throws(Failure) -> Output {
        var output: [Int32] = [-1, -1]
        var errors: [Int32] = [-1, -1]
        guard pipe(&output) == 0, pipe(&errors) == 0 else {
            for descriptor in output + errors where descriptor >= 0 { close(descriptor) }
            throw .couldNotStart(String(cString: strerror(errno)))
        }
        // Close-on-exec, so a program another thread starts does not hold them open (the
        // child's own copies, made by dup2, are not); `pipe2` is not imported.
        for descriptor in output + errors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        for descriptor in output + errors { posix_spawn_file_actions_addclose(&actions, descriptor) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group, to stop all of it.
        posix_spawnattr_setpgroup(&attributes, 0)
        SpawnSignals.reset(&attributes, flags: POSIX_SPAWN_SETPGROUP)
        let argv: [UnsafeMutablePointer<CChar>?] =
            ["/bin/sh", "-c", command].map { (text: String) in strdup(text) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid = pid_t()
        let started = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, environ)
        close(output[1])
        close(errors[1])
        defer {
            close(output[0])
            close(errors[0])
        }
        guard started == 0 else { throw .couldNotStart(String(cString: strerror(started))) }

        var result = Output(stdout: [], stderr: [], status: 0)
        var failure: Failure?
        var open = [output[0], errors[0]]
        let deadline = Self.now() + timeout
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while !open.isEmpty && failure == nil {
            let left = deadline - Self.now()
            guard left > 0 else {
                failure = .timedOut(seconds: timeout)
                break
            }
            var polled = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&polled, nfds_t(polled.count), Int32(min(left * 1000, 60_000)) + 1)
            if ready < 0 && errno != EINTR {
                failure = .couldNotStart("poll: " + String(cString: strerror(errno)))
                break
            }
            for entry in polled where entry.revents != 0 {
                let count = read(entry.fd, &buffer, buffer.count)
                if count <= 0 {
                    open.removeAll { $0 == entry.fd }
                } else if entry.fd == output[0] {
                    result.stdout += buffer[0..<count]
                } else if result.stderr.count < 4096 {
                    result.stderr += buffer[0..<count]
                }
            }
            if result.stdout.count > limit { failure = .tooMuchOutput(limit: limit) }
        }
        if failure != nil { kill(-pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        if let failure { throw failure }
        result.status = SpawnSignals.exitStatus(status)
        return result
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
