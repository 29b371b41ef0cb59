import CourierCore

/// The check run's rows, filling in as results arrive (the run itself is `AppState.run`, kept
/// after the dialog closes so `R` shows it again).
public struct RunDialog: Dialog {
    /// The run view.
    public init() {}

    /// Its rows of the key table (`Dialog.keys`).
    public static let keys = [
        KeymapRow(
            "↑ ↓ j k, g G, Enter, r, Esc", "run view",
            "move, open the route's exchange, pick and start another run, cancel the rest (running) or close",
            Keymap.moves.flatMap { Keymap.bind($0.keys, scope, $0.action) } + Keymap.bind([.enter], scope, .pick)
                + Keymap.bind([.char("r")], scope, .rerun) + Keymap.bind([.escape, .char("q")], scope, .cancel))
    ]

    /// What an action does to it (`Dialog.update`).
    public mutating func update(_ action: Action, in state: AppState) -> DialogOutcome {
        switch action {
        case .pick: return .stay(.openRunExchange)
        case .rerun: return .stay(.pickRun)
        case .cancel:
            guard let run = state.run, run.isRunning else { return .close() }
            let notice = AppState.StatusLine(
                text: "run cancelled: the routes not yet sent are skipped", isError: false)
            return .stay(.run([.cancel(id: run.id)], notice: notice))
        default: return .stay(.moveRunCursor(action))
        }
    }

    /// Draws it (`Dialog.draw`).
    public func draw(_ state: AppState, into buffer: inout ScreenBuffer) {
        guard let run = state.run else { return }
        let width = max(20, buffer.width - 8)
        let visible = max(1, buffer.height - 9)
        let first = min(max(0, run.cursor.index - visible + 1), max(0, run.rows.count - visible))
        let nameWidth = min(28, run.rows.map { CellWidth.of($0.route) }.max() ?? 0)
        var lines: [(String, Style)] = [
            (
                "\(run.title) @ \(run.environment) · \(run.done)/\(run.rows.count)\(run.isRunning ? " · running" : "")",
                Theme.strong
            ),
            ("", .plain),
        ]
        for (index, row) in run.rows.enumerated().dropFirst(first).prefix(visible) {
            var (text, style) = Self.rowText(row, nameWidth: nameWidth)
            if index == run.cursor.index { style = style.reversed }
            lines.append(((index == run.cursor.index ? "▸ " : "  ") + text, style))
        }
        lines.append(("", .plain))
        lines.append((run.summary ?? "running…", Theme.strong))
        let keys = run.isRunning ? "Esc cancels the rest" : "r runs again · Esc closes"
        lines.append(("Enter opens the exchange · \(keys)", Theme.hint))
        Views.dialog(title: "Check run", lines: lines, style: Theme.focusedBorder, width: width, into: &buffer)
    }

    private static func rowText(_ row: RunView.Row, nameWidth: Int) -> (String, Style) {
        let name = row.route.truncatedInMiddle(to: nameWidth).padded(to: nameWidth)
        let method = row.method.rawValue.padded(to: 7)
        guard let result = row.result else { return ("· \(name)  \(method)", Theme.hint) }
        let status = result.exchange.map { String($0.response.status) } ?? "   "
        let time = result.exchange.map { "\(Seconds.milliseconds($0.response.totalTime)) ms" } ?? ""
        switch result.outcome {
        case .passed:
            return ("✓ \(name)  \(method)\(status)  \(time)", Theme.notice)
        case .failed:
            let first = result.failures.first?.line ?? ""
            return ("✗ \(name)  \(method)\(status)  \(time)  \(first)", Theme.error)
        case .error(let reason):
            return ("✗ \(name)  \(method)error: \(reason)", Theme.error)
        case .skipped(let reason):
            return ("- \(name)  \(method)skipped: \(reason)", Theme.hint)
        }
    }
}
