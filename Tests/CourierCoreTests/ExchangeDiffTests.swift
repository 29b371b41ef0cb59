import Testing

@testable import CourierCore

@Suite("Comparing responses")
struct ExchangeDiffTests {
    private func json(_ text: String, status: Int = 200, headers: [HeaderField] = []) -> HTTPResponse {
        HTTPResponse(
            status: status, reason: "", headers: [HeaderField("Content-Type", "application/json")] + headers,
            body: Array(text.utf8))
    }

    @Test(
        "JSON bodies compare as values",
        arguments: [
            (#"{"a": 1, "b": 2}"#, #"{"b": 2, "a": 1}"#, [String]()),  // key order
            (#"{"n": 1.0}"#, #"{"n": 1}"#, []),  // numbers by value
            (#"{"n": 1e2}"#, #"{"n": 100}"#, []),
            (#"{"city": "Madrid"}"#, #"{"city": "Paris"}"#, [#"json city: "Madrid" | "Paris""#]),
            (#"{"items": [1, 2, 3]}"#, #"{"items": [1, 3]}"#, ["json items.1: 2 | 3", "json items.2: 3 | (missing)"]),
            (#"{"items": []}"#, #"{"items": [{"id": 4}]}"#, [#"json items.0: (missing) | {"id":4}"#]),
            (
                #"{"a": {"b": null}}"#, #"{"a": {"c": null}}"#,
                ["json a.b: null | (missing)", "json a.c: (missing) | null"]
            ),
            (#"{"a": [1]}"#, #"{"a": {"0": 1}}"#, [#"json a: [1] | {"0":1}"#]),
            (#"[1, "1"]"#, #"[1, 1]"#, [#"json 1: "1" | 1"#]),
            (#"true"#, #"false"#, ["json .: true | false"]),
        ])
    func values(left: String, right: String, expected: [String]) {
        let result = ExchangeDiff().compare(json(left), json(right))
        #expect(result.differences.map(\.description) == expected)
        #expect(result.isSame == expected.isEmpty)
    }

    @Test(
        "ignores: * matches any key or index, a path covers what is under it, headers by name",
        arguments: [
            (["json:items.*.updated_at"], ["header X-Version: 1 | 2"]),
            (["json:items"], ["header X-Version: 1 | 2"]),
            (["json:items.0.updated_at"], ["header X-Version: 1 | 2", "json items.1.updated_at: 3 | 4"]),
            (["header:x-version"], ["json items.0.updated_at: 1 | 2", "json items.1.updated_at: 3 | 4"]),
            ([], ["header X-Version: 1 | 2", "json items.0.updated_at: 1 | 2", "json items.1.updated_at: 3 | 4"]),
        ])
    func ignores(patterns: [String], expected: [String]) {
        let left = json(#"{"items": [{"updated_at": 1}, {"updated_at": 3}]}"#, headers: [HeaderField("X-Version", "1")])
        let right = json(
            #"{"items": [{"updated_at": 2}, {"updated_at": 4}]}"#, headers: [HeaderField("x-version", "2")])
        let ignores = patterns.compactMap { DiffIgnore($0) }
        #expect(ignores.count == patterns.count)
        #expect(ExchangeDiff(ignores: ignores).compare(left, right).differences.map(\.description) == expected)
    }

    @Test("status and headers: volatile ones left out unless asked, repeats joined, missing named")
    func headers() {
        let left = json(
            "{}", status: 200,
            headers: [
                HeaderField("Date", "Mon"), HeaderField("ETag", "\"a\""), HeaderField("Vary", "Accept"),
                HeaderField("Vary", "Origin"), HeaderField("X-Only-Left", "1"),
            ])
        let right = json(
            "{}", status: 404,
            headers: [HeaderField("date", "Tue"), HeaderField("ETag", "\"b\""), HeaderField("Vary", "Accept")])
        #expect(
            ExchangeDiff().compare(left, right).differences.map(\.description) == [
                "status: 200 | 404", "header Vary: Accept, Origin | Accept", "header X-Only-Left: 1 | (missing)",
            ])
        let all = ExchangeDiff(allHeaders: true).compare(left, right).differences.map(\.place)
        #expect(all == ["status", "header Date", "header ETag", "header Vary", "header X-Only-Left"])
    }

    @Test("bodies of different kinds are one line; text bodies get a unified diff")
    func kinds() {
        let html = HTTPResponse(
            status: 200, reason: "", headers: [HeaderField("Content-Type", "text/html")], body: Array("<p>hi</p>".utf8))
        #expect(
            ExchangeDiff().compare(json("{}"), html).differences.map(\.description) == [
                "header Content-Type: application/json | text/html", "body: JSON | not JSON (text/html)",
            ])
        let a = HTTPResponse(status: 200, reason: "", body: Array("one\ntwo\nthree\n".utf8))
        let b = HTTPResponse(status: 200, reason: "", body: Array("one\n2\nthree\n".utf8))
        let result = ExchangeDiff().compare(a, b)
        #expect(result.differences.isEmpty)
        #expect(result.bodyLines == ["@@ -1,4 +1,4 @@", " one", "-two", "+2", " three", " "])
        #expect(ExchangeDiff().compare(a, a).isSame)
    }

    @Test(
        "masked, two different secrets read alike: one line says the secret differs; other differences stay two-sided",
        arguments: [
            (
                Difference(place: "json token", left: "\"tok-1\"", right: "\"tok-2\""),
                "json token: \"••••••\" (secret differs)"
            ),
            (Difference(place: "json token", left: "\"tok-1\"", right: "\"x\""), "json token: \"••••••\" | \"x\""),
            (
                Difference(place: "header A", left: "Bearer tok-1", right: "Basic tok-2"),
                "header A: Bearer •••••• | Basic ••••••"
            ),
            (Difference(place: "status", left: "200", right: "404"), "status: 200 | 404"),
        ])
    func maskedSecrets(difference: Difference, shown: String) {
        #expect(difference.masked { SecretMask.apply($0, hiding: ["tok-1", "tok-2"]) }.description == shown)
    }

    @Test("binary bodies: kinds and sizes, then 16 bytes of each in hex where they part; never raw bytes")
    func binaryBodies() {
        let png: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 20) + [0x1B, 0x5B]
        var other = png
        other[18] = 0xFF
        let cases: [([UInt8], [UInt8], [String])] = [
            (
                png, other,
                [
                    "body: binary, 30 B | binary, 30 B",
                    "body bytes from 16 (first difference at 18): 00 00 00 00 00 00 00 00 00 00 00 00 1b 5b"
                        + " | 00 00 ff 00 00 00 00 00 00 00 00 00 1b 5b",
                ]
            ),
            (
                png, Array(png.prefix(10)),
                [
                    "body: binary, 30 B | binary, 10 B",
                    "body bytes from 0 (first difference at 10): 89 50 4e 47 0d 0a 1a 0a 00 00 00 00 00 00 00 00"
                        + " | 89 50 4e 47 0d 0a 1a 0a 00 00",
                ]
            ),
            (
                Array("hello".utf8), png,
                [
                    "body: text, 5 B | binary, 30 B",
                    "body bytes from 0 (first difference at 0): 68 65 6c 6c 6f | 89 50 4e 47 0d 0a 1a 0a 00 00 00 00 00 00 00 00",
                ]
            ),
        ]
        for (left, right, expected) in cases {
            let result = ExchangeDiff().compare(
                HTTPResponse(status: 200, reason: "", body: left), HTTPResponse(status: 200, reason: "", body: right))
            #expect(result.differences.map(\.description) == expected)
            #expect(result.bodyLines.isEmpty)
            #expect(!result.differences.map(\.description).joined().contains("\u{1B}"))
        }
        #expect(
            ExchangeDiff().compare(
                HTTPResponse(status: 200, reason: "", body: png), HTTPResponse(status: 200, reason: "", body: png)
            ).isSame)
    }

    @Test(
        "the line diff matches diff -u",
        arguments: [
            ("a\nb\nc", "a\nb\nc\nd", ["@@ -1,3 +1,4 @@", " a", " b", " c", "+d"]),
            ("x\na\nb", "a\nb", ["@@ -1,3 +1,2 @@", "-x", " a", " b"]),
            ("", "a", ["@@ -1,1 +1,1 @@", "-", "+a"]),
            (
                "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12", "1\nX\n3\n4\n5\n6\n7\n8\n9\n10\nY\n12",
                [
                    "@@ -1,5 +1,5 @@", " 1", "-2", "+X", " 3", " 4", " 5", "@@ -8,5 +8,5 @@", " 8", " 9", " 10", "-11",
                    "+Y", " 12",
                ]
            ),
        ])
    func lineDiff(left: String, right: String, expected: [String]) {
        #expect(LineDiff.unified(left, right) == expected)
    }

    @Test("past the edit limit, bodies are reported different without the work")
    func tooManyEdits() {
        let left = (0..<3000).map { "a\($0)" }.joined(separator: "\n")
        let right = (0..<3000).map { "b\($0)" }.joined(separator: "\n")
        #expect(LineDiff.unified(left, right) == ["@@ bodies differ in more than 2000 lines @@"])
    }
}
