import Foundation
import Testing

@testable import CourierCore

@Suite("JSON values and paths")
struct JSONValueTests {
    @Test("parsing keeps member order, duplicates and number literals")
    func parseKeepsOrder() throws {
        let value = try JSONValue.parse("{\"z\":1.50,\"a\":[true,null],\"z\":\"x\"}")
        #expect(
            value
                == .object([
                    JSONMember("z", .number("1.50")),
                    JSONMember("a", .array([.bool(true), .null])),
                    JSONMember("z", .string("x")),
                ]))
        #expect(value.serialized == "{\"z\":1.50,\"a\":[true,null],\"z\":\"x\"}")
    }

    @Test(
        "string escapes decode and re-encode",
        arguments: [
            ("\"a\\nb\"", "a\nb"),
            ("\"\\u00e9\"", "é"),
            ("\"\\ud83d\\ude00\"", "😀"),
            ("\"\\ud800\"", "\u{FFFD}"),
            ("\"tab\\there \\\"q\\\" \\\\ \\/\"", "tab\there \"q\" \\ /"),
        ])
    func escapes(literal: String, text: String) throws {
        #expect(try JSONValue.parse(literal) == .string(text))
    }

    @Test("encoding escapes what RFC 8259 requires")
    func encoding() throws {
        #expect(JSONString.encode("a\"b\\c\n\u{01}é") == "\"a\\\"b\\\\c\\n\\u0001é\"")
        #expect(JSONString.encode("\u{08}\u{0C}\r\t\u{1F}\u{7F}") == #""\b\f\r\t\u001f\#u{7F}""#)
        #expect(JSONString.encode("plain 😀 text") == "\"plain 😀 text\"")
        // Every scalar below 0x80 and a few above, read back as they went in.
        let all = String(String.UnicodeScalarView((0..<0x80).compactMap(Unicode.Scalar.init) + ["é", "😀"]))
        #expect(try JSONValue.parse(Array(JSONString.encode(all).utf8)) == .string(all))
    }

    @Test(
        "brief cuts a long string before writing it out, to the same text as writing it whole",
        arguments: [0, 1, 197, 198, 199, 200, 201, 5_000])
    func brief(length: Int) {
        for unit in ["a", "é", "\"", "😀"] {
            let value = JSONValue.string(String(repeating: unit, count: length))
            let whole = value.serialized
            let expected = whole.count <= 200 ? whole : String(whole.prefix(200)) + "…"
            #expect(value.brief() == expected, "\(length) × \(unit)")
        }
    }

    @Test("tree parsing refuses absurd nesting instead of overflowing the stack")
    func treeDepth() {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(throws: JSONSyntaxError.self) { try JSONValue.parse(deep) }
    }

    private let document = Array(
        """
        {"id": 42, "address": {"city": "Madrid", "zip": "28014"}, "items": [{"name": "a"}, {"name": "b", "tags": [1, 2]}],
         "skip": {"deep": [[[]]]}, "last": "end"}
        """.utf8)

    @Test(
        "json_path selects values by key and index",
        arguments: [
            ("", nil as String?),
            ("id", "42"),
            ("address.city", "\"Madrid\""),
            ("address", "{\"city\": \"Madrid\", \"zip\": \"28014\"}"),
            ("items.1.name", "\"b\""),
            ("items.1.tags.1", "2"),
            ("last", "\"end\""),
        ])
    func selects(path: String, expected: String?) throws {
        let range = try JSONPath(path).select(in: document)
        let text = String(decoding: document[range], as: UTF8.self)
        #expect(
            text.trimmingCharacters(in: .whitespacesAndNewlines)
                == (expected ?? String(decoding: document, as: UTF8.self)))
    }

    @Test(
        "a missing json_path names the deepest part that exists",
        arguments: [
            ("address.street", "json path 'address.street' not found: 'address' is an object with no key 'street'"),
            ("nope", "json path 'nope' not found: the top-level value is an object with no key 'nope'"),
            ("items.5", "json path 'items.5' not found: 'items' is an array of 2 elements"),
            ("items.x", "json path 'items.x' not found: 'items' is an array, and 'x' is not an index"),
            ("id.value", "json path 'id.value' not found: 'id' is a number, not an object or array"),
        ])
    func missing(path: String, message: String) {
        do {
            _ = try JSONPath(path).select(in: document)
            Issue.record("expected \(path) to be missing")
        } catch {
            #expect(error.description == message)
        }
    }
}
