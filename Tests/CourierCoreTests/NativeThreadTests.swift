import CourierSystem
import Foundation
import Testing

@testable import CourierCore

/// The bare pthread behind the printer's second half and the screen's input watcher, and the
/// processor count that decides whether the printer takes a second thread at all.
@Suite("Native threads")
struct NativeThreadTests {
    @Test("a joined thread's work is done and seen once join returns; a detached one runs")
    func joinAndDetach() {
        var sum = 0
        let thread = NativeThread { sum = (1...1000).reduce(0, +) }
        thread.join()
        #expect(sum == 500_500)
        thread.join()  // a second join waits for nothing
        let ran = DispatchSemaphore(value: 0)
        #expect(NativeThread.detach { ran.signal() })
        #expect(ran.wait(timeout: .now() + 5) == .success)
    }

    #if os(Linux)
        @Test("the affinity mask counts what the kernel says the process may run on")
        func affinityMatchesTheKernel() throws {
            // `Cpus_allowed:` is the same mask as hex words separated by commas.
            let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
            let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed:") })
            let hex = line.dropFirst("Cpus_allowed:".count).filter { $0.isHexDigit }
            let allowed = hex.reduce(0) { $0 + (Int(String($1), radix: 16) ?? 0).nonzeroBitCount }
            #expect(NativeThread.affinityCount() == allowed)
            #expect(NativeThread.processors >= 1)
            #expect(NativeThread.processors <= min(allowed, ProcessInfo.processInfo.activeProcessorCount))
        }
    #endif
}
