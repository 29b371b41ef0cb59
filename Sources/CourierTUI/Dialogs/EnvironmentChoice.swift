import CourierCore

/// A key in a dialog that picks an environment (the switcher, "compare with"): moves stay in
/// it, Enter or a digit picks, Esc closes.
enum EnvironmentChoice {
    /// What `action` does to `cursor` over `count` environments: a move stays, Esc closes, a
    /// pick closes and asks the app for `picked(index)`.
    static func outcome(
        _ action: Action, cursor: inout ListCursor, count: Int, picked: (Int) -> DialogRequest
    ) -> DialogOutcome {
        switch action {
        case .cancel: return .close()
        case .pick where count > 0: return .close(picked(cursor.index))
        case .digit(let number) where number >= 1 && number <= count: return .close(picked(number - 1))
        default:
            _ = cursor.apply(action, count: count)
            return .stay()
        }
    }

    /// One row per environment: `marker number  name note`, the cursor's row reversed,
    /// protected ones in the warning colour.
    static func lines(
        _ state: AppState, cursor: Int, decoration: (Int, Environment) -> (marker: String, note: String)
    ) -> [(String, Style)] {
        state.workspace.environments.enumerated().map { index, environment in
            var style: Style = environment.isProtected ? Theme.warning : .plain
            if index == cursor { style = style.reversed }
            let (marker, note) = decoration(index, environment)
            return ("\(marker) \(index + 1)  \(environment.name)\(note)", style)
        }
    }

    /// The row of the key table for a picker in `scope`: the keys and what Enter does.
    static func keys(_ scope: KeyScope, name: String, what: String, extraCancel: [Key]) -> KeymapRow {
        KeymapRow(
            "↑ ↓ j k, Enter, 1–9, Esc", name, what,
            Keymap.bind([.down, .char("j")], scope, .down) + Keymap.bind([.up, .char("k")], scope, .up)
                + Keymap.bind([.enter], scope, .pick)
                + Keymap.bind([.escape, .char("q")] + extraCancel, scope, .cancel)
                + (1...9).map { KeyBinding(.char(Character(String($0))), scope, .digit($0)) })
    }
}
