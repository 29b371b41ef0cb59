extension JSONValue {
    /// Compact JSON text (no whitespace), members in order, numbers as written.
    public var serialized: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let literal): out += literal
        case .string(let text): out += JSONString.encode(text)
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                out += JSONString.encode(member.key)
                out += ":"
                member.value.write(to: &out)
            }
            out += "}"
        }
    }
}

extension JSONValue {
    /// The size of the compact serialization, counted until it passes `limit` (then a number
    /// above `limit`): a tree whose shared parts stand for gigabytes is measured in bounded time.
    public func serializedSize(upTo limit: Int) -> Int {
        var total = 0
        var pending: [JSONValue] = [self]
        while let value = pending.popLast(), total <= limit {
            switch value {
            case .null: total += 4
            case .bool(let flag): total += flag ? 4 : 5
            case .number(let literal): total += literal.utf8.count
            case .string(let text): total += text.utf8.count + 2
            case .array(let items):
                total += 2 + max(0, items.count - 1)
                pending.append(contentsOf: items.reversed())
            case .object(let members):
                total += 2 + max(0, members.count - 1)
                for member in members.reversed() {
                    total += member.key.utf8.count + 3
                    pending.append(member.value)
                }
            }
        }
        return total
    }
}
