/// Keys by name, as the key table writes them (`Ctrl-S`, `F1`, `Enter`, `↓`) and as the
/// screen's config file takes them (`"keys": {"H": "h"}`).
extension Key {
    /// How the key table and the help write the key.
    public var name: String {
        switch self {
        case .char(" "): return "Space"
        case .char(let character): return String(character)
        case .ctrl(let letter): return "Ctrl-" + letter.uppercased()
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .enter: return "Enter"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .escape: return "Esc"
        case .backspace: return "Backspace"
        case .delete: return "Delete"
        case .function(let number): return "F\(number)"
        }
    }

    /// Named keys, lower-cased, with the spellings people also write (`PageDown`, `Escape`).
    private static let named: [String: Key] = [
        "space": .char(" "), "↑": .up, "up": .up, "↓": .down, "down": .down, "←": .left, "left": .left,
        "→": .right, "right": .right, "home": .home, "end": .end, "pgup": .pageUp, "pageup": .pageUp,
        "pgdn": .pageDown, "pagedown": .pageDown, "enter": .enter, "return": .enter, "tab": .tab,
        "shift-tab": .backTab, "backtab": .backTab, "esc": .escape, "escape": .escape, "backspace": .backspace,
        "delete": .delete, "del": .delete,
    ]

    /// The key called `name`: one character (case counts: `h` is not `H`), `Ctrl-X` (or
    /// `C-x`, `ctrl+x`), `F1`…`F12`, or a named key (`Enter`, `Esc`, `Tab`, `PgDn`, `↑`…);
    /// nil for anything else.
    public init?(name: String) {
        let lower = name.lowercased()
        if let key = Self.named[lower] {
            self = key
            return
        }
        if name.count == 1, let character = name.first, character != "\u{7F}",
            character.unicodeScalars.allSatisfy({ $0.value >= 0x20 })
        {
            self = .char(character)
            return
        }
        for prefix in ["ctrl-", "ctrl+", "c-", "^"] where lower.hasPrefix(prefix) {
            let rest = lower.dropFirst(prefix.count)
            guard rest.count == 1, let letter = rest.first, letter.isASCII, letter.isLetter else { return nil }
            self = .ctrl(letter)
            return
        }
        if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...12).contains(number) {
            self = .function(number)
            return
        }
        return nil
    }
}
