import ArgumentParser
import Testing

@testable import courier

/// `courier format [FILE]` skips ArgumentParser; where it does, the root's parse must give the
/// same file, and everything else (help, flags, more arguments) must be left to the root.
@Suite("The format shortcut parses as the root does")
struct FormatShortcutTests {
    @Test(
        "a plain file or stdin is taken, with the root's file; anything else is the root's",
        arguments: [
            (["format"], true), (["format", "big.json"], true), (["format", "-"], true),
            (["format", "--help"], false), (["format", "-h"], false), (["format", "help"], false),
            (["format", "a.json", "b.json"], false), (["format", "--nope"], false), (["call", "x"], false),
        ])
    func same(_ arguments: [String], taken: Bool) throws {
        let shortcut = CourierMain.quickFormat(["courier"] + arguments)
        #expect((shortcut != nil) == taken)
        guard let file = shortcut else { return }
        let root = try #require(try Courier.parseAsRoot(arguments) as? FormatCommand)
        #expect(root.file == file)
    }
}
