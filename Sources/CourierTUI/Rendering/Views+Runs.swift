import CourierCore

/// The check run's dialogs: the picker, the protected-environment confirmation and the run view.
extension Views {
    static func drawRunModal(_ modal: Modal, _ state: AppState, into buffer: inout ScreenBuffer) {
        switch modal {
        case .runPicker(let cursor):
            let selector = RunSelector(workspace: state.workspace)
            let choices = [("default selection", [String]())] + state.workspace.runs.map { ($0.name, [$0.name]) }
            var lines: [(String, Style)] = []
            for (index, choice) in choices.enumerated() {
                let count = (try? selector.select(choice.1).count).map { "\($0) route\($0 == 1 ? "" : "s")" } ?? "?"
                let text = "\(index == cursor.index ? "▸" : " ") \(choice.0) · \(count)"
                lines.append((text, index == cursor.index ? Style.plain.reversed : .plain))
            }
            lines += [("", .plain), ("Enter runs on \(state.environment.name) · Esc closes", Theme.hint)]
            dialog(title: "Run checks", lines: lines, style: Theme.focusedBorder, into: &buffer)
        case .runConfirm(let title, let routes, let mutating):
            let environment = state.environment.name
            var lines: [(String, Style)] = [
                ("\(environment) is a protected environment.", Theme.warning), ("", .plain),
                ("\(title): \(routes.count) routes; these change data:", .plain),
            ]
            for route in routes where mutating.contains(route.name) {
                lines.append(("  \(route.method.rawValue.padded(to: 7))\(route.name)", Theme.method(route.method)))
            }
            lines += [("", .plain), ("y sends them too · n runs the rest · Esc runs nothing", Theme.strong)]
            dialog(title: "Run on \(environment)?", lines: lines, style: Theme.warning, into: &buffer)
        case .runView:
            if let run = state.run { drawRunView(run, into: &buffer) }
        default:
            break
        }
    }

    /// A row per route, filling in as results arrive, then the summary.
    static func drawRunView(_ run: RunView, into buffer: inout ScreenBuffer) {
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
            var (text, style) = rowText(row, nameWidth: nameWidth)
            if index == run.cursor.index { style = style.reversed }
            lines.append(((index == run.cursor.index ? "▸ " : "  ") + text, style))
        }
        lines.append(("", .plain))
        lines.append((run.summary ?? "running…", Theme.strong))
        let keys = run.isRunning ? "Esc cancels the rest" : "r runs again · Esc closes"
        lines.append(("Enter opens the exchange · \(keys)", Theme.hint))
        dialog(title: "Check run", lines: lines, style: Theme.focusedBorder, width: width, into: &buffer)
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
