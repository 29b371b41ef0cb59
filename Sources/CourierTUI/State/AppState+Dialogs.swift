import CourierCore

/// The dialogs, and the actions keys start outside the panes.
extension AppState {
    /// A key in a dialog.
    mutating func perform(_ action: Action, in modal: Modal) -> [Effect] {
        switch (modal, action) {
        case (.help, .cancel):
            mode = .normal
        case (.help(let scroll), .down):
            mode = .dialog(.help(scroll: min(scroll + 1, Views.helpScrollLimit(width: width, height: height))))
        case (.help(let scroll), .up):
            mode = .dialog(.help(scroll: max(0, scroll - 1)))
        case (.environmentSwitcher(let cursor), _):
            return pickEnvironment(action, cursor: cursor, reopen: Modal.environmentSwitcher) { state, index in
                state.activate(environment: index)
            }
        case (.confirm(let id, var request, _), .confirm):
            mode = .normal
            request.options.protectedGuard.confirmed = true
            return dispatch(id: id, request: request, purpose: confirmPurpose)
        case (.history(let browser), _):
            return performHistory(action, in: browser)
        case (.diffPicker(let cursor), _):
            return pickEnvironment(action, cursor: cursor, reopen: Modal.diffPicker) { state, index in
                state.compare(with: index)
            }
        case (.diff, .cancel):
            mode = .normal
        case (.diff(var display), _):
            if display.handle(action, width: width, height: Views.diffRows(height: height)) {
                mode = .dialog(.diff(display))
            }
        case (.runPicker, _), (.runConfirm, _), (.runView, _):
            return performRun(action, in: modal)
        case (.pasteCurl, _), (.saveRoute, _):
            return entryDialog(action, modal)
        case (.cookies, .cancel):
            mode = .normal
        case (.cookies(let environment, let cookies, let scroll), .down):
            let limit = max(0, cookies.count - Views.cookieRows(height: height))
            mode = .dialog(.cookies(environment: environment, cookies: cookies, scroll: min(scroll + 1, limit)))
        case (.cookies(let environment, let cookies, let scroll), .up):
            mode = .dialog(.cookies(environment: environment, cookies: cookies, scroll: max(0, scroll - 1)))
        default:
            break
        }
        return []
    }

    /// A key in a dialog that picks an environment (the switcher, "compare with"): moves
    /// stay in it, Enter or a digit picks (`picked` does the rest), Esc closes.
    mutating func pickEnvironment(
        _ action: Action, cursor: ListCursor, reopen: (ListCursor) -> Modal,
        picked: (inout AppState, Int) -> [Effect]
    ) -> [Effect] {
        var cursor = cursor
        let count = workspace.environments.count
        switch action {
        case .cancel:
            mode = .normal
        case .pick:
            mode = .normal
            return picked(&self, cursor.index)
        case .digit(let number) where workspace.environments.indices.contains(number - 1):
            mode = .normal
            return picked(&self, number - 1)
        default:
            if cursor.apply(action, count: count) { mode = .dialog(reopen(cursor)) }
        }
        return []
    }

    // MARK: Actions

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
        guard form.fields.contains(where: { $0.section == .body }) || route.body != nil else {
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
}
