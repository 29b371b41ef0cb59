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
            #expect(Self.summary(actual) == Self.summary(expected))
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
        #expect(CourierMain.callShortcut(["courier", "call"]) == nil)
    }

    /// Everything a call reads from its flags, as one comparable text.
    static func summary(_ call: CallCommand) -> String {
        let request = call.request
        return [
            call.route, call.env ?? "-", call.workspace.config, "\(call.yes) \(call.curl) \(call.showSecrets)",
            call.har ?? "-", "\(call.output.include) \(call.output.raw) \(call.output.jsonPath ?? "-")",
            "\(request.params) \(request.query) \(request.headers) \(request.body ?? "-") \(request.form)",
            "\(request.parts) \(request.text ?? "-") \(request.send.variables) \(request.send.timeout ?? 0)",
            "\(request.send.noHistory) \(request.send.noCookies) \(request.send.noFollow)",
        ].joined(separator: " | ")
    }
}
