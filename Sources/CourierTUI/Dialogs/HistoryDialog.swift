import CourierCore

/// The open route's recorded exchanges, newest first and from every environment (`H`,
/// DESIGN.md §8): Enter shows one in the Response pane.
public struct HistoryDialog: Dialog {
    /// The route whose history this is.
    public var route: String
    /// What the database holds for it, newest first.
    public var entries: [HistoryEntry]
    /// The row under the cursor.
    public var cursor = ListCursor()

    /// A list of `entries`.
    public init(route: String, entries: [HistoryEntry]) {
        self.route = route
        self.entries = entries
    }

    /// Its rows of the key table (`Dialog.keys`).
    public static let keys = [
        KeymapRow(
            "↑ ↓ j k, g G, Enter, Esc", "history", "move, show the exchange in the Response pane, close",
            Keymap.moves.flatMap { Keymap.bind($0.keys, scope, $0.action) } + Keymap.bind([.enter], scope, .pick)
                + Keymap.bind([.escape, .char("q"), .char("H")], scope, .cancel))
    ]

    /// The entry under the cursor, if there is one.
    public var selected: HistoryEntry? {
        entries.indices.contains(cursor.index) ? entries[cursor.index] : nil
    }

    /// What an action does to it (`Dialog.update`).
    public mutating func update(_ action: Action, in state: AppState) -> DialogOutcome {
        switch action {
        case .cancel: return .close()
        case .pick:
            guard let entry = selected else { return .stay() }
            let notice = AppState.StatusLine(text: "opening #\(entry.id)…", isError: false)
            return .close(.run([.loadRecord(id: entry.id)], notice: notice))
        default:
            _ = cursor.apply(action, count: entries.count)
            return .stay()
        }
    }

    /// Draws it (`Dialog.draw`).
    public func draw(_ state: AppState, into buffer: inout ScreenBuffer) {
        let visible = max(1, buffer.height - 8)
        let count = entries.count
        let first = max(0, min(cursor.index - visible / 2, count - visible))
        let environmentWidth = min(16, entries.map { CellWidth.of($0.environment) }.max() ?? 0)
        let idWidth = entries.map { String($0.id).count }.max() ?? 1
        var lines: [(String, Style)] = []
        for (index, entry) in entries.enumerated().dropFirst(first).prefix(visible) {
            var style = entry.status >= 400 || entry.failure != nil ? Theme.error : Style.plain
            if index == cursor.index { style = style.reversed }
            lines.append((Self.row(entry, environmentWidth: environmentWidth, idWidth: idWidth), style))
        }
        lines.append(("", .plain))
        lines.append(("Enter shows it · Esc closes · \(cursor.index + 1)/\(count)", Theme.hint))
        Views.dialog(title: "History · \(route)", lines: lines, style: Theme.focusedBorder, into: &buffer)
    }

    /// One row: `#id  time  environment  status  duration  checks`, columns aligned by the
    /// caller's widths; a failed attempt has `—` for its status and why in place of checks.
    public static func row(_ entry: HistoryEntry, environmentWidth: Int, idWidth: Int = 0) -> String {
        let tally = entry.failure.map { "  ✗ \($0)" } ?? entry.checkTally.map { "  \($0.description)" } ?? ""
        let env = entry.environment.truncatedInMiddle(to: environmentWidth).padded(to: environmentWidth)
        // Ids padded to the widest shown, so the columns after them line up.
        let id = ("#" + String(entry.id)).padded(to: idWidth + 1)
        let status = entry.failure == nil ? String(entry.status) : "—  "
        return "\(id)  \(HistoryListing.localTime(entry.recordedAt))  \(env)  \(status)  "
            + "\(Seconds.milliseconds(entry.totalTime)) ms\(tally)"
    }
}
