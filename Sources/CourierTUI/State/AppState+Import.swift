import CourierCore

/// The two dialogs that write the workspace file: a pasted curl command becomes a route,
/// and the form is saved as a route (DESIGN.md §9). The writing itself is the runtime's;
/// the new workspace comes back as `.workspaceWritten`.
extension AppState {
    /// Opens the paste dialog.
    mutating func openPasteCurl() -> [Effect] {
        mode = .dialog(Modal(TextEntryDialog(.pasteCurl)))
        return []
    }

    /// Opens the save dialog with the open route's name (Enter then saves into it).
    mutating func openSaveRoute() -> [Effect] {
        guard let (route, _) = openForm else {
            status = StatusLine(text: "open a route first: Ctrl-S saves what its form holds", isError: false)
            return []
        }
        let name = route.name == Self.quickRequestName ? "" : route.name
        mode = .dialog(Modal(TextEntryDialog(.saveRoute, text: name)))
        return []
    }

    /// Opens the dialog that saves the shown body, with a file name from the route and the
    /// body's type (`users.show.json`).
    mutating func openSaveBody() -> [Effect] {
        guard let exchange = shownExchange, response != nil else {
            status = StatusLine(text: "no response to save", isError: false)
            return []
        }
        let type = (exchange.response.contentType ?? "").lowercased()
        let ext =
            if type.contains("json") { "json" } else if type.contains("html") { "html" } else if type.contains("xml") {
                "xml"
            } else if type.hasPrefix("text/") {
                "txt"
            } else if let slash = type.firstIndex(of: "/"), type.hasPrefix("image/") {
                String(type[type.index(after: slash)...].prefix { $0.isLetter })
            } else { BodyKind.isBinary(exchange.response.body) ? "bin" : "txt" }
        let name = exchange.origin.routeName.isEmpty ? "body" : exchange.origin.routeName
        mode = .dialog(Modal(TextEntryDialog(.saveBody, text: "\(name).\(ext)")))
        return []
    }

    /// The body was written, or the dialog says why not.
    mutating func bodySaved(path: String, size: Int, error: String?) -> [Effect] {
        if let error {
            if var entry = modal?.dialog as? TextEntryDialog, entry.kind == .saveBody {
                entry.error = error
                mode = .dialog(Modal(entry))
            } else {
                status = StatusLine(text: error, isError: true)
            }
            return []
        }
        if (modal?.dialog as? TextEntryDialog)?.kind == .saveBody { mode = .normal }
        status = StatusLine(text: "saved the body (\(ByteCount.format(size))) to \(path)", isError: false)
        return []
    }

    /// The runtime wrote the file (or could not): the route is opened in the new workspace,
    /// or the dialog says why.
    mutating func workspaceWritten(_ result: Result<WrittenRoute, ImportError>) -> [Effect] {
        switch result {
        case .failure(let error):
            if var entry = modal?.dialog as? TextEntryDialog {
                entry.error = error.message
                mode = .dialog(Modal(entry))
            } else {
                status = StatusLine(text: error.message, isError: true)
            }
            return []
        case .success(let written):
            mode = .normal
            reload(written.workspace)
            guard let route = workspace.routes.first(where: { $0.name == written.route }) else { return [] }
            // A quick request saved is that route now: its scratch form starts empty next time.
            if requestPane.openRoute == Self.quickRequestName {
                requestPane.forms[Self.quickRequestName] = nil
                requestPane.savedFields[Self.quickRequestName] = nil
            }
            routeList.setFilter("")
            if let index = routeList.filtered.firstIndex(where: { $0.name == route.name }) {
                routeList.cursor = ListCursor(index)
            }
            requestPane.open(route)
            focus = .request
            var parts = ["saved '\(route.name)'"]
            // Enter must send where the pasted command went: its host's environment.
            if let name = written.environment, name != environment.name,
                let index = workspace.environments.firstIndex(where: { $0.name == name })
            {
                _ = activate(environment: index)
                parts.append("environment: \(name)\(environment.isProtected ? " (protected)" : "")")
            }
            // What matters first, the file last: a status bar 80 columns wide cuts the end.
            parts += written.notes + ["in \(workspace.file)"]
            status = StatusLine(text: parts.joined(separator: "; "), isError: false)
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
