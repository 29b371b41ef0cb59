import CourierCore

/// Routing keys to the open dialog and doing what it asks (`DialogOutcome`, `DialogRequest`).
extension AppState {
    /// An action bound in the open dialog's scope.
    mutating func perform(_ action: Action, in modal: Modal) -> [Effect] {
        var dialog = modal.dialog
        let outcome = dialog.update(action, in: self)
        return apply(outcome, from: dialog)
    }

    /// A key the open dialog's scope does not bind.
    mutating func unbound(_ key: Key, in modal: Modal) -> [Effect] {
        var dialog = modal.dialog
        let outcome = dialog.unbound(key, in: self)
        return apply(outcome, from: dialog)
    }

    /// Keeps or closes `dialog` (as its key left it), then does what it asked.
    mutating func apply(_ outcome: DialogOutcome, from dialog: any Dialog) -> [Effect] {
        switch outcome {
        case .stay(let request):
            mode = .dialog(Modal(dialog))
            return request.map { perform($0) } ?? []
        case .close(let request):
            mode = .normal
            return request.map { perform($0) } ?? []
        }
    }

    /// `Action.open`: the dialog of that name, or why it cannot open now.
    mutating func open(dialog id: ObjectIdentifier) -> [Effect] {
        guard let type = DialogRegistry.type(id) else { return [] }
        do {
            mode = .dialog(Modal(try type.open(in: self)))
        } catch {
            status = StatusLine(text: error.text, isError: false)
        }
        // The palette lists recent history too, read from the store while it is open.
        return modal?.dialog is CommandPalette ? [.loadRecent] : []
    }

    /// Does what a dialog asked.
    mutating func perform(_ request: DialogRequest) -> [Effect] {
        switch request {
        case .activate(let index): return activate(environment: index)
        case .compare(let index): return compare(with: index)
        case .send(let id, let request, let purpose): return dispatch(id: id, request: request, purpose: purpose)
        case .startRun(let name): return startRun(name)
        case .launchRun(let title, let routes, let confirmed):
            return launch(title: title, routes: routes, confirmed: confirmed)
        case .openRunExchange: return openRunExchange()
        case .pickRun: return pickRun()
        case .pickComparison(let name):
            mode = .dialog(Modal(ComparePicker(selection: name)))
            return []
        case .startComparison(let name, let index): return startComparison(name, with: index)
        case .moveRunCursor(let action):
            guard var view = run else { return [] }
            if action == .nextMatch || action == .previousMatch {
                if !view.jumpToFailure(forward: action == .nextMatch) {
                    status = StatusLine(text: "no route failed", isError: false)
                }
                run = view
            } else if view.cursor.apply(action, count: view.rows.count) {
                run = view
            }
            return []
        case .run(let effects, let notice):
            if let notice { status = notice }
            return effects
        case .palette(let choice): return perform(choice)
        case .editVariable(let name, let environment, let current):
            mode = .dialog(Modal(TextEntryDialog(.setVariable(name: name, environment: environment), text: current)))
            return []
        case .answer(let need, let value):
            return valueCame(need, .success(value))
        case .pickOperation(let operation, let schema, let route): return pick(operation, of: schema, route: route)
        case .fetchSchema(let route): return fetchSchema(route: route)
        case .setVariable(let name, let environment, let value):
            sessionVariables[environment, default: [:]][name] = value
            let what = value == nil ? "back to the workspace's value" : "set for this session (never written)"
            status = StatusLine(text: "\(name) in \(environment): \(what)", isError: false)
            // The list again, showing the value in force.
            if let list = try? VariableList.open(in: self) {
                var reopened = list
                reopened.cursor = ListCursor(list.variables.firstIndex { $0.name == name } ?? 0)
                mode = .dialog(Modal(reopened))
            } else {
                mode = .normal
            }
            return []
        }
    }

    /// A palette entry, done as its own key or pane would do it.
    mutating func perform(_ choice: CommandPalette.Choice) -> [Effect] {
        switch choice {
        case .route(let name):
            guard let route = workspace.routes.first(where: { $0.name == name }) else { return [] }
            if !routeList.filtered.contains(where: { $0.name == name }) { routeList.clearFilter() }
            if let index = routeList.filtered.firstIndex(where: { $0.name == name }) {
                routeList.cursor = ListCursor(index)
            }
            requestPane.open(route)
            focus = .request
            return measureUploads()
        case .environment(let index): return activate(environment: index)
        case .run(let name): return startRun(name)
        case .record(let id):
            status = StatusLine(text: "opening #\(id)…", isError: false)
            return [.loadRecord(id: id)]
        case .action(let action, let pane):
            // A key that works outside the form is done from the Routes pane, where it would.
            focus = pane ?? (focus == .request ? .routes : focus)
            return perform(action)
        }
    }
}
