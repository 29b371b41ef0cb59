// Swift 6.3.1 miscompiles, under -O, a tuple returned from a task's closure when one element
// is known before a suspension and another only after it: the earlier element comes back as
// 0. Known upstream (swiftlang/swift#91911, reverted by #92155; rdar://186012395). Courier's
// `diff` met it as "the two sends came back swapped" (each index read 0).
//
//   swiftc -O -parse-as-library scripts/repro/task-tuple-miscompile.swift -o /tmp/repro && /tmp/repro
//
// prints "wrong 1000 of 1000" while the bug is there, "wrong 0 of 1000" once it is fixed (and
// always with -Onone). Awaiting into a `let` first, then building the tuple, is correct;
// `scripts/test.sh` refuses a tuple literal with an `await` after a comma anywhere in Sources.
func fetch(_ id: Int) async throws -> Int {
    try await Task.sleep(nanoseconds: 1_000_000)
    return id
}

@main
struct Repro {
    static func main() async {
        var wrong = 0
        for _ in 0..<500 {
            let results = await withTaskGroup(of: (Int, Int).self) { group in
                for index in 5..<7 {
                    group.addTask {
                        do {
                            return (index, try await fetch(index))
                        } catch {
                            return (index, -1)
                        }
                    }
                }
                var results: [(Int, Int)] = []
                for await result in group { results.append(result) }
                return results
            }
            for (index, id) in results where index != id { wrong += 1 }
        }
        print("wrong \(wrong) of 1000")
    }
}
