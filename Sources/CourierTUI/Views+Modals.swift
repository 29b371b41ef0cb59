import CourierCore

extension Views {
    /// Every key, as the help dialog lists it (the README repeats this list).
    public static let helpLines: [String] = [
        "Tab / Shift-Tab   next / previous pane",
        "↑ ↓  or  k j      move in lists, fields and the response",
        "Enter             lists: pick · Request: send",
        "Esc               cancel requests in flight · back to Routes",
        "e                 switch environment      L   cycle language",
        "/                 filter routes           E   edit body in $EDITOR",
        "Request form      type to edit · ← → Home End · Backspace Delete",
        "                  Ctrl-U clear · Ctrl-N add header · Ctrl-D remove",
        "                  Space toggles booleans · Ctrl-E $EDITOR · F1 help",
        "Response          j k PgUp PgDn g G scroll · h headers · v json_path",
        "                  / search · n N next / previous match · p json_path filter",
        "                  f fold here · F cycle fold depth · 1-9 fold to depth · 0 unfold",
        "                  c copy value · C copy its json_path (OSC 52 clipboard)",
        "q                 quit (lists, Response)  Ctrl-C quit anywhere",
    ]

    static func drawModal(_ modal: Modal, _ state: AppState, into buffer: inout ScreenBuffer) {
        switch modal {
        case .help:
            dialog(
                title: "Keys", lines: helpLines.map { ($0, Style.plain) } + [("", .plain), ("Esc closes", hint)],
                style: focusedBorder, into: &buffer)
        case .environmentSwitcher(let cursor):
            var lines: [(String, Style)] = []
            for (index, environment) in state.workspace.environments.enumerated() {
                let marker = index == state.activeEnvironment ? "▸" : " "
                var style: Style = environment.isProtected ? warning : .plain
                if index == cursor { style = style.reversed }
                lines.append(
                    (
                        "\(marker) \(index + 1)  \(environment.name)\(environment.isProtected ? "  ⚠ protected" : "")",
                        style
                    ))
            }
            lines.append(("", .plain))
            lines.append(("Enter picks · 1-9 jumps · Esc closes", hint))
            dialog(title: "Environment", lines: lines, style: focusedBorder, into: &buffer)
        case .confirm(_, let prepared):
            let request = prepared.request
            let origin = prepared.origin
            let lines: [(String, Style)] = [
                ("\(origin.environmentName) is a protected environment.", warning),
                ("", .plain),
                ("\(request.method) \(origin.masking(request.url))", methodStyle(request.method)),
                ("route \(origin.routeName)", hint),
                ("", .plain),
                ("y sends · any other key cancels", Style(bold: true)),
            ]
            dialog(title: "Send to \(origin.environmentName)?", lines: lines, style: warning, into: &buffer)
        }
    }

    /// A centred box holding `lines`, clipped to the screen.
    static func dialog(title: String, lines: [(String, Style)], style: Style, into buffer: inout ScreenBuffer) {
        let contentWidth = max(CellWidth.of(title) + 4, lines.map { CellWidth.of($0.0) }.max() ?? 0)
        let width = min(buffer.width - 2, contentWidth + 4)
        let height = min(buffer.height - 2, lines.count + 2)
        let rect = Rect(x: (buffer.width - width) / 2, y: (buffer.height - height) / 2, width: width, height: height)
        buffer.fill(rect)
        buffer.box(rect, title: title, style: style)
        for (index, line) in lines.prefix(max(0, rect.inner.height)).enumerated() {
            buffer.put(" " + line.0, x: rect.inner.x, y: rect.inner.y + index, style: line.1, clip: rect.inner)
        }
    }
}
