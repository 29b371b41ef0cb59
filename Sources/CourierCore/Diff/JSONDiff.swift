/// Walks two JSON values side by side and notes each place they differ, deepest first
/// where both sides have structure: an object by its keys (first side's order, then keys
/// only the second has), an array by index.
struct JSONDiff {
    var ignores: [DiffIgnore]

    func compare(_ left: JSONValue, _ right: JSONValue, path: [String], into differences: inout [Difference]) {
        if ignores.contains(where: { $0.covers(json: path) }) { return }
        switch (left, right) {
        case (.object(let a), .object(let b)):
            var index: [String: JSONValue] = [:]
            for member in b where index[member.key] == nil { index[member.key] = member.value }
            var seen: Set<String> = []
            for member in a where seen.insert(member.key).inserted {
                if let other = index[member.key] {
                    compare(member.value, other, path: path + [member.key], into: &differences)
                } else {
                    note(path + [member.key], member.value.brief(), Difference.missing, into: &differences)
                }
            }
            for member in b where seen.insert(member.key).inserted {
                note(path + [member.key], Difference.missing, member.value.brief(), into: &differences)
            }
        case (.array(let a), .array(let b)):
            for offset in 0..<max(a.count, b.count) {
                let place = path + [String(offset)]
                switch (offset < a.count ? a[offset] : nil, offset < b.count ? b[offset] : nil) {
                case (let x?, let y?): compare(x, y, path: place, into: &differences)
                case (let x?, nil): note(place, x.brief(), Difference.missing, into: &differences)
                case (nil, let y?): note(place, Difference.missing, y.brief(), into: &differences)
                case (nil, nil): break
                }
            }
        default:
            if !left.sameValue(as: right) { note(path, left.brief(), right.brief(), into: &differences) }
        }
    }

    private func note(_ path: [String], _ left: String, _ right: String, into differences: inout [Difference]) {
        if ignores.contains(where: { $0.covers(json: path) }) { return }
        differences.append(
            Difference(place: path.isEmpty ? "json ." : "json " + path.joined(separator: "."), left: left, right: right)
        )
    }
}
