import CourierCore

/// Check runs on the screen: pick a run, confirm mutating routes on a protected environment
/// once, watch the rows fill in, open an exchange, cancel the rest.
extension AppState {
    /// `R`: the latest run's view, or the picker when nothing has run yet.
    mutating func openRuns() -> [Effect] {
        if run != nil {
            mode = .dialog(.runView)
            return []
        }
        return pickRun()
    }

    /// The picker, or straight to the default selection when the workspace names no runs.
    mutating func pickRun() -> [Effect] {
        guard !workspace.runs.isEmpty else { return startRun(nil) }
        mode = .dialog(.runPicker(cursor: ListCursor()))
        return []
    }

    /// Selects the routes of `name` (nil: the default selection) and starts them, asking first
    /// when mutating routes would go to a protected environment.
    mutating func startRun(_ name: String?) -> [Effect] {
        let routes: [Route]
        do {
            routes = try RunSelector(workspace: workspace).select(name.map { [$0] } ?? [])
        } catch {
            mode = .normal
            status = StatusLine(text: error.description, isError: true)
            return []
        }
        let title = name ?? "default selection"
        guard !routes.isEmpty else {
            mode = .normal
            status = StatusLine(text: "\(title): no route to run", isError: true)
            return []
        }
        let mutating = routes.filter { !$0.method.isSafe }.map(\.name)
        if environment.isProtected && !mutating.isEmpty {
            mode = .dialog(.runConfirm(title: title, routes: routes, mutating: mutating))
            return []
        }
        return launch(title: title, routes: routes, confirmed: false)
    }

    /// Starts the run and opens its view.
    mutating func launch(title: String, routes: [Route], confirmed: Bool) -> [Effect] {
        let id = nextRequestID
        nextRequestID += 1
        run = RunView(id: id, title: title, environment: environment.name, routes: routes)
        mode = .dialog(.runView)
        var input = RequestInput()
        input.language = language
        let request = RunRequest(
            routes: routes, environment: environment, input: input, captured: captured[environment.name] ?? [:],
            confirmed: confirmed, title: title)
        return [.startRun(id: id, request)]
    }

    /// A key in the picker, the confirmation or the run view.
    mutating func performRun(_ action: Action, in modal: Modal) -> [Effect] {
        switch (modal, action) {
        case (.runPicker(var cursor), _) where cursor.apply(action, count: workspace.runs.count + 1):
            mode = .dialog(.runPicker(cursor: cursor))
        case (.runPicker(let cursor), .pick):
            return startRun(cursor.index == 0 ? nil : workspace.runs[safe: cursor.index - 1]?.name)
        case (.runConfirm(let title, let routes, _), .confirm):
            return launch(title: title, routes: routes, confirmed: true)
        case (.runConfirm(let title, let routes, _), .decline):
            return launch(title: title, routes: routes, confirmed: false)
        case (.runView, .pick):
            return openRunExchange()
        case (.runView, .rerun):
            return pickRun()
        case (.runView, .cancel):
            guard let run, run.isRunning else {
                mode = .normal
                return []
            }
            status = StatusLine(text: "run cancelled: the routes not yet sent are skipped", isError: false)
            return [.cancel(id: run.id)]
        case (.runView, _):
            guard var view = run, view.cursor.apply(action, count: view.rows.count) else { return [] }
            run = view
        case (_, .cancel):
            mode = .normal
        default:
            break
        }
        return []
    }

    /// Enter on a row: its exchange in the Response pane, with the request line on top.
    mutating func openRunExchange() -> [Effect] {
        guard let exchange = run?.selectedExchange else {
            status = StatusLine(text: "no response for this route", isError: false)
            return []
        }
        let id = nextRequestID
        nextRequestID += 1
        let jsonPath = workspace.routes.first { $0.name == exchange.origin.routeName }?.jsonPath
        response = ResponseDisplay(requestID: id, exchange: exchange, jsonPath: jsonPath, showRequest: true)
        shownExchange = exchange
        liveExchange = exchange
        mode = .normal
        focus = .response
        return []
    }

    mutating func runProgress(id: Int, _ result: RouteRun) -> [Effect] {
        if let exchange = result.exchange { keepCaptures(of: exchange) }
        guard run?.id == id else { return [] }
        run?.record(result)
        return []
    }

    mutating func runFinished(id: Int, _ result: EnvironmentRun) -> [Effect] {
        guard run?.id == id else { return [] }
        run?.finish(result)
        let totals = result.totals
        status = StatusLine(
            text: run?.summary ?? "", isError: totals.failed > 0 || totals.errors > 0)
        return []
    }
}
