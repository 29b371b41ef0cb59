import Testing

@testable import CourierCore

/// Rewriting a JSON file's text to hold a new tree (DESIGN.md §9): what did not change keeps its
/// bytes, what is new is written like its neighbours.
@Suite("JSON: rewriting text in place")
struct JSONTextRewriteTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var old: String
        /// The new tree, as JSON text.
        var new: String
        var expected: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "nothing changed: every byte kept",
            old: "{ \"a\" :1.50,\n\t\"b\": \"\\u0041\" }\n", new: #"{"a": 1.50, "b": "A"}"#,
            expected: "{ \"a\" :1.50,\n\t\"b\": \"\\u0041\" }\n"),
        Case(
            name: "a scalar replaced, its neighbours' spelling kept",
            old: "{\"a\": 1.0, \"b\": \"\\u0041\"}", new: #"{"a": 2, "b": "A"}"#,
            expected: "{\"a\": 2, \"b\": \"\\u0041\"}"),
        Case(
            name: "a member appended at the members' indentation",
            old: "{\n    \"a\": 1\n}\n", new: #"{"a": 1, "b": {"c": [1, 2]}}"#,
            expected:
                "{\n    \"a\": 1,\n    \"b\": {\n        \"c\": [\n            1,\n            2\n        ]\n    }\n}\n"
        ),
        Case(
            name: "a member inserted after the one it follows, with tabs",
            old: "{\n\t\"a\": 1,\n\t\"z\": 2\n}", new: #"{"a": 1, "m": true, "z": 2}"#,
            expected: "{\n\t\"a\": 1,\n\t\"m\": true,\n\t\"z\": 2\n}"),
        Case(
            name: "a member new at the start goes first",
            old: "{\n  \"a\": 1\n}", new: #"{"first": 0, "a": 1}"#,
            expected: "{\n  \"first\": 0,\n  \"a\": 1\n}"),
        Case(
            name: "an element appended; one-line neighbours make a one-line element, in their key order",
            old: "[\n  {\"name\": \"a\", \"path\": \"/a\"}\n]",
            new: #"[{"name": "a", "path": "/a"}, {"path": "/b", "extra": 1, "name": "b"}]"#,
            expected:
                "[\n  {\"name\": \"a\", \"path\": \"/a\"},\n  {\"name\": \"b\", \"path\": \"/b\", \"extra\": 1}\n]"),
        Case(
            name: "a multi-line neighbour makes a multi-line element",
            old: "[\n  { \"name\": \"a\",\n    \"path\": \"/a\" }\n]",
            new: #"[{"name": "a", "path": "/a"}, {"name": "b"}]"#,
            expected: "[\n  { \"name\": \"a\",\n    \"path\": \"/a\" },\n  {\n    \"name\": \"b\"\n  }\n]"),
        Case(
            name: "one member of a nested object changed, the rest kept",
            old: "{\"routes\": [{\"name\": \"a\",  \"method\": \"GET\"}, {\"name\": \"b\"}]}",
            new: #"{"routes": [{"name": "a", "method": "DELETE"}, {"name": "b"}]}"#,
            expected: "{\"routes\": [{\"name\": \"a\",  \"method\": \"DELETE\"}, {\"name\": \"b\"}]}"),
        Case(
            name: "members removed: the middle, the last, the first",
            old: "{\n  \"a\": 1,\n  \"b\": 2,\n  \"c\": 3,\n  \"d\": 4\n}", new: #"{"c": 3}"#,
            expected: "{\n  \"c\": 3\n}"),
        Case(
            name: "a removal and an insertion at one place",
            old: "{\n  \"a\": 1,\n  \"b\": 2\n}", new: #"{"a": 1, "n": 9}"#,
            expected: "{\n  \"a\": 1,\n  \"n\": 9\n}"),
        Case(
            name: "an empty object filled at its line's indentation",
            old: "{\n  \"routes\": []\n}", new: #"{"routes": [{"name": "r"}]}"#,
            expected: "{\n  \"routes\": [\n    {\n      \"name\": \"r\"\n    }\n  ]\n}"),
        Case(
            name: "an array emptied, elements removed from the end",
            old: "{\"x\": [1, 2, 3], \"y\": [4, 5]}", new: #"{"x": [], "y": [4]}"#,
            expected: "{\"x\": [], \"y\": [4]}"),
        Case(
            name: "a type changed, written on the line it was on",
            old: "{\n  \"body\": \"text\"\n}", new: #"{"body": {"k": "v"}}"#,
            expected: "{\n  \"body\": {\"k\": \"v\"}\n}"),
        Case(
            name: "a duplicate key: each new member takes the next old one",
            old: "{\"k\": 1, \"k\": 2}", new: #"{"k": 1, "k": 3}"#, expected: "{\"k\": 1, \"k\": 3}"),
        Case(
            name: "a byte order mark and trailing spaces stay",
            old: "\u{FEFF}{\"a\": 1}  \n", new: #"{"a": 1, "b": 2}"#, expected: "\u{FEFF}{\"a\": 1, \"b\": 2}  \n"),
    ]

    @Test("each edit keeps the untouched bytes", arguments: cases)
    func rewrite(_ test: Case) throws {
        let new = try JSONValue.parse(test.new)
        let result = try #require(JSONTextRewrite.rewrite(Array(test.old.utf8), to: new))
        #expect(String(decoding: result, as: UTF8.self) == test.expected)
        #expect(try JSONValue.parse(result).sameValue(as: new))
    }

    @Test("text that is not JSON is not rewritten")
    func notJSON() {
        #expect(JSONTextRewrite.rewrite(Array("{\"a\": ".utf8), to: .null) == nil)
    }
}
