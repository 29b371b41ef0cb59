import CourierCore

/// The key list (`?`, F1): every row of the keymap, scrolled.
public struct HelpDialog: Dialog {
    /// Rows scrolled past.
    public var scroll = 0

    /// The list from its top.
    public init(scroll: Int = 0) { self.scroll = scroll }

    /// Its rows of the key table (`Dialog.keys`).
    public static let keys = [
        KeymapRow(
            "↓ j / ↑ k, PgDn PgUp Space, g G, Esc", "key list", "scroll by a row, by a page, to either end; close",
            Keymap.moves.flatMap { Keymap.bind($0.keys, scope, $0.action) }
                + Keymap.bind([.char(" ")], scope, .pageDown)
                + Keymap.bind([.escape, .char("?"), .char("q"), .enter, .function(1)], scope, .cancel))
    ]

    /// The dialog as `Action.open` opens it (`Dialog.open`).
    public static func open(in state: AppState) throws(DialogRefusal) -> HelpDialog { HelpDialog() }

    /// What an action does to it (`Dialog.update`).
    public mutating func update(_ action: Action, in state: AppState) -> DialogOutcome {
        switch action {
        case .cancel: return .close()
        case .down, .up, .pageDown, .pageUp, .top, .bottom:
            let (page, limit) = (
                Self.rows(height: state.height),
                Self.scrollLimit(width: state.width, height: state.height, keymap: state.keymap)
            )
            let target =
                switch action {
                case .down: scroll + 1
                case .up: scroll - 1
                case .pageDown: scroll + page
                case .pageUp: scroll - page
                case .top: 0
                default: limit
                }
            scroll = max(0, min(target, limit))
        default: break
        }
        return .stay()
    }

    /// Draws it (`Dialog.draw`).
    public func draw(_ state: AppState, into buffer: inout ScreenBuffer) {
        let lines = Self.lines(width: buffer.width, keymap: state.keymap)
        let rows = Self.rows(height: buffer.height)
        let first = min(scroll, max(0, lines.count - rows))
        let more = lines.count > rows ? "↑ ↓ scroll · " : ""
        let footer = "\(more)Esc closes · \(first + 1)-\(min(lines.count, first + rows))/\(lines.count)"
        Views.dialog(
            title: "Keys", lines: Array(lines[first...].prefix(rows)) + [("", .plain), (footer, Theme.hint)],
            style: Theme.focusedBorder, width: Self.textWidth(buffer.width), into: &buffer)
    }

    /// Width of the text on a screen `width` cells wide.
    static func textWidth(_ width: Int) -> Int { max(10, min(width - 2, 80) - 4) }

    /// The key list as the dialog shows it on a screen `width` cells wide: for each keymap
    /// row of `keymap` (the keys in force), the keys and where they work, then what they do, wrapped.
    public static func lines(width: Int, keymap: Keymap = .standard) -> [(text: String, style: Style)] {
        let textWidth = textWidth(width)
        var lines: [(String, Style)] = []
        for row in keymap.rows {
            let scope = row.scope.isEmpty ? "" : "  (\(row.scope))"
            lines += Views.wrap(row.keys + scope, width: textWidth).map { ($0, Theme.strong) }
            lines += Views.wrap(row.what.filter { $0 != "`" }, width: textWidth - 4).map { ("    " + $0, .plain) }
        }
        return lines
    }

    /// Rows of the list visible at once on a screen `height` rows high.
    static func rows(height: Int) -> Int { max(1, height - 6) }

    /// The furthest the list scrolls on a `width` × `height` screen.
    static func scrollLimit(width: Int, height: Int, keymap: Keymap) -> Int {
        max(0, lines(width: width, keymap: keymap).count - rows(height: height))
    }
}
