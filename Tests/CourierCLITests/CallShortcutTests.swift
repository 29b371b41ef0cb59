import ArgumentParser
import Testing

@testable import courier

/// `courier call …` skips the root's parse; it must mean exactly what the root's parse means.
@Suite("The call shortcut parses as the root does")
struct CallShortcutTests {
    @Test(
        "the same command, or the same error, either way",
        arguments: [
            ["call", "users.show"],
            ["call", "users.show", "--env", "production", "--raw", "-q", "a=1", "-q", "b=2", "-H", "X: y", "--yes"],
            ["call", "--config", "w.json", "users.show", "--curl", "--show-secrets", "-i", "--json-path", "a.b"],
            ["call", "users.show", "--", "--raw"],
            ["call", "users.show", "--show-secrets"],
            ["call", "users.show", "--nope"],
            ["call", "users.show", "--version"],
            ["call", "users.show", "extra"],
            ["call", "--timeout"],
        ])
    func same(_ arguments: [String]) {
        let root = Result { try Courier.parseAsRoot(arguments) }
        let shortcut = Result { try CourierMain.parse(["courier"] + arguments) }
        switch (root, shortcut) {
        case (.success(let expected as CallCommand), .success(let actual as CallCommand)):
            #expect(Self.summary(actual.invocation) == Self.summary(expected.invocation))
        case (.failure(let expected), .failure(let actual)):
            #expect(Courier.message(for: actual) == Courier.message(for: expected))
            #expect(Courier.exitCode(for: actual) == Courier.exitCode(for: expected))
        default:
            Issue.record("root: \(root), shortcut: \(shortcut)")
        }
    }

    @Test(
        "every other subcommand by the shortcut: the same command, or the same error",
        arguments: [
            [
                "check", "smoke", "--env", "staging", "--env", "production", "--jobs", "4", "--repeat", "5", "--html",
                "r.html",
            ],
            ["check", "--contract", "--retry-until", "90s", "--interval", "2s", "--baseline", "--slower", "30%"],
            ["check", "--jobs", "zero"],
            ["check", "--nope"],
            ["diff", "--env", "a", "--env", "b", "--noise", "--json"],
            ["diff", "users.show", "--env", "a"],
            ["routes", "--config", "w.json"],
            ["envs"],
            ["check"],
            ["tui"],
            ["format", "a.json", "b.json"],
            ["check", "smoke", "--version"],
        ])
    func others(_ arguments: [String]) {
        let root = Result { try Courier.parseAsRoot(arguments) }
        let shortcut = Result { try CourierMain.parse(["courier"] + arguments) }
        switch (root, shortcut) {
        case (.success(let expected), .success(let actual)):
            #expect(type(of: actual) == type(of: expected))
            // The parsed values, field by field, as the property wrappers hold them.
            #expect(String(reflecting: actual) == String(reflecting: expected))
        case (.failure(let expected), .failure(let actual)):
            #expect(Courier.message(for: actual) == Courier.message(for: expected))
            #expect(Courier.exitCode(for: actual) == Courier.exitCode(for: expected))
        default:
            Issue.record("root: \(root), shortcut: \(shortcut)")
        }
    }

    @Test("help and the unparsable go to the root; a plain call does not")
    func taken() {
        #expect(CourierMain.callShortcut(["courier", "call", "users.show", "--raw"]) != nil)
        #expect(CourierMain.callShortcut(["courier", "call", "users.show", "--help"]) == nil)
        #expect(CourierMain.callShortcut(["courier", "call", "-h"]) == nil)
        #expect(CourierMain.callShortcut(["courier", "call", "users.show", "--nope"]) == nil)
        #expect(CourierMain.callShortcut(["courier", "check", "smoke"]) == nil)
        #expect(CourierMain.shortcut(["courier", "check", "smoke"]) is CheckCommand)
        #expect(CourierMain.shortcut(["courier", "check", "smoke", "--help"]) == nil)
        #expect(CourierMain.shortcut(["courier", "history", "show", "1"]) == nil)
        // The comparison above reads the values, not only the type.
        #expect(
            (try? String(reflecting: CheckCommand.parse(["a", "--jobs", "2"])))
                != (try? String(reflecting: CheckCommand.parse(["a", "--jobs", "3"]))))
        #expect(CourierMain.callShortcut(["courier", "call"]) == nil)
        #expect(CourierMain.quickCall(["courier", "call", "users.show", "--raw"])?.output.raw == true)
        #expect(CourierMain.quickCall(["courier", "call", "users.show", "--help"]) == nil)
        #expect(CourierMain.quickCall(["courier", "check", "smoke"]) == nil)
        #expect(CourierMain.quickCall(["courier", "call"]) == nil)
    }

    @Test(
        "the hand parser gives ArgumentParser's command wherever it answers",
        arguments: [
            // Taken by hand: the shapes a user types.
            (["users.show"], true),
            (["users.show", "--env", "production", "--raw", "-q", "a=1", "-q", "b=2", "-H", "X: y", "--yes"], true),
            (["--config", "w.json", "users.show", "--curl", "--show-secrets", "-i", "--json-path", "a.b"], true),
            (["users.show", "--env=staging", "--config=w.json", "--json-path", "", "--include"], true),
            (["users.create", "-p", "id=7", "--body", "@new.json", "--var", "token=x", "--lang", "de"], true),
            (["users.create", "--form", "a=1", "--form", "b=c=d", "--timeout", "2.5", "--retries", "3"], true),
            (["users.create", "-F", "file=@a.png;type=image/png", "--retry-delay", "0", "--no-follow"], true),
            (["users.show", "--no-history", "--no-cookies", "--har", "out.har", "--text", "hello world"], true),
            (["users.show", "--timeout=-1"], true),
            (
                [
                    "chat", "--message", "hi", "--message", "{\"a\":1}", "--until", "json type == \"done\"", "--count",
                    "3",
                ], true
            ),
            // Left to ArgumentParser: anything it might read differently or refuse with a message.
            (["users.show", "--", "--raw"], false),
            (["users.show", "--show-secrets"], false),
            (["users.show", "--curl", "--har", "x.har"], false),
            (["users.show", "--nope"], false),
            (["users.show", "extra"], false),
            (["users.show", "--env", "a", "--env", "b"], false),
            (["users.show", "--raw", "--raw"], false),
            (["users.show", "-i", "--include"], false),
            (["users.show", "-q", "-x"], false),
            (["users.show", "-q"], false),
            (["users.show", "--json-path="], false),
            (["users.show", "-iq", "a=1"], false),
            (["users.show", "--timeout", "soon"], false),
            (["users.show", "--retries", "2.5"], false),
            (["chat", "--count", "three"], false),
            (["chat", "--count", "0"], false),
            (["chat", "--until", "a", "--until", "b"], false),
            (["--timeout", "1"], false),
            ([""], false),
        ])
    func quick(_ arguments: [String], taken: Bool) {
        let quick = CallQuickParser.invocation(arguments)
        #expect((quick != nil) == taken)
        guard let quick else { return }
        do {
            #expect(Self.summary(quick) == Self.summary(try CallCommand.parse(arguments).invocation))
        } catch {
            Issue.record("ArgumentParser refused what the hand parser took: \(Courier.message(for: error))")
        }
    }

    @Test("every spelling in CallFlag is one ArgumentParser reads, and the hand parser reads it the same")
    func oneDeclaration() throws {
        for flag in CallFlag.allCases {
            for name in flag.names {
                var arguments = ["users.show", name]
                if flag.takesValue {
                    arguments.append([.timeout, .retryDelay, .retries, .count].contains(flag) ? "2" : "v")
                }
                if flag == .showSecrets { arguments.append("--curl") }
                let parsed = try CallCommand.parse(arguments)
                let quick = try #require(CallQuickParser.invocation(arguments), "the hand parser left \(name) out")
                #expect(Self.summary(quick) == Self.summary(parsed.invocation), "\(name)")
                #expect(
                    Self.summary(quick) != Self.summary(try CallCommand.parse(["users.show"]).invocation), "\(name)")
            }
        }
        let help = CallCommand.helpMessage()
        for flag in CallFlag.allCases { #expect(help.contains(flag.names[0]), "--help misses \(flag.names[0])") }
    }

    /// Everything a call reads from its flags, as one comparable text.
    static func summary(_ call: CallInvocation) -> String {
        let request = call.request
        return [
            call.route, call.env ?? "-", call.workspace.config, "\(call.yes) \(call.curl) \(call.showSecrets)",
            call.har ?? "-",
            "\(call.output.include) \(call.output.raw) \(call.output.jsonPath ?? "-") \(call.output.timing)",
            "\(request.params) \(request.query) \(request.headers) \(request.body ?? "-") \(request.form)",
            "\(request.parts) \(request.text ?? "-") \(request.graphQLVariables ?? "-") \(request.send.variables)",
            "\(request.send.timeout ?? 0)",
            "\(request.send.language ?? "-") \(request.send.retries ?? -1) \(request.send.retryDelay ?? -1)",
            "\(request.send.noHistory) \(request.send.noCookies) \(request.send.noFollow)",
            "\(call.webSocket.messages) \(call.webSocket.until ?? "-") \(call.webSocket.count ?? -1)",
        ].joined(separator: " | ")
    }
}
