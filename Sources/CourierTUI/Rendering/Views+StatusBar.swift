import CourierCore

/// The status bar: the environment, the language, what is in flight, then the status or the hints.
extension Views {
    static func drawStatusBar(_ state: AppState, _ rect: Rect, into buffer: inout ScreenBuffer) {
        let environment = state.environment
        var x = buffer.put(
            " \(environment.name)\(environment.isProtected ? " ⚠" : "") ", x: 0, y: rect.y,
            style: environment.isProtected ? Theme.protectedBadge : Theme.badge)
        if let language = state.language { x = buffer.put(" \(language) ", x: x, y: rect.y, style: Theme.hint) }
        x = buffer.put(" ", x: x, y: rect.y)
        // While a message is typed the entry has the bar: the conversation's pane shows it live.
        var typing = false
        if case .typingMessage = state.mode { typing = true }
        if !typing, let first = state.inFlight.keys.min(), let sending = state.inFlight[first] {
            let frame = spinner[state.spinnerFrame % spinner.count]
            let more = state.inFlight.count > 1 ? " (+\(state.inFlight.count - 1))" : ""
            var progress = ""
            if sending.received > 0 {
                progress = " · ↓ \(ByteCount.format(sending.received))"
                if sending.elapsed > 0 {
                    progress += " · \(ByteCount.format(Int(Double(sending.received) / sending.elapsed)))/s"
                }
            }
            let origin = sending.request.origin
            x = buffer.put(
                "\(frame) \(sending.request.request.method) \(origin.routeName) → \(origin.environmentName)\(more)\(progress) · Esc cancels  ",
                x: x, y: rect.y, style: Theme.active)
        }
        switch state.mode {
        case .typingPath(let typed, _):
            buffer.put(
                "json path: \(typed)▏  applied as you type · Enter keeps · Esc restores", x: x, y: rect.y,
                style: Theme.active)
        case .searchingBody(let query):
            buffer.put("search: /\(query)▏  Enter finds · Esc cancels", x: x, y: rect.y, style: Theme.active)
        case .typingMessage(_, let draft, _):
            buffer.put(
                "message: \(TerminalText.visibleLine(draft))▏  Enter sends · ↑↓ saved · Esc closes", x: x, y: rect.y,
                style: Theme.active)
        default:
            if let status = state.status {
                buffer.put(status.text, x: x, y: rect.y, style: status.isError ? Theme.error : Theme.notice)
            } else if state.inFlight.isEmpty {
                let hints = state.keymap.hints(in: state.activeScopes)
                buffer.put(fitting(hints, width: rect.width - x), x: x, y: rect.y, style: Theme.hint)
            }
        }
    }

    /// As many whole hints as fit in `width` cells, joined by ` · `; a hint is never cut.
    static func fitting(_ hints: [String], width: Int) -> String {
        var line = ""
        for hint in hints {
            let next = line.isEmpty ? hint : line + " · " + hint
            guard CellWidth.of(next) <= width else { break }
            line = next
        }
        return line
    }
}
