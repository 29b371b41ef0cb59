import CourierCore
import Foundation
import Testing

@testable import CourierTUI

@Suite("Keymap: one table for keys, help, hints and the README")
struct KeymapTests {
    /// The README's key table, row by row, as written.
    static func readmeRows() throws -> [String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = try #require(lines.firstIndex(of: "| keys | where | what |"))
        return Array(lines[(header + 2)...].prefix { $0.hasPrefix("|") })
    }

    @Test("the README key table is the keymap, row for row")
    func readmeAgrees() throws {
        let expected = Keymap.standard.rows.map(\.markdown)
        let actual = try Self.readmeRows()
        #expect(
            actual == expected,
            "README.md's key table differs from Keymap.standard; it should read:\n\(expected.joined(separator: "\n"))")
    }

    @Test("no key is bound to two actions in one scope")
    func noConflicts() {
        var seen: [KeyScope: [Key: Action]] = [:]
        for binding in Keymap.standard.rows.flatMap(\.bindings) {
            if let earlier = seen[binding.scope]?[binding.key] {
                Issue.record("\(binding.key) in \(binding.scope): \(earlier) and \(binding.action)")
            }
            seen[binding.scope, default: [:]][binding.key] = binding.action
        }
    }

    @Test(
        "keys resolve by scope, most specific first",
        arguments: [
            (Key.char("/"), [KeyScope.response, .outsideForm, .panes, .anywhere], Action.search),
            (.char("/"), [.lists, .outsideForm, .panes, .anywhere], .filterRoutes),
            (.char("q"), [.request, .form, .panes, .anywhere], nil),
            (.char("q"), [.lists, .outsideForm, .panes, .anywhere], .quit),
            (.ctrl("c"), [ConfirmDialog.scope, .anywhere], .quitNow),
            (.enter, [.request, .form, .panes, .anywhere], .send),
            (.char("3"), [EnvironmentSwitcher.scope, .anywhere], .digit(3)),
            (.char("y"), [ConfirmDialog.scope, .anywhere], .confirm),
            (.escape, [.path, .anywhere], .cancel),
        ] as [(Key, [KeyScope], Action?)])
    func lookup(key: Key, scopes: [KeyScope], action: Action?) {
        #expect(Keymap.standard.action(for: key, in: scopes) == action)
    }

    @Test("the help dialog lists every row of the keymap")
    func helpListsEverything() {
        let help = HelpDialog.lines(width: 140).map(\.text).joined(separator: "\n")
        for row in Keymap.standard.rows {
            #expect(help.contains(row.keys), "help misses \(row.keys)")
        }
    }

    @Test("status bar hints: the focused pane's first, shadowed keys left out")
    func hints() {
        let response = Keymap.standard.hints(in: [.response, .outsideForm, .panes, .anywhere])
        #expect(response.prefix(2) == ["h headers", "/ search"])
        #expect(!response.contains("/ filter"))
        let form = Keymap.standard.hints(in: [.request, .form, .panes, .anywhere])
        #expect(
            form == ["Enter send", "↑↓ field", "Ctrl-N header", "Ctrl-E editor", "Tab pane", "Esc back", "F1 help"])
    }
}
