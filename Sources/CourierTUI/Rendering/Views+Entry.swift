import CourierCore

extension Views {
    /// The paste dialog and the save dialog: the text typed so far with a cursor at its end,
    /// why the last attempt failed, and the keys.
    static func drawEntryModal(_ modal: Modal, _ state: AppState, into buffer: inout ScreenBuffer) {
        let width = max(10, min(buffer.width - 6, 90))
        var lines: [(String, Style)] = []
        let title: String
        let footer: String
        let failure: String?
        switch modal {
        case .pasteCurl(let text, let error):
            title = "Paste a curl command"
            failure = error
            footer = "Enter imports · after \\ Enter goes on · Ctrl-U clears · Esc closes"
            // The newest lines of a long command, each cut to the box, the cursor after the last.
            var rows = text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
                chunks(String(line), width: width - 2)
            }
            rows[rows.count - 1] += "▏"
            let room = max(1, buffer.height - 10)
            if text.isEmpty {
                lines.append(("curl 'https://…' -H '…'   (as a browser's Copy as cURL gives it)", Theme.hint))
            }
            lines += rows.suffix(room).map { ($0, Style.plain) }
        case .saveRoute(let name, let error):
            title = "Save the form as a route"
            failure = error
            let open = state.openForm?.route.name ?? ""
            footer = "Enter saves · Ctrl-U clears · Esc closes"
            lines.append(("name  " + name + "▏", Theme.strong))
            lines.append(("", .plain))
            let into =
                name == open ? "saves into the open route '\(open)'" : "adds a new route to \(state.workspace.file)"
            lines.append((into, Theme.hint))
        default:
            return
        }
        if let failure {
            lines.append(("", .plain))
            lines += wrap(failure, width: width - 2).map { ($0, Theme.error) }
        }
        lines.append(("", .plain))
        lines.append((footer, Theme.hint))
        dialog(title: title, lines: lines, style: Theme.focusedBorder, width: width, into: &buffer)
    }

    /// `text` cut into pieces of at most `width` cells (at least one piece, maybe empty).
    static func chunks(_ text: String, width: Int) -> [String] {
        var pieces: [String] = []
        var piece = ""
        for character in text {
            if CellWidth.of(piece + String(character)) > max(1, width) {
                pieces.append(piece)
                piece = ""
            }
            piece.append(character)
        }
        pieces.append(piece)
        return pieces
    }
}
