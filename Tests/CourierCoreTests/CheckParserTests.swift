import Testing

@testable import CourierCore

@Suite("Check grammar")
struct CheckParserTests {
    @Test(
        "every query, predicate, count and not parse to their parts",
        arguments: [
            ("status == 200", Check(query: .status, predicate: .equal, value: .number("200"))),
            ("status==200", Check(query: .status, predicate: .equal, value: .number("200"))),
            ("status != 500", Check(query: .status, predicate: .notEqual, value: .number("500"))),
            ("status < 400", Check(query: .status, predicate: .less, value: .number("400"))),
            ("status <= 399", Check(query: .status, predicate: .lessOrEqual, value: .number("399"))),
            ("duration > 0", Check(query: .duration, predicate: .greater, value: .number("0"))),
            ("bytes >= 1.5", Check(query: .bytes, predicate: .greaterOrEqual, value: .number("1.5"))),
            (
                "header Content-Type contains \"json\"",
                Check(query: .header("Content-Type"), predicate: .contains, value: .string("json"))
            ),
            ("body startsWith \"Hello\"", Check(query: .body, predicate: .startsWith, value: .string("Hello"))),
            ("body endsWith \"\\n\"", Check(query: .body, predicate: .endsWith, value: .string("\n"))),
            (
                "json name matches \"^[A-Z]\"",
                Check(query: .json(JSONPath("name")), predicate: .matches, value: .string("^[A-Z]"))
            ),
            (
                "json items count >= 1",
                Check(query: .json(JSONPath("items")), count: true, predicate: .greaterOrEqual, value: .number("1"))
            ),
            (
                "json deleted_at not exists",
                Check(query: .json(JSONPath("deleted_at")), negated: true, predicate: .exists)
            ),
            ("json . isArray", Check(query: .json(JSONPath("")), predicate: .isArray)),
            ("json a.0 isEmpty", Check(query: .json(JSONPath("a.0")), predicate: .isEmpty)),
            ("json a isString", Check(query: .json(JSONPath("a")), predicate: .isString)),
            ("json a isNumber", Check(query: .json(JSONPath("a")), predicate: .isNumber)),
            ("json a isInteger", Check(query: .json(JSONPath("a")), predicate: .isInteger)),
            ("json a isBoolean", Check(query: .json(JSONPath("a")), predicate: .isBoolean)),
            ("json a not isNull", Check(query: .json(JSONPath("a")), negated: true, predicate: .isNull)),
            ("json a isObject", Check(query: .json(JSONPath("a")), predicate: .isObject)),
            (
                "json roles contains {\"id\": 1}",
                Check(
                    query: .json(JSONPath("roles")), predicate: .contains,
                    value: .object([JSONMember("id", .number("1"))]))
            ),
            (
                "json address.city == \"{{city}}\"",
                Check(query: .json(JSONPath("address.city")), predicate: .equal, value: .string("{{city}}"))
            ),
            (
                "json tags count not == 0",
                Check(
                    query: .json(JSONPath("tags")), count: true, negated: true, predicate: .equal, value: .number("0"))
            ),
            ("  status   ==   null  ", Check(query: .status, predicate: .equal, value: .null)),
        ])
    func parses(line: String, expected: Check) throws {
        var check = try CheckParser.check(line)
        #expect(check.source == line)
        check.source = expected.source
        #expect(check == expected)
    }

    @Test(
        "a line that cannot be read names its column and the fix",
        arguments: [
            (
                "", 1,
                "empty; expected a query (status, header, json, body, duration, bytes, certificate, message, close)"
            ),
            ("stauts == 200", 1, "unknown query 'stauts'; did you mean 'status'?"),
            (
                "status", 7,
                "a predicate is missing (== != < <= > >= contains startsWith endsWith matches exists isEmpty isString isNumber isInteger isBoolean isNull isArray isObject)"
            ),
            ("status equals 200", 8, "unknown predicate 'equals'; did you mean '=='?"),
            ("json a regex \"x\"", 8, "unknown predicate 'regex'; did you mean 'matches'?"),
            ("json a isstring", 8, "unknown predicate 'isstring'; did you mean 'isString'?"),
            ("status 200", 8, "unknown predicate '200'"),
            ("status ==", 10, "== needs a value (a JSON literal: 200, \"text\")"),
            ("header Content-Type contains json", 30, "'json' is not a JSON value; strings need quotes: \"json\""),
            ("json a == {\"x\": }", 11, "'{\"x\": }' is not a JSON value (expected a value, found '}')"),
            ("json a < \"5\"", 10, "< compares numbers; \"5\" is a string"),
            ("json a < true", 10, "< compares numbers; true is not one"),
            ("json a exists 1", 15, "exists takes no value"),
            ("json a matches \"([a-z\"", 16, "the pattern does not compile"),
            ("json a startsWith 5", 19, "startsWith needs a string in quotes"),
            ("status count == 1", 8, "count applies to json, header or body, not status"),
            ("json a count contains 1", 14, "count is compared with ==, !=, <, <=, > or >="),
            ("json", 5, "json needs a path (e.g. items.0.id, or . for the whole body)"),
            ("header", 7, "header needs a name"),
            ("header Bad:Name exists", 8, "'Bad:Name' is not a header name"),
        ])
    func errors(line: String, column: Int, message: String) {
        #expect(throws: CheckSyntaxError.self) { try CheckParser.check(line) }
        do {
            _ = try CheckParser.check(line)
        } catch {
            #expect(error.column == column)
            #expect(error.message.hasPrefix(message), "\(error.message)")
        }
    }

    @Test("captures are a query, optionally counted, and nothing else")
    func captures() throws {
        #expect(
            try CheckParser.capture(named: "token", "json access_token")
                == Capture(name: "token", query: .json(JSONPath("access_token"))))
        #expect(try CheckParser.capture(named: "n", "json items count").count)
        #expect(try CheckParser.capture(named: "s", "header X-Session").query == .header("X-Session"))
        #expect(
            throws: CheckSyntaxError(
                column: 13, "a capture is a query only (e.g. \"json access_token\"); unexpected '== 1'")
        ) {
            try CheckParser.capture(named: "x", "json access == 1")
        }
        #expect(throws: CheckSyntaxError(column: 8, "count applies to json, header or body, not status")) {
            try CheckParser.capture(named: "x", "status count")
        }
    }

    @Test("globs in runs match any run of characters, dots included")
    func globs() {
        #expect(NamedRun.matches("users.*", "users.show"))
        #expect(NamedRun.matches("users.*", "users.posts.index"))
        #expect(NamedRun.matches("*.index", "users.index"))
        #expect(NamedRun.matches("u*s.*w", "users.show"))
        #expect(NamedRun.matches("*", "anything"))
        #expect(!NamedRun.matches("users.*", "posts.index"))
        #expect(!NamedRun.matches("users.show", "users.shows"))
        #expect(!NamedRun.matches("a*a", "a"))
    }

    @Test("a space is Unicode's White_Space, for every ASCII scalar and the other spaces")
    func spaces() {
        let others: [UInt32] = [
            0x85, 0xA0, 0x1680, 0x2000, 0x200A, 0x200B, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xE9,
        ]
        for value in Array(0..<0x80) + others {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(CheckParser.isSpace(scalar) == scalar.properties.isWhitespace, "U+\(String(value, radix: 16))")
        }
    }
}
