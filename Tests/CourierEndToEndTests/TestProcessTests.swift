import CourierTestSupport
import Foundation
import Testing

/// The harness's own promise: a child a test starts holds nothing of the test process's, and
/// never outlives its bound (a test that waits on either hung CI for its whole 90 minutes).
@Suite("Children the tests start")
struct TestProcessTests {
    @Test("a child inherits no descriptor but its three standard ones, whatever the test process has open")
    func inheritsNothing() async throws {
        // A pipe as any test thread opens one: not close-on-exec.
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { for end in ends { close(end) } }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("courier-fds-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        // ls lists its own descriptors: the three and the folder it reads (3).
        let child = try TestProcess("/bin/ls", ["-1", "/proc/self/fd"], stdout: output.path)
        #expect(await child.wait(seconds: 30) == .exited(0))
        let listed = String(decoding: try Data(contentsOf: output), as: UTF8.self)
        #expect(listed.split(separator: "\n") == ["0", "1", "2", "3"], "\(listed)")
    }

    @Test("a child past its bound is killed with its group and reported as such; exits and signals are told apart")
    func bounded() async throws {
        let started = Date()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-group-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let sleeper = try TestProcess("/bin/sh", ["-c", "sleep 60 & echo $! > '\(file.path)'; wait"])
        // A loaded machine (the whole suite in parallel) took 12 s to start the shell once.
        while (try? Data(contentsOf: file))?.last != 0x0A && Date().timeIntervalSince(started) < 60 {
            try await Task.sleep(for: .milliseconds(10))
        }
        let background = try #require(Int32(String(decoding: Data(contentsOf: file), as: UTF8.self).dropLast()))
        // The bound, not the child's 60 s, ends the wait.
        let waited = Date()
        #expect(await sleeper.wait(seconds: 0.3) == .timedOut(seconds: 0.3))
        #expect(Date().timeIntervalSince(waited) < 30)
        // The whole group was killed, the background sleep too: gone, or dead and not yet reaped
        // (a signal takes a moment to be acted on, on a loaded machine).
        func alive() -> Bool {
            let stat = (try? String(contentsOfFile: "/proc/\(background)/stat", encoding: .utf8)) ?? ""
            return !stat.isEmpty && stat.split(separator: ")").last?.hasPrefix(" Z") != true
        }
        let deadline = Date().addingTimeInterval(5)
        while alive() && Date() < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(!alive())
        #expect(try TestProcess("/bin/sh", ["-c", "exit 3"]).waitBlocking(seconds: 30) == .exited(3))
        // Signals are not blocked in the child, though test threads block some.
        #expect(try TestProcess("/bin/sh", ["-c", "kill -TERM $$"]).waitBlocking(seconds: 30) == .signalled(SIGTERM))
    }
}
