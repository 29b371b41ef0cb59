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
    func encoding() {
        #expect(JSONString.encode("a\"b\\c\n\u{01}é") == "\"a\\\"b\\\\c\\n\\u0001é\"")
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
