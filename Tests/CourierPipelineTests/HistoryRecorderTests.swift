import CourierCore
import CourierPipeline
import CourierStore
import Dispatch
import Testing

#if canImport(Glibc)
    import Glibc
#endif

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The recorder's group commit: a run's exchanges wait a moment to share a commit, and nothing
/// handed over is missing or out of order for `finish` or a read.
@Suite("History recorder")
struct HistoryRecorderTests {
    /// A recorder for a run (the database opened at once) in a fresh state folder.
    private static func recorder(linger: DispatchTimeInterval = HistoryRecorder.linger) throws -> (
        HistoryRecorder, path: String
    ) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-recorder-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let text = #"{"environments": {"dev": {"base_url": "http://127.0.0.1:9"}}, "routes": []}"#
        let workspace = try WorkspaceLoader().load(
            bytes: Array(text.utf8), fileName: "environments.json", baseDirectory: folder)
        let state = ["XDG_STATE_HOME": folder + "/state"]
        let made = HistoryRecorder(
            workspace: workspace, disabled: false, processEnvironment: state, linger: linger, report: { _ in })
        let recorder = try #require(made)
        return (recorder, HistoryStore.defaultPath(processEnvironment: state))
    }

    private static func exchange(_ number: Int) -> Exchange {
        Exchange(
            request: HTTPRequest(method: .get, url: "http://127.0.0.1:9/r/\(number)"),
            response: HTTPResponse(status: 200, reason: "OK", body: Array("{}".utf8)),
            origin: ExchangeOrigin(workspace: "w.json", environmentName: "dev", routeName: "r\(number)"))
    }

    @Test("every exchange of a run is written by finish, in the order handed over")
    func finishWritesAll() throws {
        let (recorder, path) = try Self.recorder()
        for number in 0..<300 { recorder.record(Self.exchange(number), run: "smoke") }
        recorder.finish()
        let entries = try HistoryStore(path: path).entries(workspace: "w.json", limit: 1000)
        #expect(entries.count == 300)
        #expect(entries.sorted { $0.id < $1.id }.map(\.route) == (0..<300).map { "r\($0)" })
    }

    @Test("flush writes what waits at once, not after the linger, and finish still waits for it")
    func flushWritesAtOnce() async throws {
        let (recorder, path) = try Self.recorder(linger: .seconds(60))
        recorder.record(Self.exchange(1))
        recorder.flush()
        var written = 0
        for _ in 0..<500 where written == 0 {
            written = try HistoryStore(path: path).entries(workspace: "w.json").count
            if written == 0 { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(written == 1)
        recorder.record(Self.exchange(2))
        recorder.flush()
        recorder.finish()
        #expect(try HistoryStore(path: path).entries(workspace: "w.json").count == 2)
    }

    @Test("a read right after a record sees it: the lingering commit is not waited for")
    func readSeesWhatCameBefore() async throws {
        let (recorder, _) = try Self.recorder()
        recorder.record(Self.exchange(1))
        let count = await withCheckedContinuation { continuation in
            recorder.read({ (store) throws(HistoryError) in try store.entries(workspace: "w.json").count }) { result in
                continuation.resume(returning: (try? result?.get()) ?? -1)
            }
        }
        #expect(count == 1)
        recorder.finish()
    }

    #if os(Linux)
        @Test("the writer runs below the caller's priority, and finish drains on the caller's thread")
        func writerYieldsToTheRun() async throws {
            let (recorder, _) = try Self.recorder()
            let caller = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
            recorder.record(Self.exchange(1))
            let writer = await withCheckedContinuation { continuation in
                recorder.read({ (_) throws(HistoryError) in
                    getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
                }) { result in continuation.resume(returning: (try? result?.get()) ?? caller) }
            }
            // libdispatch gives utility threads nice 2. A test run under `nice` may already be
            // there or lower, and an unprivileged thread cannot raise its priority back.
            if caller <= 0 { #expect(writer > caller) }
            recorder.finish()
            #expect(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) == caller)
        }
    #endif
}
