import Testing

@testable import CourierCore

/// A value source that answers from a table and counts what it was asked.
final class TableSource: SendValueSource, @unchecked Sendable {
    let table: [SendNeed: String]
    private(set) var asked: [SendNeed] = []
    init(_ table: [SendNeed: String]) { self.table = table }
    func value(for need: SendNeed) throws(RequestError) -> String? {
        asked.append(need)
        guard let value = table[need] else { throw .valueFailed(need, reason: "no such thing") }
        return value
    }
    var secretValues: [String] { table.compactMap { $0.key.isSecret ? $0.value : nil } }
}

@Suite("Values made at send time ({{$uuid}}, {{$now}}, …)")
struct TemplateFunctionTests {
    /// 2026-11-28T15:32:11.5Z.
    static let draw = SendDraw(key0: 1, key1: 2, time: 1_795_879_931.5)

    var context: TemplateContext {
        var context = TemplateContext(environment: ["user": "ada", "password": "p\"a}}ss", "id": "{{$uuid}}"])
        context.draw = Self.draw
        return context
    }

    @Test("SipHash-2-4 gives the reference implementation's vectors")
    func sipHash() {
        let key0: UInt64 = 0x0706_0504_0302_0100
        let key1: UInt64 = 0x0f0e_0d0c_0b0a_0908
        #expect(SipHash.hash([UInt8](), key0: key0, key1: key1) == 0x726f_db47_dd0e_0e31)
        #expect(SipHash.hash([0], key0: key0, key1: key1) == 0x74f8_39c5_93dc_67fd)
        #expect(SipHash.hash(Array(0..<15), key0: key0, key1: key1) == 0xa129_ca61_49be_45e5)
    }

    @Test(
        "makes each function's value",
        arguments: [
            ("{{$now}}", "2026-11-28T15:32:11Z"),
            ("{{ $now iso8601 }}", "2026-11-28T15:32:11Z"),
            ("{{$now \"unix\"}}", "1795879931"),
            ("{{$now unix_ms}}", "1795879931500"),
            ("{{$now \"+1h\" \"unix\"}}", "1795883531"),
            ("{{$now unix -2d}}", "1795707131"),
            ("{{$now http}}", "Sat, 28 Nov 2026 15:32:11 GMT"),
            ("{{$now date}}", "2026-11-28"),
            ("{{$base64 \"{{user}}:{{password}}\"}}", "YWRhOnAiYX19c3M="),
            ("{{$base64 \"a \\\"quoted\\\" }} word\"}}", "YSAicXVvdGVkIiB9fSB3b3Jk"),
            ("x{{$random.int 7 7}}y", "x7y"),
            // Postman's and the JetBrains client's names.
            ("{{$timestamp}}", "1795879931"),
            ("{{$isoTimestamp}}", "2026-11-28T15:32:11Z"),
        ])
    func makes(text: String, expected: String) throws {
        #expect(try Template.render(text, in: context) == expected)
    }

    @Test("UUIDs have their version and variant, v7 the time first; random values keep to their bounds")
    func shapes() throws {
        let v4 = try Template.render("{{$uuid}}", in: context)
        #expect(v4.count == 36)
        #expect(Array(v4)[14] == "4")
        #expect("89ab".contains(Array(v4)[19]))
        let v7 = try Template.render("{{$uuid7}}", in: context)
        #expect(v7.hasPrefix("01a222c9-0e6c-7"))  // 1795879931500 ms is 0x01a222c90e6c in 48 bits
        for place in 0..<200 {
            var local = context
            local.place = String(place)
            let number = try #require(Int(try Template.render("{{$random.int -3 3}}", in: local)))
            #expect((-3...3).contains(number))
            let hex = try Template.render("{{$random.hex 5}}", in: local)
            #expect(hex.count == 5 && hex.allSatisfy(\.isHexDigit))
        }
        #expect(try Template.render("{{$random.hex}}", in: context).count == 16)
        for alias in ["{{$guid}}", "{{$randomUUID}}", "{{$random.uuid}}"] {
            #expect(try Template.render(alias, in: context).count == 36)
        }
        #expect((0...1000).contains(Int(try Template.render("{{$randomInt}}", in: context)) ?? -1))
        #expect(try Template.render("{{$random.int -9223372036854775808 9223372036854775807}}", in: context) != "")
    }

    @Test("one draw gives the same request twice; two placeholders, two places or two draws differ")
    func sameAndDifferent() throws {
        let twice = try Template.render("{{$uuid}} {{$uuid}}", in: context).split(separator: " ")
        #expect(twice[0] != twice[1])
        let nested = try Template.render("{{$base64 \"{{$uuid}}\"}} {{$base64 \"{{$uuid}}\"}}", in: context)
        let halves = nested.split(separator: " ")
        #expect(halves.count == 2 && halves[0] != halves[1])
        #expect(try Template.render("{{$uuid}}", in: context) == Template.render("{{$uuid}}", in: context))
        var elsewhere = context
        elsewhere.place = "header.X"
        #expect(try Template.render("{{$uuid}}", in: context) != Template.render("{{$uuid}}", in: elsewhere))
        var redrawn = context
        redrawn.draw = SendDraw(key0: 1, key1: 3, time: Self.draw.time)
        #expect(try Template.render("{{$uuid}}", in: context) != Template.render("{{$uuid}}", in: redrawn))
        // Through a variable, once per use of the variable, as variables are expanded once.
        let viaVariable = try Template.render("{{id}}/{{id}}", in: context).split(separator: "/")
        #expect(viaVariable[0] == viaVariable[1])
        // Without a draw, each render draws its own.
        var undrawn = context
        undrawn.draw = nil
        #expect(try Template.render("{{$uuid}}", in: undrawn) != Template.render("{{$uuid}}", in: undrawn))
    }

    @Test("fresh draws, from one process key and a count, are all different, each bit set in about half")
    func freshDraws() {
        let draws = (0..<10_000).map { _ in SendDraw.fresh() }
        #expect(Set(draws.map(\.key0)).count == draws.count)
        #expect(Set(draws.map(\.key1)).count == draws.count)
        // Each bit of the key set in about half the draws, as from a random source.
        for bit in 0..<64 {
            let set = draws.filter { $0.key0 >> UInt64(bit) & 1 == 1 }.count
            #expect((4_500...5_500).contains(set), "bit \(bit): \(set)")
        }
    }

    @Test(
        "a bad placeholder is one line naming it",
        arguments: [
            ("{{$uuidd}}", "{{$uuidd}}: unknown function $uuidd (did you mean $uuid? known: $base64, $command,"),
            ("{{$uuid 4}}", "{{$uuid 4}}: $uuid takes no arguments"),
            ("{{$random.int 5 1}}", "{{$random.int 5 1}}: the low number 5 is above the high 1"),
            ("{{$random.int a b}}", "{{$random.int a b}}: $random.int takes whole numbers"),
            ("{{$random.int 5}}", "{{$random.int 5}}: $random.int takes a low and a high number"),
            ("{{$random.hex 0}}", "{{$random.hex 0}}: $random.hex takes 1 to 4096 digits"),
            ("{{$now tomorrow}}", "{{$now tomorrow}}: 'tomorrow' is neither an offset"),
            ("{{$base64}}", "{{$base64}}: $base64 takes one quoted argument"),
            ("{{$base64 \"open}}", "unterminated template in '{{$base64 \"open}}'"),
            ("{{$file \"{{nope}}\"}}", "unknown variable '{{nope}}'"),
            ("{{$prompt \"OTP\"}}", "{{$prompt \"OTP\"}} needs a value and there is no one to ask"),
        ])
    func problems(text: String, message: String) {
        #expect(throws: RequestError.self) { try Template.render(text, in: context) }
        do {
            _ = try Template.render(text, in: context)
        } catch {
            #expect(error.description.hasPrefix(message), "\(error.description)")
        }
    }

    @Test("outside values come from the answers first, then the source; variables in arguments count")
    func outside() throws {
        var local = context
        let source = TableSource([.file("a.txt"): "from disk", .command("pass show x"): "t0ken"])
        local.source = SendValueSourceBox(source)
        local.answers = [.prompt("OTP"): "123456"]
        #expect(try Template.render("{{$prompt \"OTP\"}}", in: local) == "123456")
        #expect(try Template.render("{{$file \"a.txt\"}}", in: local) == "from disk")
        #expect(try Template.render("{{$command \"pass show x\"}}", in: local) == "t0ken")
        #expect(source.asked == [.file("a.txt"), .command("pass show x")])
        #expect(throws: RequestError.valueFailed(.file("b"), reason: "no such thing")) {
            try Template.render("{{$file \"b\"}}", in: local)
        }
        #expect(
            Template("{{$base64 \"{{user}}:{{password}}\"}} {{other}}").variableNames == ["user", "password", "other"])
        #expect(SendNeed.command("say \"hi\"").description == "{{$command \"say \\\"hi\\\"\"}}")
    }
}

@Suite("Made values in a built request")
struct MadeRequestTests {
    let workspace: Workspace

    init() throws {
        let text = """
            {"environments": {"dev": {"base_url": "http://h/v1", "variables": {"t": "{{$command \\"pass show t\\"}}"}}},
             "routes": [{"name": "r", "method": "POST", "path": "/u/{{$uuid}}/{{$uuid}}",
                         "query": {"a": "{{$uuid}}", "b": "{{$uuid}}"},
                         "headers": {"X-A": "{{$uuid}}", "X-B": "{{$uuid}}", "X-S": "{{$prompt.secret \\"pin\\"}}"},
                         "body": {"a": "{{$uuid}}", "b": ["{{$uuid}}", "{{$base64 \\"{{$command \\\\\\"op read x\\\\\\"}}\\"}}"]}}]}
            """
        workspace = try WorkspaceLoader().load(bytes: Array(text.utf8), fileName: "w.json", baseDirectory: "/p")
    }

    @Test("each placeholder its own value; one draw builds the same request; secret answers are masked")
    func built() throws {
        var input = RequestInput()
        input.draw = SendDraw(key0: 7, key1: 8, time: 0)
        input.answers = [.secretPrompt("pin"): "4321", .command("op read x"): "opsecret"]
        let builder = RequestBuilder(workspace: workspace, processEnvironment: [:])
        let route = try workspace.route(named: "r")
        let environment = workspace.environments[0]
        let first = try builder.build(route: route, environment: environment, input: input)
        let again = try builder.build(route: route, environment: environment, input: input)
        #expect(first.request == again.request)
        let uuids =
            (first.request.url + " " + first.request.headers.map(\.value).joined(separator: " ") + " "
            + String(decoding: first.request.body ?? [], as: UTF8.self)).matches(of: /[0-9a-f]{8}-[0-9a-f-]{27}/)
        #expect(uuids.count == 8)
        #expect(Set(uuids.map { String($0.output) }).count == 8)
        #expect(first.origin.secretValues.contains("4321") && first.origin.secretValues.contains("opsecret"))
        #expect(first.request.headers.value(for: "X-S") == "4321")
        var other = input
        other.draw = SendDraw(key0: 7, key1: 9, time: 0)
        #expect(try builder.build(route: route, environment: environment, input: other).request != first.request)
    }

    @Test("the workspace lists its commands, nested ones too, each once")
    func commands() {
        #expect(workspace.commands == ["pass show t", "op read x"])
    }
}
