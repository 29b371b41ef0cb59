// ThreadSanitizer reports a race on a value guarded by the standard library's `Mutex` as soon
// as two threads contend for it (Swift 6.3.1, Linux). The uncontended path is inlined into the
// caller and instrumented; the contended one (`_lockSlow`, `_unlockSlow`: a priority-inheriting
// futex) runs inside the uninstrumented `libswiftSynchronization.so`, so TSan never sees the
// lock pass from one thread to the next. CI failed on it in `SecretSet.of`.
//
//   swiftc -sanitize=thread -g scripts/repro/tsan-mutex-false-race.swift -o /tmp/repro && /tmp/repro
//
// prints "WARNING: ThreadSanitizer: Swift access race" while the gap is there. Courier's
// `Locked` (a `pthread_mutex_t`, which TSan intercepts) is quiet on the same loop;
// `scripts/test.sh` refuses `Mutex` in Sources and Tests.
import Dispatch
import Synchronization

let guarded = Mutex<[Int]>([])
DispatchQueue.concurrentPerform(iterations: 8) { thread in
    for step in 0..<20_000 {
        guarded.withLock { list in
            list.append(thread * step)
            if list.count > 100 { list.removeAll() }
        }
    }
}
print("done; the list holds \(guarded.withLock { $0.count }) values")
