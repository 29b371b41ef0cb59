import Testing

@testable import CourierCore

/// The start of a document still arriving: only lines the whole document's print also has.
@Suite("JSON printer: the start of a document")
struct JSONFormatterStartTests {
    static let documents = [
        "{\"a\":1}",
        "[1,[],{},[2]]",
        "{ \"k\" : { \"n\" : [ true , false , null ] }, \"e\": {}, \"s\": \"x, {y}\\n\" }",
        "[1.50, 1e3, -0, 1E+2, 12345678901234567890123, -12.5e-3]",
        "[\"\\u00e9\\n\\\"\\/\", \"é😀中\", [[[\"deep\"]]]]",
        "\u{FEFF}{\"count\": 3, \"items\": [{\"id\": 1, \"tags\": [\"a\", \"b\"]}, {\"id\": 2, \"tags\": []}]}",
        "\n  [ {\"a\" : [ ] } ,\n {\"b\":{\"c\":{}}} ]  ",
    ]

    @Test("every start of a document prints a prefix of its whole print, in whole lines", arguments: documents)
    func prefixes(document: String) throws {
        let bytes = Array(document.utf8)
        let whole = try JSONFormatter().format(bytes)
        var previous: [UInt8] = []
        for cut in 0...bytes.count {
            let start = JSONFormatter().formatStart(of: Array(bytes[..<cut]))
            #expect(whole.starts(with: start), "cut at \(cut)")
            #expect(start.isEmpty || start.last == UInt8(ascii: "\n"), "cut at \(cut)")
            // More bytes never take a line back.
            #expect(start.starts(with: previous), "cut at \(cut)")
            previous = start
        }
        // The whole document gives every line but the last (its closing bracket has no
        // newline until the printer knows nothing follows).
        let lines = whole.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        #expect(previous.count == whole.count - lines[lines.count - 2].count - 1)
    }

    @Test(
        "a start that is already invalid gives the lines before the problem",
        arguments: [
            ("[1,2,]", "[\n  1,\n  2,\n"),
            ("{\"a\":1,\"b\" 2}", "{\n  \"a\": 1,\n"),
            ("[\"ok\",\u{01}]", "[\n  \"ok\",\n"),
            ("x[1,2]", ""),
        ])
    func invalid(input: String, expected: String) {
        #expect(String(decoding: JSONFormatter().formatStart(of: Array(input.utf8)), as: UTF8.self) == expected)
    }
}
