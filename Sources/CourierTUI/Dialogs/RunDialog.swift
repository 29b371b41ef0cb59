import CourierCore

/// The check run's rows, filling in as results arrive (the run itself is `AppState.run`, kept
/// after the dialog closes so `R` shows it again).
public struct RunDialog: Dialog {
    /// The run view.
    public init() {}

    /// Its rows of the key table (`Dialog.keys`).
    public static let keys = [
        KeymapRow(
            "↑ ↓ j k, g G, n N, Enter, r, c, Esc", "run view",
            "move, next / previous failure, open the route's exchange (comparing: its diff), pick and start another "
                + "run, compare this run on two environments, cancel the rest (running) or close",
            Keymap.moves.flatMap { Keymap.bind($0.keys, scope, $0.action) } + Keymap.bind([.enter], scope, .pick)
                + Keymap.bind([.char("n")], scope, .nextMatch) + Keymap.bind([.char("N")], scope, .previousMatch)
                + Keymap.bind([.char("r")], scope, .rerun) + Keymap.bind([.char("c")], scope, .compareRun)
                + Keymap.bind([.escape, .char("q")], scope, .cancel))
    ]

    /// What an action does to it (`Dialog.update`).
    public mutating func update(_ action: Action, in state: AppState) -> DialogOutcome {
        switch action {
        case .pick: return .stay(.openRunExchange)
        case .rerun: return .stay(.pickRun)
        case .compareRun:
            guard let run = state.run, !run.isRunning else { return .stay() }
            return .stay(.pickComparison(name: run.selection))
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
        // Below the rows: the row's whole reason, and the summary, wrapped, never cut.
        let details = run.details.flatMap { Views.wrap($0, width: width - 4) }.prefix(4).map {
            ("  " + $0, Theme.error)
        }
        let summary = Views.wrap(run.summary ?? "running…", width: width - 2).map { ($0, Theme.strong) }
        let keys = run.isRunning ? "Esc cancels the rest" : "r runs again · c compares · Esc closes"
        let footer = Views.wrap(
            "n next ✗ · Enter opens \(run.isComparison ? "the diff" : "the exchange") · \(keys)", width: width - 2
        ).map { ($0, Theme.hint) }
        let visible = max(1, buffer.height - 7 - summary.count - details.count - footer.count)
        let first = min(max(0, run.cursor.index - visible + 1), max(0, run.rows.count - visible))
        let nameWidth = min(28, run.rows.map { CellWidth.of($0.route) }.max() ?? 0)
        let sides = run.other.map { "\(run.environment) | \($0)" } ?? run.environment
        var lines: [(String, Style)] = [
            (
                "\(run.title) @ \(sides) · \(run.done)/\(run.rows.count)\(run.isRunning ? " · running" : "")",
                Theme.strong
            ),
            ("", .plain),
        ]
        for (index, row) in run.rows.enumerated().dropFirst(first).prefix(visible) {
            var (text, style) =
                run.isComparison
                ? Self.comparedText(row, nameWidth: nameWidth) : Self.rowText(row, nameWidth: nameWidth)
            if index == run.cursor.index { style = style.reversed }
            lines.append(((index == run.cursor.index ? "▸ " : "  ") + text, style))
        }
        lines += details
        lines.append(("", .plain))
        lines += summary
        lines += footer
        let title = run.isComparison ? "Compare run" : "Check run"
        Views.dialog(title: title, lines: lines, style: Theme.focusedBorder, width: width, into: &buffer)
    }

    /// A compared row: `≠ users.show  GET    200 | 200   12 | 75 ms  json address.zip: …`.
    private static func comparedText(_ row: RunView.Row, nameWidth: Int) -> (String, Style) {
        let name = row.route.truncatedInMiddle(to: nameWidth).padded(to: nameWidth)
        let method = row.method.rawValue.padded(to: 7)
        guard let comparison = row.comparison else {
            let known = [row.result, row.otherResult].compactMap { $0 }.count
            return ("· \(name)  \(method)\(known == 1 ? "one side answered" : "")", Theme.hint)
        }
        func status(_ run: RouteRun) -> String { run.exchange.map { String($0.response.status) } ?? "–" }
        func time(_ run: RouteRun) -> String {
            run.exchange.map { String(Seconds.milliseconds($0.response.totalTime)) } ?? "–"
        }
        let sides = "\(status(comparison.left)) | \(status(comparison.right))".padded(to: 11)
        let times = "\(time(comparison.left)) | \(time(comparison.right)) ms".padded(to: 14)
        let first = comparison.differences.first { $0.place != "status" }?.description ?? ""
        switch comparison.verdict {
        case .same: return ("= \(name)  \(method)\(sides)\(times)", Theme.notice)
        case .different: return ("≠ \(name)  \(method)\(sides)\(times)\(first)", Theme.warning)
        case .statusDiffers: return ("✗ \(name)  \(method)\(sides)\(times)\(first)", Theme.error)
        case .trouble(let reason): return ("✗ \(name)  \(method)\(reason)", Theme.error)
        case .skipped(let reason): return ("- \(name)  \(method)skipped: \(reason)", Theme.hint)
        }
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
