import CourierCore

/// The two dialogs that take typed text and write the workspace file (DESIGN.md §9): a pasted
/// curl command becomes a route (`I`), the form is saved as a route (Ctrl-S). The writing is
/// the runtime's; the new workspace comes back as `.workspaceWritten`.
public struct TextEntryDialog: Dialog {
    /// Which of the two.
    public enum Kind: Sendable, Equatable {
        /// A curl command, pasted or typed.
        case pasteCurl
        /// The name to save the form under.
        case saveRoute
        /// The file to save the shown body to.
        case saveBody
        /// A variable's value in an environment, for this session (`V`, Enter).
        case setVariable(name: String, environment: String)
        /// A `{{$prompt}}`'s answer for the send waiting for it.
        case answer(SendNeed)
    }

    /// Which of the two.
    public var kind: Kind
    /// Typed so far.
    public var text: String
    /// Why the last attempt failed.
    public var error: String?

    /// A dialog of `kind` holding `text`.
    public init(_ kind: Kind, text: String = "", error: String? = nil) {
        self.kind = kind
        self.text = text
        self.error = error
    }

    /// Its rows of the key table (`Dialog.keys`).
    public static let keys = [
        KeymapRow(
            "typing, Enter, Backspace, Ctrl-U, Esc", "paste curl, save route",
            "type or paste, import / save (after a trailing \\ or in an open quote Enter starts a line), delete, clear, close",
            Keymap.bind([.enter], scope, .accept) + Keymap.bind([.backspace], scope, .deleteBackward)
                + Keymap.bind([.ctrl("u")], scope, .clear) + Keymap.bind([.escape], scope, .cancel))
    ]

    /// What an action does to it (`Dialog.update`).
    public mutating func update(_ action: Action, in state: AppState) -> DialogOutcome {
        switch action {
        case .cancel: return .close()
        case .deleteBackward: text = String(text.dropLast())
        case .clear: text = ""
        case .accept:
            switch kind {
            case .pasteCurl: return acceptCurl()
            case .saveRoute: return save(in: state)
            case .saveBody: return saveBody(in: state)
            case .setVariable(let name, let environment):
                return .close(.setVariable(name: name, environment: environment, value: text))
            case .answer(let need):
                return .close(.answer(need, value: text))
            }
        default: return .stay()
        }
        error = nil
        return .stay()
    }

    /// What a key its scope does not bind does (`Dialog.unbound`).
    public mutating func unbound(_ key: Key, in state: AppState) -> DialogOutcome {
        if case .char(let character) = key {
            text.append(character)
            error = nil
        }
        return .stay()
    }

    /// Enter in the paste dialog: a command that goes on (a trailing `\`, an open quote) gets
    /// a new line, as bash would; a whole one is imported.
    private mutating func acceptCurl() -> DialogOutcome {
        let trimmed = text.trimmingWhitespace()
        var goesOn = trimmed.hasSuffix("\\")
        do {
            _ = try ShellSplitter.split(text)
        } catch {
            goesOn = true
        }
        if goesOn {
            text += "\n"
            error = nil
            return .stay()
        }
        guard !trimmed.isEmpty else { return .stay() }
        return .stay(.run([.importCurl(command: text)]))
    }

    /// Enter in the body's dialog: the shown body goes to the path typed.
    private mutating func saveBody(in state: AppState) -> DialogOutcome {
        let path = text.trimmingWhitespace()
        guard !path.isEmpty, let exchange = state.shownExchange else { return .stay() }
        return .stay(.run([.saveBody(exchange, path: path)]))
    }

    /// Enter in the save dialog: the open route's own name saves into it; a new name adds a
    /// route; the name of another route is refused.
    private mutating func save(in state: AppState) -> DialogOutcome {
        guard let (route, form) = state.openForm else { return .close() }
        let name = text.trimmingWhitespace()
        guard !name.isEmpty else {
            text = name
            error = "the route needs a name"
            return .stay()
        }
        if name != route.name && state.workspace.routes.contains(where: { $0.name == name }) {
            text = name
            error = "a route named '\(name)' exists; choose another name"
            return .stay()
        }
        do {
            var saved = try form.route(from: route)
            if route.name == AppState.quickRequestName { saved = state.relativized(saved) }
            saved.name = name
            return .stay(.run([.saveRoute(saved, replacing: name == route.name ? route.name : nil)]))
        } catch {
            text = name
            self.error = error.description
            return .stay()
        }
    }

    /// Draws it (`Dialog.draw`).
    public func draw(_ state: AppState, into buffer: inout ScreenBuffer) {
        let width = max(10, min(buffer.width - 6, 90))
        var lines: [(String, Style)] = []
        let title: String
        let footer: String
        switch kind {
        case .pasteCurl:
            title = "Paste a curl command"
            footer = "Enter imports · after \\ Enter goes on · Ctrl-U clears · Esc closes"
            // The newest lines of a long command, each cut to the box, the cursor after the last.
            var rows = text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
                Views.chunks(String(line), width: width - 2)
            }
            rows[rows.count - 1] += "▏"
            let room = max(1, buffer.height - 10)
            if text.isEmpty {
                lines.append(("curl 'https://…' -H '…'   (as a browser's Copy as cURL gives it)", Theme.hint))
            }
            lines += rows.suffix(room).map { ($0, Style.plain) }
        case .saveBody:
            title = "Save the body to a file"
            footer = "Enter saves · Ctrl-U clears · Esc closes"
            lines.append(("file  " + text + "▏", Theme.strong))
            lines.append(("", .plain))
            lines.append(("relative to the folder Courier was started in; an existing file is kept", Theme.hint))
        case .setVariable(let name, let environment):
            title = "\(name) in \(environment), for this session"
            footer = "Enter sets it · Ctrl-U clears · Esc keeps the value"
            // A secret is typed unseen, as a password is.
            let secret = state.workspace.environments.first { $0.name == environment }?.secrets.contains(name) ?? false
            let shown = secret ? String(repeating: "•", count: text.count) : text
            lines.append(("value  " + shown + "▏", Theme.strong))
            lines.append(("", .plain))
            lines.append(("requests read it over the workspace's value until you quit; nothing is written", Theme.hint))
        case .answer(let need):
            let label: String
            switch need {
            case .prompt(let text), .secretPrompt(let text): label = text
            default: label = need.description
            }
            title = label
            footer = "Enter sends · Ctrl-U clears · Esc does not send"
            // A secret prompt is typed unseen and masked wherever it appears afterwards.
            let shown = need.isSecret ? String(repeating: "•", count: text.count) : text
            lines.append(("> " + shown + "▏", Theme.strong))
            lines.append(("", .plain))
            lines.append(("asked by \(need.description); asked again at the next send", Theme.hint))
        case .saveRoute:
            title = "Save the form as a route"
            let open = state.openForm?.route.name ?? ""
            footer = "Enter saves · Ctrl-U clears · Esc closes"
            lines.append(("name  " + text + "▏", Theme.strong))
            lines.append(("", .plain))
            let name = text.trimmingWhitespace()
            if name == open {
                lines.append(("saves into the open route '\(open)'", Theme.hint))
            } else if state.workspace.routes.contains(where: { $0.name == name }) {
                // Said before Enter is pressed, not after.
                lines.append(("a route named '\(name)' exists; choose another name", Theme.error))
            } else {
                lines.append(("adds a new route to \(state.workspace.file)", Theme.hint))
            }
        }
        if let error, !lines.contains(where: { $0.0 == error }) {
            lines.append(("", .plain))
            lines += Views.wrap(error, width: width - 2).map { ($0, Theme.error) }
        }
        lines.append(("", .plain))
        lines.append((footer, Theme.hint))
        Views.dialog(title: title, lines: lines, style: Theme.focusedBorder, width: width, into: &buffer)
    }
}
