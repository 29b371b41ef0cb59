import ArgumentParser
import CourierCore
import Testing

@testable import courier

@Suite("Request flags, parsed without the binary")
struct RequestOptionsTests {
    @Test("every request flag lands in the builder input, repeated ones in order")
    func everyFlag() throws {
        // GIVEN a call with one of each request flag (and -q twice)
        let call = try CallCommand.parse([
            "users.show", "-p", "id=7", "-q", "tag=a", "-q", "tag=b=c", "-H", "X-Trace: 1", "--var", "city=Zürich",
            "--body", "{\"n\": 1}", "--lang", "es", "--timeout", "2.5", "--retries", "3", "--retry-delay", "0.25",
            "--no-follow",
        ])
        // WHEN the flags become input
        let input = try call.request.settings.input(languages: ["en", "es"], rememberedLanguage: "en")
        // THEN nothing is lost or reordered; a value may contain '='
        #expect(call.route == "users.show")
        #expect(
            input
                == RequestInput(
                    pathParameters: ["id": "7"], query: [QueryItem("tag", "a"), QueryItem("tag", "b=c")],
                    headers: [HeaderField("X-Trace", "1")], variables: ["city": "Zürich"], body: "{\"n\": 1}",
                    language: "es", timeout: 2.5, retries: 3, retryDelay: 0.25, followRedirects: false))
    }

    @Test("--form in order, repeats kept; --text and @FILE; one kind of body at a time")
    func bodies() throws {
        let form = try CallCommand.parse(["r", "--form", "a=1", "--form", "tag=x=y", "--form", "a=2"])
        #expect(
            try form.request.settings.input(languages: [], rememberedLanguage: nil).form == [
                QueryItem("a", "1"), QueryItem("tag", "x=y"), QueryItem("a", "2"),
            ])
        let text = try CallCommand.parse(["r", "--text", "@notes.txt"])
        let input = try text.request.settings.input(languages: [], rememberedLanguage: nil) { path in
            path == "notes.txt" ? Array("from a file".utf8) : nil
        }
        #expect(input.text == "from a file" && input.body == nil && input.form == nil)
        for flags in [["--form", "a=1", "--text", "t"], ["--body", "{}", "--form", "a=1"]] {
            let both = try CallCommand.parse(["r"] + flags)
            #expect(throws: CLIFailure.self) { try both.request.settings.input(languages: [], rememberedLanguage: nil) }
        }
        let bad = try CallCommand.parse(["r", "--form", "novalue"])
        #expect(throws: RequestError.self) { try bad.request.settings.input(languages: [], rememberedLanguage: nil) }
    }

    @Test(
        "-F as curl reads it (the importer's parser): values, @FILE relative to the current folder with ;type= and ;filename=, <FILE, one kind of body"
    )
    func multipart() throws {
        // A `;` in a file name is quoted, as curl wants it: unquoted, `;` starts a parameter.
        let call = try CallCommand.parse([
            "r", "-F", "who=a=b", "-F", #"doc=@"up/a;b.txt";type=text/csv;filename=x.csv"#, "-F", "abs=@/etc/hosts",
            "-F", "note=<n.txt",
        ])
        let parts = try call.request.settings.input(
            languages: [], rememberedLanguage: nil, currentDirectory: "/home/ana"
        )
        .multipart
        #expect(
            parts == [
                MultipartField(name: "who", content: .value("a=b")),
                MultipartField(
                    name: "doc", content: .file("/home/ana/up/a;b.txt"), contentType: "text/csv", fileName: "x.csv"),
                MultipartField(name: "abs", content: .file("/etc/hosts")),
                {
                    var part = MultipartField(name: "note", content: .file("/home/ana/n.txt"))
                    part.asField = true
                    return part
                }(),
            ])
        for flags in [["-F", "a=1", "--form", "b=2"], ["-F", "a=@"], ["-F", "=1"]] {
            let bad = try CallCommand.parse(["r"] + flags)
            #expect(throws: (any Error).self) { try bad.request.settings.input(languages: [], rememberedLanguage: nil) }
        }
    }

    @Test(
        "the language is --lang, else the remembered one if still listed, else the first, else none",
        arguments: [
            ([String](), nil as String?, ["en", "es"], "en" as String?),
            (["--lang", "ca"], "es", ["en", "es"], "ca"),
            ([], "es", ["en", "es"], "es"),
            ([], "de", ["en", "es"], "en"),  // remembered, but the workspace dropped it
            ([], nil, [], nil),
        ])
    func language(flags: [String], remembered: String?, languages: [String], expected: String?) throws {
        let call = try CallCommand.parse(["r"] + flags)
        #expect(
            try call.request.settings.input(languages: languages, rememberedLanguage: remembered).language == expected)
    }

    @Test("--body @FILE reads the file; a file that cannot be read is named")
    func bodyFromFile() throws {
        let call = try CallCommand.parse(["r", "--body", "@body.json"])
        let input = try call.request.settings.input(languages: [], rememberedLanguage: nil) { path in
            path == "body.json" ? Array("{\"from\":\"file\"}".utf8) : nil
        }
        #expect(input.body == "{\"from\":\"file\"}")
        let missing = try CallCommand.parse(["r", "--body", "@nope.json"])
        #expect(throws: CLIFailure.self) {
            try missing.request.settings.input(languages: [], rememberedLanguage: nil) { _ in nil }
        }
        do {
            _ = try missing.request.settings.input(languages: [], rememberedLanguage: nil) { _ in nil }
        } catch let failure as CLIFailure {
            #expect(failure.message == "--body @nope.json: cannot read nope.json")
        }
    }

    @Test(
        "bad values get one message naming the flag",
        arguments: [
            (["-p", "id"], "bad -p value 'id' (expected NAME=VALUE)"),
            (["-q", "=x"], "bad -q value '=x' (expected NAME=VALUE)"),
            (["--var", "city"], "bad --var value 'city' (expected NAME=VALUE)"),
            (["-H", "no colon"], "bad header 'no colon' (expected 'Name: value')"),
            (["--timeout", "0"], "--timeout must be more than 0 seconds"),
            (["--retries=-1"], "--retries must be 0 or more"),
            (["--retry-delay=-2"], "--retry-delay must be 0 or more seconds"),
        ])
    func badValues(flags: [String], message: String) throws {
        let call = try CallCommand.parse(["r"] + flags)
        do {
            _ = try call.request.settings.input(languages: [], rememberedLanguage: nil)
            Issue.record("expected an error for \(flags)")
        } catch let error as RequestError {
            #expect(error.description == message)
        } catch let failure as CLIFailure {
            #expect(failure.message == message)
        }
    }

    @Test("the root command dispatches to call and keeps the request flags in the group")
    func root() throws {
        let command = try Courier.parseAsRoot(["call", "users.index", "--env", "production", "-q", "page=2", "--yes"])
        let call = try #require(command as? CallCommand)
        #expect(call.env == "production" && call.yes && call.request.query == ["page=2"])
        #expect(throws: (any Error).self) { try Courier.parseAsRoot(["call"]) }  // the route is required
    }
}
