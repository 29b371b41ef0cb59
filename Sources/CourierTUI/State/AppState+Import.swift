import CourierCore

/// The two dialogs that write the workspace file: a pasted curl command becomes a route,
/// and the form is saved as a route (DESIGN.md §9). The writing itself is the runtime's;
/// the new workspace comes back as `.workspaceWritten`.
extension AppState {
    /// Opens the paste dialog.
    mutating func openPasteCurl() -> [Effect] {
        mode = .dialog(.pasteCurl(text: "", error: nil))
        return []
    }

    /// Opens the save dialog with the open route's name (Enter then saves into it).
    mutating func openSaveRoute() -> [Effect] {
        guard let (route, _) = openForm else {
            status = StatusLine(text: "open a route first: Ctrl-S saves what its form holds", isError: false)
            return []
        }
        mode = .dialog(.saveRoute(name: route.name, error: nil))
        return []
    }

    /// Keys in either dialog: Enter imports or saves, Backspace and Ctrl-U edit, Esc closes.
    mutating func entryDialog(_ action: Action, _ modal: Modal) -> [Effect] {
        switch (modal, action) {
        case (_, .cancel):
            mode = .normal
        case (.pasteCurl(let text, _), .deleteBackward):
            mode = .dialog(.pasteCurl(text: String(text.dropLast()), error: nil))
        case (.pasteCurl, .clear):
            mode = .dialog(.pasteCurl(text: "", error: nil))
        case (.saveRoute(let name, _), .deleteBackward):
            mode = .dialog(.saveRoute(name: String(name.dropLast()), error: nil))
        case (.saveRoute, .clear):
            mode = .dialog(.saveRoute(name: "", error: nil))
        case (.pasteCurl(let text, _), .accept):
            return acceptCurl(text)
        case (.saveRoute(let name, _), .accept):
            return save(as: name)
        default:
            break
        }
        return []
    }

    /// Types `character` into the open dialog's text.
    mutating func typeIntoDialog(_ character: Character) {
        switch mode {
        case .dialog(.pasteCurl(let text, _)): mode = .dialog(.pasteCurl(text: text + String(character), error: nil))
        case .dialog(.saveRoute(let name, _)): mode = .dialog(.saveRoute(name: name + String(character), error: nil))
        default: break
        }
    }

    /// Enter in the paste dialog: a command that goes on (a trailing `\`, an open quote) gets
    /// a new line, as bash would; a whole one is imported.
    private mutating func acceptCurl(_ text: String) -> [Effect] {
        let trimmed = text.trimmingWhitespace()
        var goesOn = trimmed.hasSuffix("\\")
        do {
            _ = try ShellSplitter.split(text)
        } catch {
            goesOn = true
        }
        if goesOn {
            mode = .dialog(.pasteCurl(text: text + "\n", error: nil))
            return []
        }
        guard !trimmed.isEmpty else { return [] }
        return [.importCurl(command: text)]
    }

    /// Enter in the save dialog: the open route's own name saves into it; a new name adds a
    /// route; the name of another route is refused.
    private mutating func save(as name: String) -> [Effect] {
        guard let (route, form) = openForm else {
            mode = .normal
            return []
        }
        let name = name.trimmingWhitespace()
        guard !name.isEmpty else {
            mode = .dialog(.saveRoute(name: name, error: "the route needs a name"))
            return []
        }
        if name != route.name && workspace.routes.contains(where: { $0.name == name }) {
            mode = .dialog(.saveRoute(name: name, error: "a route named '\(name)' exists; choose another name"))
            return []
        }
        do {
            var saved = try form.route(from: route)
            saved.name = name
            return [.saveRoute(saved, replacing: name == route.name ? route.name : nil)]
        } catch {
            mode = .dialog(.saveRoute(name: name, error: error.description))
            return []
        }
    }

    /// The runtime wrote the file (or could not): the route is opened in the new workspace,
    /// or the dialog says why.
    mutating func workspaceWritten(_ result: Result<WrittenRoute, ImportError>) -> [Effect] {
        switch result {
        case .failure(let error):
            switch mode {
            case .dialog(.pasteCurl(let text, _)): mode = .dialog(.pasteCurl(text: text, error: error.message))
            case .dialog(.saveRoute(let name, _)): mode = .dialog(.saveRoute(name: name, error: error.message))
            default: status = StatusLine(text: error.message, isError: true)
            }
            return []
        case .success(let written):
            mode = .normal
            reload(written.workspace)
            guard let route = workspace.routes.first(where: { $0.name == written.route }) else { return [] }
            routeList.setFilter("")
            if let index = routeList.filtered.firstIndex(where: { $0.name == route.name }) {
                routeList.cursor = ListCursor(index)
            }
            requestPane.open(route)
            focus = .request
            status = StatusLine(text: "saved '\(route.name)' in \(workspace.file)", isError: false)
            return [.saveSession] + measureUploads()
        }
    }

    /// The file changed on disk: read again, or its error shown while the last good one stays.
    mutating func workspaceChanged(_ result: Result<Workspace, WorkspaceError>) -> [Effect] {
        switch result {
        case .success(let new):
            if reload(new) == nil { status = StatusLine(text: "\(new.file) changed; read again", isError: false) }
            return measureUploads()
        case .failure(let error):
            status = StatusLine(text: "\(error) (the last good workspace stays)", isError: true)
            return []
        }
    }
}
