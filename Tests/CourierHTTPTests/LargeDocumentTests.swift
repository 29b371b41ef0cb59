import Testing

@testable import CourierSampleAPI

@Suite("The sample API's large document")
struct LargeDocumentTests {
    /// The document as first written, with string interpolation: the byte writer must give
    /// the same bytes, so the benchmark's input did not change with it.
    private func reference(items: Int) -> [UInt8] {
        let cities = ["Madrid", "London", "Barcelona", "Paris", "Berlin", "Lisbon", "Roma", "Zürich"]
        var out = "{\"count\":\(items),\"items\":["
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

    @Test("the same bytes as the interpolated original, kept or built anew", arguments: [0, 1, 9, 1_234, 100_001])
    func same(_ items: Int) {
        let expected = reference(items: items)
        #expect(LargeDocument.make(items: items) == expected)
        #expect(LargeDocument.make(items: items) == expected)  // the kept copy
    }
}
