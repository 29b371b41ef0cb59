import CourierCore

/// Generates the `/large?items=N` document: deterministic, nested, about 220 bytes per item.
///
/// Written byte by byte and kept for the next request with the same N: the benchmark times
/// how fast Courier shows a 22 MB answer, and the server rebuilding it with string
/// interpolation took longer than Courier's whole part.
enum LargeDocument {
    private static let last = Locked<(items: Int, bytes: [UInt8])?>(nil)

    static func make(items: Int) -> [UInt8] {
        if let kept = last.withLock({ $0 }), kept.items == items { return kept.bytes }
        let bytes = build(items: items)
        last.withLock { $0 = (items, bytes) }
        return bytes
    }

    private static let cities = ["Madrid", "London", "Barcelona", "Paris", "Berlin", "Lisbon", "Roma", "Zürich"].map {
        Array($0.utf8)
    }

    private static func build(items: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(items * 230 + 64)
        func text(_ string: StaticString) {
            out.append(contentsOf: UnsafeBufferPointer(start: string.utf8Start, count: string.utf8CodeUnitCount))
        }
        func number(_ value: Int) {
            var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0
            )
            var rest = value
            var count = 0
            withUnsafeMutableBytes(of: &digits) { buffer in
                repeat {
                    buffer[count] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                    count += 1
                } while rest > 0 && count < buffer.count
                for index in stride(from: count - 1, through: 0, by: -1) { out.append(buffer[index]) }
            }
        }
        text("{\"count\":")
        number(items)
        text(",\"items\":[")
        for index in 0..<items {
            if index > 0 { text(",") }
            text("{\"id\":")
            number(index)
            text(",\"name\":\"item ")
            number(index)
            text("\",\"price\":")
            number(index % 1000)
            text(".")
            number(index % 100)
            text(",\"active\":")
            if index % 3 == 0 { text("true") } else { text("false") }
            text(",\"tags\":[\"t")
            number(index % 7)
            text("\",\"t")
            number(index % 11)
            text("\"],\"address\":{\"street\":\"")
            number(index)
            text(" Main Street\",\"city\":\"")
            out.append(contentsOf: cities[index % cities.count])
            text("\",\"zip\":\"")
            number(10_000 + index % 90_000)
            text("\"},\"note\":null}")
        }
        text("]}")
        return out
    }
}
