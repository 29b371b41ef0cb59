import Dispatch
import Testing

@testable import CourierCore

/// The project's one lock. These tests also run under ThreadSanitizer (`scripts/sanitize.sh
/// thread`), which must see the lock pass between threads: with the standard `Mutex` it did not
/// under contention and reported a race in `SecretSet.of`, which failed CI.
@Suite("Locked")
struct LockedTests {
    @Test("eight threads contending for one value lose no update")
    func contended() {
        let counter = Locked(0)
        let values = Locked<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for step in 0..<5_000 {
                counter.withLock { $0 += 1 }
                values.withLock { list in
                    list.append(thread * step)
                    if list.count > 64 { list.removeAll(keepingCapacity: false) }
                }
            }
        }
        #expect(counter.withLock { $0 } == 40_000)
    }

    @Test("a throwing body releases the lock and its error comes out")
    func throwing() {
        struct Refused: Error {}
        let locked = Locked("a")
        #expect(throws: Refused.self) { try locked.withLock { _ throws(Refused) in throw Refused() } }
        #expect(locked.withLock { $0 } == "a")
    }

    @Test("the memo of secret sets, asked from many threads for different sets, answers each right")
    func secretSetMemo() {
        let wrong = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for step in 0..<300 {
                let secret = "secret-\(thread)-\(step % 3)"
                let masked = SecretSet.of([secret]).mask("a \(secret) b")
                if masked.contains(secret) { wrong.withLock { $0 += 1 } }
            }
        }
        #expect(wrong.withLock { $0 } == 0)
    }
}
