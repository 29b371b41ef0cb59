import Testing

@testable import CourierCore

@Suite("Check evaluation")
struct CheckEvaluatorTests {
    static let body = """
        {"id":42,"name":"Pablo","address":{"city":"Madrid"},"roles":["admin","qa"],"tags":[],"deleted_at":null,\
        "score":1.0,"ok":true,"nested":{"a":1,"b":[1,2]},"text":""}
        """
    static let response = HTTPResponse(
        status: 200, reason: "OK",
        headers: [
            HeaderField("Content-Type", "application/json; charset=utf-8"), HeaderField("Set-Cookie", "a=1"),
            HeaderField("set-cookie", "b=2"),
        ],
        body: Array(body.utf8), totalTime: 0.1234)
    let evaluator = CheckEvaluator(
        response: response, context: TemplateContext(environment: ["city": "Madrid", "other": "Paris"]))

    private func result(_ line: String) throws -> CheckResult {
        try evaluator.evaluate(CheckParser.check(line))
    }

    @Test(
        "each predicate holds or fails as DESIGN §6 says",
        arguments: [
            ("status == 200", true), ("status == \"200\"", false), ("status != 201", true), ("status < 400", true),
            ("status >= 300", false), ("duration == 123", true), ("duration < 1000", true),
            ("bytes == \(body.utf8.count)", true),
            ("header content-type contains \"json\"", true), ("header Set-Cookie == \"a=1, b=2\"", true),
            ("header X-Missing not exists", true), ("header X-Missing exists", false),
            ("json id == 42", true), ("json id == 42.0", true), ("json score == 1", true), ("json id == \"42\"", false),
            ("json name == \"Pablo\"", true), ("json name != \"Pablo\"", false),
            ("json address.city == \"{{city}}\"", true), ("json address.city == \"{{other}}\"", false),
            ("json address == {\"city\": \"Madrid\"}", true),
            ("json nested == {\"b\": [1, 2], \"a\": 1.0}", true), ("json nested == {\"b\": [2, 1], \"a\": 1}", false),
            ("json roles contains \"qa\"", true), ("json roles contains \"ops\"", false),
            ("json roles not contains \"ops\"", true), ("json name contains \"abl\"", true),
            ("json name startsWith \"Pa\"", true), ("json name endsWith \"lo\"", true),
            ("json name matches \"^P.b\"", true), ("json name matches \"^ablo\"", false),
            ("json name matches \"ablo$\"", true),
            ("json roles count == 2", true), ("json roles count >= 1", true), ("json tags count == 0", true),
            ("json name count == 5", true), ("json address count == 1", true),
            ("json tags isEmpty", true), ("json text isEmpty", true), ("json roles isEmpty", false),
            ("json roles not isEmpty", true),
            ("json deleted_at exists", true), ("json deleted_at isNull", true), ("json missing not exists", true),
            ("json missing exists", false), ("json name isString", true), ("json id isNumber", true),
            ("json id isInteger", true), ("json score isInteger", false), ("json score isNumber", true),
            ("json ok isBoolean", true), ("json ok == true", true), ("json roles isArray", true),
            ("json address isObject", true), ("json address isArray", false), ("json . isObject", true),
            ("body contains \"Pablo\"", true), ("body startsWith \"{\"", true),
        ])
    func predicates(line: String, passes: Bool) throws {
        let outcome = try result(line)
        #expect(outcome.passed == passes, "\(outcome.line)")
        #expect((outcome.message == nil) == passes)
    }

    @Test(
        "a failure says what came instead",
        arguments: [
            ("json address.city == \"{{other}}\"", "json address.city == \"{{other}}\": got \"Madrid\""),
            ("json address.zip == 1", "json address.zip == 1: json address.zip not found (deepest: address)"),
            ("json roles.x == 1", "json roles.x == 1: json roles.x not found (deepest: roles)"),
            ("json nope count >= 1", "json nope count >= 1: json nope not found"),
            ("json id count == 1", "json id count == 1: count needs an array, object or string, got 42"),
            ("json name < 5", "json name < 5: < compares numbers, got \"Pablo\""),
            ("json id contains 4", "json id contains 4: contains needs a string or an array, got 42"),
            ("json id startsWith \"4\"", "json id startsWith \"4\": startsWith needs a string, got 42"),
            ("json id isEmpty", "json id isEmpty: isEmpty needs a string, array or object, got 42"),
            ("json roles count >= 3", "json roles count >= 3: got 2"),
            ("header X-Id == \"7\"", "header X-Id == \"7\": header X-Id not found"),
            ("json id == \"{{nope}}\"", "json id == \"{{nope}}\": unknown variable '{{nope}}'"),
            ("status == 201", "status == 201: got 200"),
        ])
    func failures(line: String, expected: String) throws {
        let outcome = try result(line)
        #expect(!outcome.passed)
        #expect(outcome.line.hasPrefix(expected), "\(outcome.line)")
    }

    @Test("expected and actual are kept for reports, templates resolved")
    func expectedAndActual() throws {
        let outcome = try result("json address.city not == \"{{city}}\"")
        #expect(outcome.expected == "not == \"Madrid\"" && outcome.actual == "\"Madrid\"" && !outcome.passed)
    }

    @Test("json checks on a body that is not JSON fail with a reason instead of crashing")
    func notJSON() throws {
        for body in ["<html>oops</html>", "", "{\"a\": 1", "\u{FF}\u{FE}"] {
            let evaluator = CheckEvaluator(response: HTTPResponse(status: 200, reason: "OK", body: Array(body.utf8)))
            let outcome = evaluator.evaluate(try CheckParser.check("json a exists"))
            #expect(!outcome.passed && outcome.message?.contains("not JSON") == true, "\(body): \(outcome.line)")
        }
        let invalid = CheckEvaluator(response: HTTPResponse(status: 200, reason: "OK", body: [0x22, 0xFF, 0x22]))
        #expect(invalid.evaluate(try CheckParser.check("body isString")).passed)
    }

    @Test("without checks: status below 400, and a JSON body must parse; [] means none")
    func implicitCheck() {
        #expect(evaluator.evaluate(nil).map(\.line) == ["status < 400", "body is valid JSON"])
        let implicit = evaluator.evaluate(nil)
        #expect(implicit.allSatisfy { $0.passed })
        let broken = CheckEvaluator(
            response: HTTPResponse(
                status: 404, reason: "Not Found", headers: [HeaderField("Content-Type", "application/json")],
                body: Array("{\"a\":".utf8)))
        #expect(broken.evaluate(nil).map(\.passed) == [false, false])
        #expect(broken.evaluate(nil).first?.line == "status < 400: got 404")
        let text = CheckEvaluator(response: HTTPResponse(status: 200, reason: "OK", body: Array("hi".utf8)))
        #expect(text.evaluate(nil).map(\.line) == ["status < 400"])
        #expect(evaluator.evaluate([]).isEmpty)
    }

    @Test(
        "NDJSON and JSON text sequences pass the implicit check when every record is JSON",
        arguments: [
            ("application/x-ndjson", "{\"a\":1}\n{\"a\":2}\n", nil),
            ("application/x-ndjson; charset=utf-8", "{\"a\":1}\r\n\r\n[2]\r\n", nil),
            ("application/jsonl", "1\n\"two\"\nnull", nil),
            ("application/x-ndjson", "{\"a\":1}\n{\"a\":\n", "record 2 (line 2) is not JSON"),
            ("application/x-ndjson", "{}\n\n{} {}\n", "record 2 (line 3) is not JSON"),
            ("application/json-seq", "\u{1E}{\"a\":1}\n\u{1E}\n[1,2]\n", nil),
            ("application/json-seq", "\u{1E}{\"a\":1}\n\u{1E}\n{\n", "record 2 (line 3) is not JSON"),
            ("application/json", "{\"a\":1}\n{\"a\":2}\n", "body is not JSON"),
        ] as [(String, String, String?)])
    func jsonSequences(type: String, body: String, problem: String?) throws {
        let evaluator = CheckEvaluator(
            response: HTTPResponse(
                status: 200, reason: "OK", headers: [HeaderField("Content-Type", type)], body: Array(body.utf8)))
        let implicit = try #require(evaluator.evaluate(nil).last)
        #expect(implicit.passed == (problem == nil), "\(implicit.line)")
        if let problem { #expect(implicit.message?.hasPrefix(problem) == true, "\(implicit.line)") }
        #expect(JSONSequence.isSequence(contentType: type) == (type != "application/json"))
    }

    @Test("a body saved to a file is not read back: body queries fail and say why, status and bytes still work")
    func spilledBody() throws {
        let evaluator = CheckEvaluator(
            response: HTTPResponse(
                status: 200, reason: "OK", headers: [HeaderField("Content-Type", "application/json")],
                bodyFile: "/nonexistent/courier-body", bodySize: 3 << 30))
        #expect(evaluator.evaluate(nil).map(\.line) == ["status < 400"])
        let reason = "the body (3.0 GB) is over the in-memory limit and saved to a file; not checked"
        #expect(evaluator.evaluate(try CheckParser.check("json a exists")).message == reason)
        #expect(evaluator.evaluate(try CheckParser.check("body contains \"a\"")).message == reason)
        #expect(evaluator.evaluate(try CheckParser.check("bytes > 1000000")).passed)
    }

    @Test("captures keep strings unquoted and other JSON as text; a miss is a failed check")
    func captures() throws {
        func capture(_ line: String) throws -> (String?, CheckResult) {
            evaluator.capture(try CheckParser.capture(named: "v", line))
        }
        #expect(try capture("json name").0 == "Pablo")
        #expect(try capture("json id").0 == "42")
        #expect(try capture("json address").0 == "{\"city\":\"Madrid\"}")
        #expect(try capture("json roles count").0 == "2")
        #expect(try capture("header content-type").0 == "application/json; charset=utf-8")
        #expect(try capture("json name").1 == CheckResult(check: "capture v", passed: true))
        let missed = try capture("json token")
        #expect(missed.0 == nil && missed.1.line == "capture v: json token not found")
    }
}
