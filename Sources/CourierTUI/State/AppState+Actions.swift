import CourierCore

/// What keys start outside the panes and dialogs: the active environment, the language, the
/// body in `$EDITOR`.
extension AppState {
    mutating func activate(environment index: Int) -> [Effect] {
        guard workspace.environments.indices.contains(index) else { return [] }
        activeEnvironment = index
        environmentList.cursor.set(index, count: workspace.environments.count)
        status = StatusLine(
            text: "environment: \(environment.name)\(environment.isProtected ? " (protected)" : "")", isError: false)
        return [.saveSession]
    }

    mutating func cycleLanguage() -> [Effect] {
        guard !workspace.languages.isEmpty else {
            status = StatusLine(text: "this workspace lists no languages", isError: false)
            return []
        }
        languageIndex = ((languageIndex ?? -1) + 1) % workspace.languages.count
        status = StatusLine(text: "language: \(language ?? "")", isError: false)
        return [.saveSession]
    }

    mutating func openEditor() -> [Effect] {
        guard let (route, form) = openForm else {
            status = StatusLine(text: "open a route first (Enter on a route)", isError: true)
            return []
        }
        guard form.fields.contains(where: { $0.section == .body }) || route.body != nil || route.graphql != nil else {
            status = StatusLine(text: "\(route.name) has no body to edit", isError: true)
            return []
        }
        return [.openEditor(text: form.bodyText)]
    }

    mutating func finishEditing(_ result: Result<String, EditorError>) -> [Effect] {
        switch result {
        case .failure(let error):
            status = StatusLine(text: error.message, isError: true)
            return []
        case .success(let text):
            guard openRoute != nil else { return [] }
            do {
                try requestPane.replaceBody(with: text)
            } catch {
                status = StatusLine(text: error.description, isError: true)
                return []
            }
            status = StatusLine(text: "body updated from the editor", isError: false)
            return [.saveSession]
        }
    }

    /// Resizes the panes by `left` cells and `request` rows, as far as the screen allows (a
    /// change past a limit is not kept), and remembers it.
    mutating func resize(left: Int, request: Int) -> [Effect] {
        var automatic = self
        (automatic.leftColumn, automatic.requestRows) = (0, 0)
        let own = Layout(width: width, height: height, state: automatic)
        leftColumn += left
        requestRows += request
        // What the screen allowed, kept as the difference from its own choice.
        let after = Layout(width: width, height: height, state: self)
        leftColumn = after.routes.width - own.routes.width
        requestRows = after.request.height - own.request.height
        return [.saveSession]
    }
}
