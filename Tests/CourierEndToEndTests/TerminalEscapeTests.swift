import CourierTestSupport
import Foundation
import Testing

/// A server's escape sequences, and a workspace's, on a real terminal (a pty from script(1)):
/// shown, never obeyed; through a pipe or with `--raw`, passed as received (issue 28, item 8).
@Suite("courier command line: escape sequences on a terminal")
struct TerminalEscapeTests {
    /// Few enough controls among the text that Courier treats it as text, not binary.
    static let hostile =
        String(repeating: "An ordinary error page from a server. ", count: 12)
        + "clip\u{1B}]52;c;aGk=\u{07} title\u{1B}]0;pwned\u{07} \u{1B}[2J c1\u{9B}31m end\n"

    /// Runs `courier ARGUMENTS` on a pseudo-terminal; what the terminal received.
    private func onTerminal(_ arguments: [String], config: String) throws -> [UInt8] {
        let command = ([CourierBinary.url.path] + arguments + ["--config", config]).map { "'\($0)'" }
            .joined(separator: " ")
        let output = try Bash.run(
            "script -qec \"\(command)\" /dev/null", environment: CourierBinary.environment([:]))
        return Array(output.stdout.utf8)
    }

    @Test("a text body, route and environment names: controls shown on a terminal, bytes kept in a pipe")
    func escapes() async throws {
        let server = try HostileServer { _ in .text(Self.hostile) }
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-escapes-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("environments.json").path
        try Data(
            """
            {"environments": {"dev\\u001b]0;env\\u0007": {"base_url": "\(server.url)"}},
             "routes": [{"name": "text\\u001b[2J", "path": "/t"}]}
            """.utf8
        ).write(to: URL(fileURLWithPath: config))

        for arguments in [["call", "text\u{1B}[2J"], ["routes"], ["envs"], ["call", "nope\u{1B}[2J"]] {
            let shown = try onTerminal(arguments, config: config)
            #expect(
                !shown.contains(0x1B) && !shown.contains(0x07),
                "\(arguments): \(String(decoding: shown, as: UTF8.self))")
            #expect(!String(decoding: shown, as: UTF8.self).contains("\u{9B}"))
        }
        let body = String(decoding: try onTerminal(["call", "text\u{1B}[2J"], config: config), as: UTF8.self)
        #expect(body.contains("clip^[]52;c;aGk=^G title^[]0;pwned^G ^[[2J c1<9B>31m end"), "\(body)")

        let piped = try await CourierBinary.run(["call", "text\u{1B}[2J", "--config", config, "--no-history"])
        #expect(piped.stdout == Self.hostile)
        let raw = try onTerminal(["call", "text\u{1B}[2J", "--raw", "--no-history"], config: config)
        #expect(String(decoding: raw, as: UTF8.self).contains("\u{1B}]52;c;aGk="))
    }
}
