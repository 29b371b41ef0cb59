import CourierTestSupport
import Foundation
import Testing

@Suite("courier format, demo and help")
struct FormatAndDemoTests {
    @Test("format pretty-prints a file or stdin, changing whitespace only")
    func format() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-e2e-format.json")
        try Data("{\"b\":1.50,\"a\":[],\"b\":\"\\u00e9\"}".utf8).write(to: file)
        let fromFile = try await CourierBinary.run(["format", file.path])
        #expect(fromFile.code == 0)
        #expect(fromFile.stdout == "{\n  \"b\": 1.50,\n  \"a\": [],\n  \"b\": \"\\u00e9\"\n}\n")
        let fromStdin = try await CourierBinary.run(["format"], stdin: Array("[1,{}]".utf8))
        #expect(fromStdin.stdout == "[\n  1,\n  {}\n]\n")
    }

    @Test("format reports invalid JSON as line and column on stderr, exit 1")
    func formatErrors() async throws {
        let result = try await CourierBinary.run(["format"], stdin: Array("{\n  \"a\": tru\n}".utf8))
        #expect(result.code == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "line 2, column 8: expected a value, found 't' (did you mean true?)\n")
        let missing = try await CourierBinary.run(["format", "/nonexistent.json"])
        #expect(missing.code == 1)
        #expect(missing.stderr == "courier: /nonexistent.json: cannot read the file\n")
    }

    @Test("demo prints both deployments' URLs and stops cleanly on Ctrl-C")
    func demo() async throws {
        let demo = try await DemoProcess.start()
        defer { demo.terminate() }
        #expect(demo.banner.contains("development  http://127.0.0.1:\(demo.port)/dev/v1"))
        #expect(demo.banner.contains("production   http://127.0.0.1:\(demo.port)/prod/v1"))
        kill(demo.process.pid, SIGINT)
        #expect(await demo.process.wait(seconds: 10) == .exited(0))
    }

    @Test("a broken workspace is one message with file, line and column")
    func brokenWorkspace() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-e2e-broken.json")
        try Data("{\n  \"environments\": {\n    \"a\": {\"base_url\": \"http://x\"\n}\n".utf8).write(to: file)
        for command in [["routes"], ["envs"], ["call", "x"]] {
            let result = try await CourierBinary.run(command + ["--config", file.path])
            #expect(result.code == 1)
            #expect(
                result.stderr
                    == "courier: courier-e2e-broken.json: line 5, column 1: unexpected end of input, expected ',' or '}'\n"
            )
        }
    }

    @Test("--help lists the commands and exits 0; an unknown option exits 1")
    func help() async throws {
        let help = try await CourierBinary.run(["--help"])
        #expect(help.code == 0)
        for command in ["call", "routes", "envs", "format", "demo"] { #expect(help.stdout.contains(command)) }
        let bad = try await CourierBinary.run(["routes", "--bogus"])
        #expect(bad.code == 1)
        #expect(bad.stderr.contains("--bogus"))
    }
}
