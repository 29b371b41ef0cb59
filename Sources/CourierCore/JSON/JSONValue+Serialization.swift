extension JSONValue {
    /// Compact JSON text (no whitespace), members in order, numbers as written.
    public var serialized: String {
        // Bytes, one `String` at the end: appending to a `String` piece by piece was most of
        // what recording a check run's exchanges cost.
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private func write(to out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let flag): out.append(contentsOf: flag ? "true".utf8 : "false".utf8)
        case .number(let literal): out.append(contentsOf: literal.utf8)
        case .string(let text): JSONString.encode(text, into: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONString.encode(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                member.value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
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
