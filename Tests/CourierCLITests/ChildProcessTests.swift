import CourierCore
import CourierStore
import Testing

@testable import courier

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The editor's process (`posix_spawn`, standing in for Foundation's `Process`).
@Suite("Child processes")
struct ChildProcessTests {
    @Test("the exit status, 128 + the signal that ended it, or nil when nothing could start")
    func status() {
        #expect(ChildProcess.run("/bin/sh", ["-c", "exit 0"]) == 0)
        #expect(ChildProcess.run("/bin/sh", ["-c", "exit 3"]) == 3)
        #expect(ChildProcess.run("/bin/sh", ["-c", "kill -TERM $$"]) == 128 + SIGTERM)
        #expect(ChildProcess.run("/nonexistent/editor", []) == nil)
    }

    @Test("the child ignores and blocks no signal, whatever this process does")
    func signals() throws {
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        let file = "/tmp/courier-child-\(getpid())"
        defer { unlink(file) }
        // grep reads its own status: what the shell passed on, which is what it was given.
        let script = "exec grep -E '^(SigIgn|SigBlk)' /proc/self/status > \"$1\""
        #expect(ChildProcess.run("/bin/sh", ["-c", script, "sh", file]) == 0)
        let lines = String(decoding: try FileBytes.read(file).get(), as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 2)
        for line in lines {
            // Signals 1–31 (32 and 33 are the C library's own, which it keeps to itself).
            let mask = line.split(separator: "\t").last.flatMap { UInt64($0, radix: 16) }
            #expect(mask.map { $0 & 0x7FFF_FFFF } == 0, "\(line)")
        }
    }
}
