import CourierHTTP
import Testing

@testable import CourierCore

#if canImport(Glibc)
    import Glibc
#endif

/// Work handed to the engine's loop to run while a request is in flight (`CheckRunner.idle`).
@Suite("Work done while the server answers")
struct HTTPEngineWaitingTests {
    @Test("work handed to whenWaiting runs in order, all of it before waited() returns")
    func inOrder() async {
        let engine = HTTPEngine()
        let done = Locked<[Int]>([])
        // The first piece holds the loop, so a waited() that did not wait would see none.
        engine.whenWaiting { usleep(50_000) }
        for index in 0..<200 { engine.whenWaiting { done.withLock { $0.append(index) } } }
        await engine.waited()
        #expect(done.withLock { $0 } == Array(0..<200))
        await engine.shutdown()
    }
}
