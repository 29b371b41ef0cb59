import Foundation
import Testing

@testable import CourierCore
@testable import CourierImport

/// `courier import curl` over the fixtures folder: each `NAME.curl` (copied from browsers,
/// READMEs and shells) imports into an empty workspace exactly as `NAME.json` says, or fails
/// with the line in `NAME.error`; warnings are in `NAME.warnings`.
@Suite("Import: curl")
struct CurlImportTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/curl")

    static var fixtures: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".curl") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// Imports the fixture into an empty workspace in the fixtures folder.
    static func run(_ name: String) throws(ImportError) -> (json: String, warnings: [String]) {
        let command = (try? String(contentsOf: folder.appendingPathComponent(name + ".curl"), encoding: .utf8)) ?? ""
        let importer = CurlImporter(currentDirectory: folder.path)
        let plan = try importer.plan(command)
        let merge = WorkspaceMerge(fileName: "environments.json", baseDirectory: folder.path, replace: false)
        let outcome = try merge.merge(plan, into: nil)
        return (String(decoding: outcome.bytes, as: UTF8.self), plan.warnings + plan.skipWarnings + outcome.warnings)
    }

    @Test("each fixture imports as its .json says, or fails as its .error says", arguments: fixtures)
    func fixture(name: String) throws {
        try FixtureWriter.check(Self.folder.appendingPathComponent(name)) { () throws(ImportError) in try Self.run(name)
        }
    }

    @Test(
        "bash quoting: single, double, $'…', backslashes, continuations, comments, operators",
        arguments: [
            (
                #"curl 'a b' "c \"d\" \$e \x" $'f\'g\n\x41\u00e9\101' h\ i"#,
                ["curl", "a b", #"c "d" $e \x"#, "f'g\nAéA", "h i"], nil as String?
            ),
            ("curl \\\n  -s \\\r\n  x", ["curl", "-s", "x"], nil),
            ("curl a'b'\"c\"d", ["curl", "abcd"], nil),
            ("curl x # a comment\n -s", ["curl", "x", "-s"], nil),
            ("curl x | jq .", ["curl", "x"], "| jq ."),
            ("curl 'x;y' && echo", ["curl", "x;y"], "&& echo"),
            ("curl \"\" ''", ["curl", "", ""], nil),
            // Shell variables outside single quotes become template variables; `$(…)`, `$1`
            // and a lone `$` stay as written.
            (
                #"curl "Bearer $TOKEN" ${HOST:-x}/a '$KEEP' "$(date)" $1 "5 $""#,
                ["curl", "Bearer {{TOKEN}}", "{{HOST}}/a", "$KEEP", "$(date)", "$1", "5 $"], nil
            ),
        ])
    func quoting(line: String, words: [String], rest: String?) throws {
        let split = try ShellSplitter.split(line)
        #expect(split.words == words)
        #expect(split.rest == rest)
    }

    @Test(
        "what a redirection gives stdin: here-documents, here-strings and files; what bash would expand is unknown",
        arguments: [
            ("<<EOF\na\n  b\nEOF\n", CurlRedirection.text("a\n  b\n") as CurlRedirection?, nil as String?),
            ("<<-'END' | jq .\n\t\tx $y\n\tEND\necho after", .text("x $y\n"), "| jq .\necho after"),
            ("<<EOF\nunterminated", .text("unterminated\n"), nil),
            ("<<EOF\n$HOME\nEOF", nil, "<<EOF\n$HOME\nEOF"),
            ("<<< 'a=1&b=2'", .text("a=1&b=2\n"), nil),
            ("<<< $VAR", nil, "<<< $VAR"),
            ("< rows.csv | jq .", .file("rows.csv"), "| jq ."),
            ("< `echo f`", nil, "< `echo f`"),
            ("| jq .", nil, "| jq ."),
        ])
    func redirection(rest: String, stdin: CurlRedirection?, after: String?) {
        let read = CurlRedirection.read(rest)
        #expect(read.stdin == stdin)
        #expect(read.after == after)
    }

    @Test("an unclosed quote names its place")
    func unclosed() {
        #expect(throws: ShellSplitter.Failure.unclosedQuote("\"", line: 2, column: 4)) {
            try ShellSplitter.split("curl \\\n  x\"y")
        }
    }
}
