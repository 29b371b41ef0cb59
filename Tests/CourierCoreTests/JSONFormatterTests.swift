import Foundation
import Testing

@testable import CourierCore

@Suite("JSON pretty printer")
struct JSONFormatterTests {
    private func pretty(_ text: String) throws -> String {
        String(decoding: try JSONFormatter().format(Array(text.utf8)), as: UTF8.self)
    }

    /// The error the printer reports for `bytes`, or nil when it accepts them.
    private func failure(_ bytes: [UInt8]) -> JSONSyntaxError? {
        do {
            _ = try JSONFormatter().format(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test(
        "formats documents changing whitespace only",
        arguments: [
            ("{}", "{}\n"),
            ("[]", "[]\n"),
            ("  42 ", "42\n"),
            ("\"text\"", "\"text\"\n"),
            ("null", "null\n"),
            ("{\"a\":1}", "{\n  \"a\": 1\n}\n"),
            ("[1,[],{},[2]]", "[\n  1,\n  [],\n  {},\n  [\n    2\n  ]\n]\n"),
            ("{\"b\":1,\"a\":2}", "{\n  \"b\": 1,\n  \"a\": 2\n}\n"),
            ("{\"a\":1,\"a\":2}", "{\n  \"a\": 1,\n  \"a\": 2\n}\n"),
            (
                "[1.50, 1e3, -0, 1E+2, 12345678901234567890123]",
                "[\n  1.50,\n  1e3,\n  -0,\n  1E+2,\n  12345678901234567890123\n]\n"
            ),
            ("[\"\\u00e9\\n\\\"\\/\", \"é😀中\"]", "[\n  \"\\u00e9\\n\\\"\\/\",\n  \"é😀中\"\n]\n"),
            (
                "{ \"k\" : { \"n\" : [ true , false , null ] } }",
                "{\n  \"k\": {\n    \"n\": [\n      true,\n      false,\n      null\n    ]\n  }\n}\n"
            ),
            ("\u{FEFF}{}", "{}\n"),
        ])
    func formats(input: String, expected: String) throws {
        #expect(try pretty(input) == expected)
    }

    @Test(
        "rejects invalid documents with line and column",
        arguments: [
            ("", "line 1, column 1: unexpected end of input, expected a value"),
            ("   ", "line 1, column 4: unexpected end of input, expected a value"),
            ("{", "line 1, column 2: unexpected end of input, expected a string key or '}'"),
            ("{\"a\" 1}", "line 1, column 6: expected ':' after the key, found '1'"),
            ("{\"a\":1,}", "line 1, column 8: expected a string key after ',', found '}'"),
            ("[1,]", "line 1, column 4: expected a value after ',', found ']'"),
            ("[1 2]", "line 1, column 4: expected ',' or ']' after an array element, found '2'"),
            ("{\"a\":1\n\"b\":2}", "line 2, column 1: expected ',' or '}' after an object member, found '\"'"),
            ("[01]", "line 1, column 3: numbers cannot have leading zeros"),
            ("[-]", "line 1, column 3: expected a digit after '-'"),
            ("[1.]", "line 1, column 4: expected a digit after '.'"),
            ("[1e]", "line 1, column 4: expected a digit in the exponent"),
            ("[tru]", "line 1, column 2: expected a value, found 't' (did you mean true?)"),
            ("[\"a\\x\"]", "line 1, column 4: invalid escape sequence \\x"),
            ("[\"\\u12\"]", "line 1, column 3: expected four hex digits after \\u"),
            ("[\"a\tb\"]", "line 1, column 4: control character 0x09 in a string must be escaped"),
            ("[\"abc", "line 1, column 2: unterminated string"),
            ("{} x", "line 1, column 4: unexpected 'x' after the JSON value"),
            ("[1] [2]", "line 1, column 5: unexpected '[' after the JSON value"),
            ("{\"é\": ?}", "line 1, column 7: expected a value, found '?'"),
            ("'a'", "line 1, column 1: expected a value, found '''"),
            ("NaN", "line 1, column 1: expected a value, found 'N'"),
        ])
    func rejects(input: String, message: String) {
        #expect(failure(Array(input.utf8))?.description == message)
    }

    @Test(
        "rejects invalid UTF-8 inside strings and stray bytes outside",
        arguments: [
            [UInt8]([0x22, 0xC3, 0x28, 0x22]),  // bad continuation
            [0x22, 0xC0, 0xAF, 0x22],  // overlong
            [0x22, 0xED, 0xA0, 0x80, 0x22],  // encoded surrogate
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // above U+10FFFF
            [0x22, 0xE2, 0x82],  // truncated
            [0x5B, 0xFF, 0x5D],  // not in a string
        ])
    func rejectsBadUTF8(bytes: [UInt8]) {
        #expect(throws: JSONSyntaxError.self) { try JSONFormatter().format(bytes) }
    }

    @Test("accepts lone surrogate escapes, keeping them byte for byte")
    func loneSurrogate() throws {
        #expect(try pretty("[\"\\ud800\", \"\\uDFFF\"]") == "[\n  \"\\ud800\",\n  \"\\uDFFF\"\n]\n")
    }

    @Test("deep nesting: 1,000 levels format; 100,000 levels fail cleanly without recursion")
    func deepNesting() throws {
        let deep = Array(repeating: UInt8(ascii: "["), count: 1000) + Array(repeating: UInt8(ascii: "]"), count: 1000)
        let output = try JSONFormatter().format(deep)
        #expect(output.filter { $0 == UInt8(ascii: "\n") }.count == 1999)
        let tooDeep =
            Array(repeating: UInt8(ascii: "["), count: 100_000) + Array(repeating: UInt8(ascii: "]"), count: 100_000)
        let error = failure(tooDeep)
        #expect(error?.reason == "nesting deeper than 1000 levels")
        #expect(error?.column == 1_001)
        let unclosed = Array(repeating: UInt8(ascii: "["), count: 100_000)
        #expect(throws: JSONSyntaxError.self) { try JSONFormatter().format(unclosed) }
    }

    @Test("columns count characters, not bytes")
    func columnsInCharacters() {
        let error = failure(Array("{\"ñandú\": x}".utf8))
        #expect(error?.line == 1)
        #expect(error?.column == 11)
    }

    @Test("re-formatting formatted output changes nothing")
    func idempotent() throws {
        let once = try pretty("{\"a\":[1,{\"b\":null}],\"c\":\"d\"}")
        #expect(try pretty(once) == once)
    }

    @Test("colour wraps tokens in ANSI sequences and keeps the text")
    func colours() throws {
        let colored = String(
            decoding: try JSONFormatter(style: .terminal).format(Array("{\"a\":1}".utf8)), as: UTF8.self)
        #expect(colored.contains("\u{1B}[34;1m\"a\"\u{1B}[0m"))
        #expect(
            colored.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
                == "{\n  \"a\": 1\n}\n")
    }
}
