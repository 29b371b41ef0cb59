import CourierCore
import Testing

@testable import CourierTUI

/// The password dialog of a sealed workspace: keys in, what it asks the runtime to do, and
/// the whole screen it draws (the typed password is never drawn, only dotted).
@Suite("Password dialog")
struct PasswordDialogTests {
    static let keys: [([Key], PasswordDialog.Outcome, String)] = [
        ([.char("p"), .char("w"), .enter], .submit("pw"), ""),
        ([.char("a"), .char("b"), .backspace, .enter], .submit("a"), ""),
        ([.char("a"), .ctrl("u"), .char("b"), .enter], .submit("b"), ""),
        ([.enter], .none, ""),
        ([.char("x"), .escape], .cancel, "x"),
        ([.ctrl("c")], .cancel, ""),
        ([.char("é"), .char(" "), .char("中")], .none, "é 中"),
    ]

    @Test("keys edit the hidden text; Enter submits it (not when empty); Esc and Ctrl-C quit", arguments: keys)
    func typing(_ keys: [Key], _ outcome: PasswordDialog.Outcome, _ left: String) {
        var dialog = PasswordDialog(file: "/x/team.bin")
        var last = PasswordDialog.Outcome.none
        for key in keys { last = dialog.handle(key) }
        #expect(last == outcome)
        #expect(dialog.typed == left)
    }

    @Test("the whole screen: the file's name, dots for the password, then the error of a wrong try")
    func screen() {
        var dialog = PasswordDialog(file: "/home/qa/team.bin")
        for character in "secret" { _ = dialog.handle(.char(character)) }
        #expect(
            dialog.render(width: 60, height: 10).trimmedLines == [
                "",
                " ┌ Password ──────────────────────────────────────────────┐",
                " │ team.bin is sealed.                                    │",
                " │                                                        │",
                " │ password  ••••••▏                                      │",
                " │                                                        │",
                " │ Enter opens · Esc quits                                │",
                " └────────────────────────────────────────────────────────┘",
                "",
                "",
            ])
        _ = dialog.handle(.enter)
        dialog.error = "wrong password or damaged file"
        let lines = dialog.render(width: 60, height: 12).trimmedLines
        #expect(lines.contains(" │ password  ▏                                            │"))
        #expect(lines.contains(" │ wrong password or damaged file                         │"))
        #expect(!lines.joined().contains("secret") && dialog.attempts == 1)
        // Typing again clears the error.
        _ = dialog.handle(.char("x"))
        #expect(dialog.error == nil)
    }

    @Test("a 20×6 terminal still shows what is asked, and smaller does not crash")
    func tiny() {
        var dialog = PasswordDialog(file: "team.bin")
        _ = dialog.handle(.char("a"))
        #expect(dialog.render(width: 20, height: 6).trimmedLines.joined(separator: "\n").contains("Password"))
        #expect(dialog.render(width: 10, height: 3).trimmedLines.first == "password f")
        _ = dialog.render(width: 0, height: 0)
    }
}
