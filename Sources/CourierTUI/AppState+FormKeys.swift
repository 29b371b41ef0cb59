import CourierCore

/// Keys of the Request form and the dialogs, and the actions they start.
extension AppState {
    mutating func editForm(_ key: Key) -> [Effect] {
        guard let name = openRoute, var form = forms[name] else { return [] }
        var changed = true
        switch key {
        case .enter:
            return send()
        case .up:
            form.moveFocus(-1)
            changed = false
        case .down:
            form.moveFocus(1)
            changed = false
        case .left:
            form.moveCursor(-1)
            changed = false
        case .right:
            form.moveCursor(1)
            changed = false
        case .home, .ctrl("a"):
            form.moveCursorToStart(true)
            changed = false
        case .end:
            form.moveCursorToStart(false)
            changed = false
        case .backspace: form.backspace()
        case .delete: form.deleteForward()
        case .ctrl("u"): form.clearToStart()
        case .ctrl("n"): form.addHeader()
        case .ctrl("d"): form.removeFocusedHeader()
        case .ctrl("e"):
            return openEditor()
        case .char(let character): form.insert(character)
        default: changed = false
        }
        forms[name] = form
        return changed ? [.saveSession] : []
    }

    mutating func handle(_ key: Key, in modal: Modal) -> [Effect] {
        switch modal {
        case .help:
            if [.escape, .char("?"), .char("q"), .enter, .function(1)].contains(key) { self.modal = nil }
            return []
        case .environmentSwitcher(let cursor):
            let last = workspace.environments.count - 1
            switch key {
            case .down, .char("j"): self.modal = .environmentSwitcher(cursor: min(cursor + 1, last))
            case .up, .char("k"): self.modal = .environmentSwitcher(cursor: max(cursor - 1, 0))
            case .enter:
                self.modal = nil
                return activate(environment: cursor)
            case .escape, .char("q"), .char("e"): self.modal = nil
            case .char(let character) where character.isNumber:
                if let index = Int(String(character)), index >= 1, index <= last + 1 {
                    self.modal = nil
                    return activate(environment: index - 1)
                }
            default: break
            }
            return []
        case .confirm(let id, let request):
            self.modal = nil
            guard key == .char("y") || key == .char("Y") else {
                status = StatusLine(
                    text: "not sent: \(request.request.method) to \(request.origin.environmentName) cancelled",
                    isError: false)
                return []
            }
            return dispatch(id: id, request: request)
        }
    }

    // MARK: Actions

    mutating func activate(environment index: Int) -> [Effect] {
        guard workspace.environments.indices.contains(index) else { return [] }
        activeEnvironment = index
        environmentCursor = index
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
            guard let name = openRoute, var form = forms[name] else { return [] }
            do {
                try form.replaceBody(with: text)
            } catch {
                status = StatusLine(text: error.description, isError: true)
                return []
            }
            forms[name] = form
            status = StatusLine(text: "body updated from the editor", isError: false)
            return [.saveSession]
        }
    }
}
