/// A unified diff of two texts by lines (Myers' algorithm), with three lines of context, as
/// `diff -u` prints it without the file header.
public enum LineDiff {
    /// The most edits worked out before giving up: past it, two bodies are simply "different"
    /// and the time and memory (quadratic in the edits: 32 MB at this limit) are not spent.
    public static let maxEdits = 2000

    /// The hunks, or `["@@ bodies differ in more than 2000 lines @@"]` past `maxEdits`; empty
    /// when the texts are the same.
    public static func unified(_ left: String, _ right: String, context: Int = 3) -> [String] {
        let a = left.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = right.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard a != b else { return [] }
        guard let script = edits(a, b) else { return ["@@ bodies differ in more than \(maxEdits) lines @@"] }
        return hunks(script, a, b, context: context)
    }

    enum Edit: Equatable {
        case same(Int, Int)
        case delete(Int)
        case insert(Int)
    }

    /// The shortest edit script from `a` to `b`, or nil when it needs more than `maxEdits`.
    static func edits(_ a: [String], _ b: [String]) -> [Edit]? {
        let n = a.count
        let m = b.count
        let offset = n + m + 1
        var v = [Int](repeating: 0, count: 2 * offset + 1)
        // Step d only reads diagonals -d...d of the step before: keep just those.
        var trace: [[Int]] = []
        for d in 0...min(n + m, maxEdits) {
            trace.append(Array(v[(offset - d)...(offset + d)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
                    x = v[offset + k + 1]
                } else {
                    x = v[offset + k - 1] + 1
                }
                var y = x - k
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n && y >= m { return backtrack(trace, a: n, b: m) }
            }
        }
        return nil
    }

    /// `trace[d][k + d]` is how far diagonal k reached before step d.
    private static func backtrack(_ trace: [[Int]], a n: Int, b m: Int) -> [Edit] {
        var script: [Edit] = []
        var x = n
        var y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let previous: Int
            if k == -d || (k != d && v[k - 1 + d] < v[k + 1 + d]) {
                previous = k + 1
            } else {
                previous = k - 1
            }
            let startX = d == 0 ? 0 : v[previous + d]
            let startY = d == 0 ? 0 : startX - previous
            while x > startX && y > startY {
                x -= 1
                y -= 1
                script.append(.same(x, y))
            }
            if d > 0 {
                if x == startX {
                    y -= 1
                    script.append(.insert(y))
                } else {
                    x -= 1
                    script.append(.delete(x))
                }
            }
        }
        return script.reversed()
    }

    private static func hunks(_ script: [Edit], _ a: [String], _ b: [String], context: Int) -> [String] {
        var out: [String] = []
        var index = 0
        while index < script.count {
            guard let firstChange = script[index...].firstIndex(where: { if case .same = $0 { false } else { true } })
            else { break }
            let start = max(firstChange - context, index == 0 ? 0 : index)
            // The hunk runs until `context * 2` unchanged lines in a row, or the end.
            var end = firstChange
            var run = 0
            var cursor = firstChange
            while cursor < script.count {
                if case .same = script[cursor] {
                    run += 1
                    if run > context * 2 { break }
                } else {
                    run = 0
                    end = cursor
                }
                cursor += 1
            }
            let stop = min(end + context + 1, script.count)
            var lines: [String] = []
            var aStart = Int.max
            var bStart = Int.max
            var aCount = 0
            var bCount = 0
            for edit in script[start..<stop] {
                switch edit {
                case .same(let x, let y):
                    lines.append(" " + a[x])
                    aStart = min(aStart, x)
                    bStart = min(bStart, y)
                    aCount += 1
                    bCount += 1
                case .delete(let x):
                    lines.append("-" + a[x])
                    aStart = min(aStart, x)
                    aCount += 1
                case .insert(let y):
                    lines.append("+" + b[y])
                    bStart = min(bStart, y)
                    bCount += 1
                }
            }
            let aFrom = aCount == 0 ? position(before: script, at: start, left: true) : aStart + 1
            let bFrom = bCount == 0 ? position(before: script, at: start, left: false) : bStart + 1
            out.append("@@ -\(aFrom),\(aCount) +\(bFrom),\(bCount) @@")
            out += lines
            index = stop
        }
        return out
    }

    /// For a hunk with no lines on one side, `diff -u` names the line before it.
    private static func position(before script: [Edit], at index: Int, left: Bool) -> Int {
        var count = 0
        for edit in script[..<index] {
            switch edit {
            case .same: count += 1
            case .delete: if left { count += 1 }
            case .insert: if !left { count += 1 }
            }
        }
        return count
    }
}
