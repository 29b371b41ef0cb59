import Testing

@testable import CourierCore

@Suite("Templates and path parameters")
struct TemplateTests {
    let context = TemplateContext(
        overrides: ["city": "Barcelona"],
        environment: [
            "city": "Madrid", "token": "${TOKEN}", "greeting": "hi {{name}}", "name": "Ada", "loop": "{{loop}}",
        ],
        workspace: ["name": "Shadowed", "version": "v2"],
        processEnvironment: ["TOKEN": "s3cret", "EMPTY": ""]
    )

    @Test(
        "renders variables in lookup order and the process environment",
        arguments: [
            ("plain", "plain"),
            ("{{city}}", "Barcelona"),
            ("{{ version }}/x", "v2/x"),
            ("{{token}}", "s3cret"),
            ("{{greeting}}!", "hi Ada!"),
            ("${TOKEN}", "s3cret"),
            ("${MISSING:-fallback}", "fallback"),
            ("${EMPTY:-used when empty}", "used when empty"),
            ("a {{name}} b ${TOKEN} c", "a Ada b s3cret c"),
        ])
    func renders(text: String, expected: String) throws {
        #expect(try Template.render(text, in: context) == expected)
    }

    @Test(
        "reports problems naming the variable",
        arguments: [
            ("{{cty}}", RequestError.unknownVariable("cty", suggestion: "city")),
            ("{{zzzzzzzz}}", .unknownVariable("zzzzzzzz", suggestion: nil)),
            ("${NOT_SET}", .unsetProcessVariable("NOT_SET")),
            ("{{open", .unterminatedTemplate("{{open")),
            ("{{loop}}", .variableCycle("loop")),
        ])
    func fails(text: String, error: RequestError) {
        #expect(throws: error) { try Template.render(text, in: context) }
    }

    @Test(
        "one scanner parses every placeholder kind into segments",
        arguments: [
            ("plain", [Template.Segment.literal("plain")], true),
            ("{{ city }}", [.variable("city")], true),
            ("{{\tcity\t}}/x", [.variable("city"), .literal("/x")], true),
            ("a${HOME}b", [.literal("a"), .processVariable("HOME", fallback: nil), .literal("b")], true),
            ("${PORT:-4010}", [.processVariable("PORT", fallback: "4010")], true),
            ("${PORT:-}", [.processVariable("PORT", fallback: "")], true),
            ("Zürich {{ä}}", [.literal("Zürich "), .variable("ä")], true),
            ("x {{open", [.literal("x {{open")], false),
            ("${OPEN", [.literal("${OPEN")], false),
            ("{single}", [.literal("{single}")], true),
            (#"Dear \{{name}}, {{city}}"#, [.literal("Dear {{name}}, "), .variable("city")], true),
            (#"\{{ alone"#, [.literal("{{ alone")], true),
            (#"a\{b"#, [.literal(#"a\{b"#)], true),
        ])
    func segments(text: String, segments: [Template.Segment], terminated: Bool) {
        let template = Template(text)
        #expect(template.segments == segments)
        #expect(template.isTerminated == terminated)
    }

    @Test("the form's unknown-variable check and rendering read names the same way")
    func namesAgree() throws {
        let text = "{{ city }} and {{\tname }} and ${TOKEN}"
        #expect(Template.variableNames(in: text) == ["city", "name"])
        #expect(try Template.render(text, in: context) == "Barcelona and Ada and s3cret")
        #expect(Template.variableNames(in: "no braces") == [])
    }

    @Test("error messages read as sentences")
    func messages() {
        #expect(
            RequestError.unknownVariable("cty", suggestion: "city").description
                == "unknown variable '{{cty}}'; did you mean '{{city}}'?")
        #expect(
            RequestError.unsetProcessVariable("STAGING_TOKEN").description
                == "environment variable STAGING_TOKEN is not set (export it, or write ${STAGING_TOKEN:-default})")
    }

    @Test(
        "path templates find :name and {name} parameters, not {{variables}}",
        arguments: [
            ("/users", [String]()),
            ("/users/:id", ["id"]),
            ("/users/{id}", ["id"]),
            ("/posts/:post_id/comments/:id", ["post_id", "id"]),
            ("/{{version}}/users/{id}", ["id"]),
            ("/a/:x/b/:x", ["x"]),
            ("/time/10:30", []),
            ("/${API_VERSION:-v1}/users/:id", ["id"]),  // a process variable is not a {name} parameter
            ("/{{ tenant }}:id", []),  // ':' after a placeholder is not at a segment start
            ("/files/{path}/:rev", ["path", "rev"]),
        ])
    func pathParameters(path: String, names: [String]) {
        #expect(PathTemplate(path).parameterNames == names)
    }

    @Test(
        "percent-encoding keeps values inside their segment",
        arguments: [
            ("a b/c?d#e%", "a%20b%2Fc%3Fd%23e%25", "a%20b%2Fc%3Fd%23e%25"),
            ("Zürich", "Z%C3%BCrich", "Z%C3%BCrich"),
            ("x=1&y", "x=1&y", "x%3D1%26y"),
        ])
    func percentEncoding(raw: String, segment: String, query: String) {
        #expect(PercentEncoding.pathSegment(raw) == segment)
        #expect(PercentEncoding.queryComponent(raw) == query)
    }

    @Test(
        "suggestions only for plausible typos",
        arguments: [
            ("develop", ["development", "production"], "development" as String?),
            ("prodution", ["development", "production"], "production"),
            ("xyz", ["development", "production"], nil),
            ("users.indx", ["users.index", "users.show"], "users.index"),
        ])
    func suggestions(name: String, candidates: [String], expected: String?) {
        #expect(NameSuggester.closest(to: name, in: candidates) == expected)
    }

    @Test("variables that double each other stop at 16 MB, naming where; 2^40 copies are refused at once")
    func doubling() throws {
        // v0 = "xxxxxxxx", v(n) = {{v(n-1)}}{{v(n-1)}}: v40 would be 8 TB.
        var variables = ["v0": "xxxxxxxx"]
        for level in 1...40 { variables["v\(level)"] = "{{v\(level - 1)}}{{v\(level - 1)}}" }
        var context = TemplateContext(overrides: [:], environment: variables, workspace: [:], processEnvironment: [:])
        #expect(context.maxRendered == 16 << 20)
        // A smaller limit, so the test stays quick under the thread sanitizer; the rule is the same.
        context.maxRendered = 64 << 10
        #expect(throws: RequestError.renderedTooLarge("v13", limit: 64 << 10)) {
            try Template.render("{{v40}}", in: context)
        }
        #expect(try Template.render("{{v3}}", in: context).count == 64)
    }
}
