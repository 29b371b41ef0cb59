/// Comparison by value, as checks and diffs need it: `1.0` equals `1`, object key order does
/// not matter, arrays compare by index.
extension JSONValue {
    /// The number, when this is one.
    public var number: Double? {
        guard case .number(let literal) = self else { return nil }
        return Double(literal)
    }

    /// Whether both hold the same value (numbers by value, objects regardless of key order).
    public func sameValue(as other: JSONValue) -> Bool {
        switch (self, other) {
        case (.number(let a), .number(let b)):
            return a == b || (Double(a).flatMap { left in Double(b).map { left == $0 } } ?? false)
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.sameValue(as: $1) }
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            return a.allSatisfy { member in b.contains { $0.key == member.key && $0.value.sameValue(as: member.value) }
            }
        default:
            return self == other
        }
    }

    /// The length `count` compares: elements, members or characters; nil for other values.
    public var length: Int? {
        switch self {
        case .array(let items): return items.count
        case .object(let members): return members.count
        case .string(let text): return text.count
        default: return nil
        }
    }

    /// Compact JSON for a message, cut to `limit` characters with `…`.
    public func brief(limit: Int = 200) -> String {
        // A long string is cut before it is written out: a megabyte's value costs its start.
        if case .string(let long) = self, long.utf8.count > limit {
            // With its quotes, a string of `limit - 1` characters or more is longer than `limit`.
            let head = long.prefix(limit)
            if head.count >= limit - 1 { return String(JSONString.encode(String(head)).prefix(limit)) + "…" }
        }
        let text = serialized
        return text.count <= limit ? text : String(text.prefix(limit)) + "…"
    }
}
