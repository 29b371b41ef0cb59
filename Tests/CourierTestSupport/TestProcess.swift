import CourierSystem
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A program a test starts: it inherits no descriptor but its three standard ones, which are
/// files (or /dev/null), and it is waited for with `waitpid`, within a time bound.
///
/// Why not Foundation's `Process`: on Linux it closes the parent's other descriptors by number,
/// as they were when it looked, so a pipe that another test's thread opens meanwhile (or the
/// socket `Process` watches for that test's child to end) leaks into the child. A long-lived
/// child (a tmux server, a sample API) holding it makes the other test's read, or its wait for
/// its child, last as long as that child; two such tests wait for each other forever. CI ran
/// into its 90-minute limit so. Here the child closes everything from descriptor 3 as it
/// starts (`posix_spawn_file_actions_addclosefrom_np`), nothing is read to a pipe's end, and
/// the end is known from `waitpid` alone.
public final class TestProcess: @unchecked Sendable {
    /// How a child ended.
    public enum Ending: Equatable, Sendable {
        /// It exited with this status.
        case exited(Int32)
        /// This signal ended it.
        case signalled(Int32)
        /// It outlived its time bound, and its process group was killed.
        case timedOut(seconds: Double)

        /// As a shell says it: the exit status, or 128 + the signal (137 when killed for time).
        public var code: Int32 {
            switch self {
            case .exited(let status): status
            case .signalled(let signal): 128 + signal
            case .timedOut: 128 + SIGKILL
            }
        }
    }

    /// Why a child could not start.
    public struct SpawnError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Its process id; it leads its own process group.
    public let pid: pid_t
    private let lock = NSLock()
    private var ending: Ending?

    /// Starts `path` (looked up on PATH when it has no slash) with `arguments` and `environment`
    /// (this process's when nil), in `directory`; stdin is read from the file at `stdin`, and
    /// stdout and stderr are written to the files at those paths (/dev/null for nil).
    public init(
        _ path: String, _ arguments: [String], environment: [String: String]? = nil, directory: URL? = nil,
        stdin: String? = nil, stdout: String? = nil, stderr: String? = nil
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin ?? "/dev/null", O_RDONLY, 0)
        let writing = O_WRONLY | O_CREAT | O_APPEND
        posix_spawn_file_actions_addopen(&actions, 1, stdout ?? "/dev/null", writing, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, stderr ?? "/dev/null", writing, 0o600)
        guard let closeFrom = Self.closeFrom, let changeDirectory = Self.changeDirectory else {
            throw SpawnError(description: "this C library cannot close descriptors or change folder as it spawns")
        }
        _ = closeFrom(&actions, 3)
        if let directory { _ = changeDirectory(&actions, directory.path) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setpgroup(&attributes, 0)
        // Test threads block signals (SIGTERM among them); the child gets none blocked.
        SpawnSignals.reset(&attributes, flags: POSIX_SPAWN_SETPGROUP)

        let variables = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid = pid_t()
        let status = posix_spawnp(&pid, path, &actions, &attributes, argv, envp)
        guard status == 0 else {
            throw SpawnError(description: "\(path) could not be started: \(String(cString: strerror(status)))")
        }
        self.pid = pid
    }

    /// Runs `path` to its end (killed after `seconds`), blocking the thread: how it ended and
    /// what it printed on stdout, through a file of its own (stderr is dropped).
    public static func output(
        _ path: String, _ arguments: [String], environment: [String: String]? = nil, directory: URL? = nil,
        seconds: Double
    ) throws -> (ending: Ending, stdout: String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-child-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let child = try TestProcess(path, arguments, environment: environment, directory: directory, stdout: file.path)
        let ending = child.waitBlocking(seconds: seconds)
        return (ending, String(decoding: (try? Data(contentsOf: file)) ?? Data(), as: UTF8.self))
    }

    /// Kills what is left of it, so no child outlives the test that started it.
    deinit {
        if poll() == nil { kill() }
    }

    /// How it ended, or nil while it runs.
    @discardableResult
    public func poll() -> Ending? {
        lock.lock()
        defer { lock.unlock() }
        if let ending { return ending }
        var status: Int32 = 0
        let reaped = waitpid(pid, &status, WNOHANG)
        if reaped == 0 || (reaped < 0 && errno == EINTR) { return nil }
        // -1 (ECHILD) would mean someone else reaped it: it has ended either way.
        let signal = status & 0x7F
        ending = reaped < 0 ? .exited(-1) : signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
        return ending
    }

    /// Whether it still runs.
    public var isRunning: Bool { poll() == nil }

    /// Waits until it ends, at most `seconds`; then kills its process group.
    public func wait(seconds: Double) async -> Ending {
        let deadline = Date().addingTimeInterval(seconds)
        var pause = 1
        while Date() < deadline {
            if let ending = poll() { return ending }
            try? await Task.sleep(for: .milliseconds(pause))
            pause = min(pause * 2, 20)
        }
        return killed(after: seconds)
    }

    /// Waits as `wait(seconds:)` does, blocking the thread: for the short commands a
    /// synchronous helper runs (tmux's).
    public func waitBlocking(seconds: Double) -> Ending {
        let deadline = Date().addingTimeInterval(seconds)
        var pause: useconds_t = 500
        while Date() < deadline {
            if let ending = poll() { return ending }
            usleep(pause)
            pause = min(pause * 2, 20_000)
        }
        return killed(after: seconds)
    }

    /// Sends SIGKILL to its process group (and to it, should it have left the group).
    public func kill() {
        _ = Glibc.kill(-pid, SIGKILL)
        _ = Glibc.kill(pid, SIGKILL)
        // Reaped at once: SIGKILL cannot be caught, so the wait is short.
        while poll() == nil { usleep(1000) }
    }

    private func killed(after seconds: Double) -> Ending {
        if let ending = poll() { return ending }
        kill()
        lock.lock()
        defer { lock.unlock() }
        ending = .timedOut(seconds: seconds)
        return .timedOut(seconds: seconds)
    }

    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private typealias ChangeDirectory =
        @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

    /// glibc's (2.34 on) `posix_spawn_file_actions_addclosefrom_np`, which Swift does not import
    /// (it needs `_GNU_SOURCE`).
    private static let closeFrom: CloseFrom? = symbol("posix_spawn_file_actions_addclosefrom_np")
    /// glibc's `posix_spawn_file_actions_addchdir_np`, likewise.
    private static let changeDirectory: ChangeDirectory? = symbol("posix_spawn_file_actions_addchdir_np")

    private static func symbol<Function>(_ name: String) -> Function? {
        guard let address = dlsym(dlopen(nil, RTLD_NOW), name) else { return nil }
        return unsafeBitCast(address, to: Function.self)
    }
}
