import CourierCore
import Testing

@testable import CourierTUI

/// The screen's config file: key names, keys moved (and what is refused), the themes.
@Suite("Themes and keys from the config file")
struct ScreenConfigTests {
    static func parse(_ text: String) -> Result<ScreenConfig, ScreenConfigError> {
        ScreenConfig.parse(Array(text.utf8))
    }

    @Test("every key of the keymap is named as the table writes it, and read back; other spellings too")
    func names() {
        for key in Set(Keymap.standard.rows.flatMap(\.bindings).map(\.key)) {
            #expect(Key(name: key.name) == key, "\(key.name)")
        }
        let spellings: [(String, Key?)] = [
            ("h", .char("h")), ("H", .char("H")), ("Ctrl-S", .ctrl("s")), ("ctrl+w", .ctrl("w")), ("C-x", .ctrl("x")),
            ("^P", .ctrl("p")), ("F2", .function(2)), ("f12", .function(12)), ("PageDown", .pageDown),
            ("escape", .escape), ("Space", .char(" ")), ("Shift-Tab", .backTab), ("F13", nil), ("Ctrl-1", nil),
            ("", nil), ("hello", nil), ("\u{7}", nil),
        ]
        for (name, key) in spellings { #expect(Key(name: name) == key, "\(name)") }
    }

    @Test("a key moved works in its new place only; ?, the palette and the hints show it")
    func moved() throws {
        let config = try Self.parse(#"{"keys": {"H": "h", "e": "F3", "Ctrl-P": "F2"}}"#).get()
        var state = Fixtures.state(width: 120, height: 40)
        state.keymap = config.keymap
        state.press(.down, .enter, .escape)
        #expect(state.press(.char("H")).isEmpty && state.mode == .normal)
        #expect(state.press(.char("h")) == [.loadHistory(route: "users.show")])
        #expect(state.keymap.hints(in: state.activeScopes).contains("F3 env"))
        let help = HelpDialog.lines(width: 140, keymap: state.keymap).map(\.text)
        #expect(help.contains("h  (outside the form)") && !help.contains("H  (outside the form)"))
        #expect(help.contains("F2, :  (anywhere / outside the form)"), "\(help.filter { $0.contains(":") })")
        state.press(.function(2))
        let palette = try #require(state.modal?.dialog as? CommandPalette)
        #expect(
            palette.items.contains { $0.detail == "F3" && $0.choice == .action(EnvironmentSwitcher.opening, pane: nil) }
        )
        // In the Response pane h still shows the headers: the more specific place wins there.
        #expect(Keymap.standard.remapped([(.char("H"), .char("h"))]).map { _ in true } == .success(true))
    }

    @Test("swapping two keys is one change; a clash, a letter where text is typed, Ctrl-C: refused whole")
    func refused() throws {
        let swapped = try Self.parse(#"{"keys": {"j": "k", "k": "j"}}"#).get().keymap
        #expect(swapped.action(for: .char("k"), in: [.lists]) == .down)
        #expect(swapped.action(for: .char("j"), in: [.lists]) == .up)
        let cases: [(String, String)] = [
            (#"{"keys": {"j": "k"}}"#, "keys: k already does something else there ('move', lists)"),
            (
                #"{"keys": {"e": "E"}}"#,
                "keys: E would both 'environment switcher' and 'edit the body as JSON in $EDITOR' (Request / outside the form)"
            ),
            (#"{"keys": {"Ctrl-S": "s"}}"#, "keys: s would be typed in the form; give Ctrl-S a Ctrl- or F key"),
            (#"{"keys": {"Ctrl-C": "Ctrl-Q"}}"#, "keys: Ctrl-C always quits; it cannot be moved or taken"),
            (#"{"keys": {"Z": "z"}}"#, "keys: Z is not a key of the screen (? lists them)"),
            (#"{"keys": {"Hyper-H": "h"}}"#, "keys: 'Hyper-H' is not a key name (h, Ctrl-S, F2, Enter, PgDn…)"),
            (#"{"keys": {"H": 1}}"#, "keys: H must name a key (h, Ctrl-S, F2, Enter, PgDn…)"),
            (#"{"theme": "blue"}"#, "theme 'blue' is not one of dark, light, high-contrast"),
            (#"{"theme": "light", "colour": 1}"#, "'colour' is not a setting (theme, mouse, keys)"),
            (#"{"mouse": "no"}"#, "mouse must be true or false"),
            (#"["theme"]"#, #"must be one JSON object ({"theme": …, "keys": {…}})"#),
            ("{theme: dark}", "is not valid JSON"),
        ]
        for (text, message) in cases {
            switch Self.parse(text) {
            case .success: Issue.record("taken: \(text)")
            case .failure(let error): #expect(error.message == message, "\(text)")
            }
        }
    }

    @Test(
        "themes: the protected badge stands out in each; light has no yellow text on 8 colours; high contrast dims nothing"
    )
    func themes() throws {
        for theme in ColorTheme.allCases {
            let badge = theme.adjusted(Theme.protectedBadge)
            #expect(badge.reverse && badge.bold && badge != theme.adjusted(Theme.badge), "\(theme)")
            #expect(
                theme.terminalColor(.yellow, colors: 8) != theme.terminalColor(.green, colors: 8)
                    && theme.terminalColor(.red, colors: 256) != theme.terminalColor(.yellow, colors: 256))
        }
        #expect(ColorTheme.light.terminalColor(.yellow, colors: 8) != 3)
        #expect(ColorTheme.light.terminalColor(.cyan, colors: 8) != 6)
        #expect(!ColorTheme.highContrast.adjusted(Theme.hint).dim && ColorTheme.highContrast.adjusted(Theme.error).bold)
        #expect(ColorTheme.highContrast.terminalColor(.red, colors: 256) == 9)
        #expect(ColorTheme.dark.adjusted(Theme.hint) == Theme.hint)
        let config = try Self.parse(#"{"theme": "high-contrast", "mouse": false}"#).get()
        #expect(config.theme == .highContrast && !config.mouse)
    }
}
