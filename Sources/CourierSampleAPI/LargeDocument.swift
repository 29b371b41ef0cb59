/// Generates the `/large?items=N` document: deterministic, nested, about 220 bytes per item.
enum LargeDocument {
    static func make(items: Int) -> [UInt8] {
        let cities = ["Madrid", "London", "Barcelona", "Paris", "Berlin", "Lisbon", "Roma", "Zürich"]
        var out = "{\"count\":\(items),\"items\":["
        out.reserveCapacity(items * 230 + 64)
        for index in 0..<items {
            if index > 0 { out += "," }
            let city = cities[index % cities.count]
            out += "{\"id\":\(index),\"name\":\"item \(index)\",\"price\":\(index % 1000).\(index % 100),"
            out += "\"active\":\(index % 3 == 0 ? "true" : "false"),\"tags\":[\"t\(index % 7)\",\"t\(index % 11)\"],"
            out +=
                "\"address\":{\"street\":\"\(index) Main Street\",\"city\":\"\(city)\",\"zip\":\"\(10_000 + index % 90_000)\"},"
            out += "\"note\":null}"
        }
        out += "]}"
        return Array(out.utf8)
    }
}
