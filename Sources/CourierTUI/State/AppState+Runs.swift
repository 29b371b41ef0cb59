import CourierCore

/// Check runs on the screen: pick a run, confirm mutating routes on a protected environment
/// once, watch the rows fill in, open an exchange, cancel the rest.
extension AppState {
    /// `R`: the latest run's view, or the picker when nothing has run yet.
    mutating func openRuns() -> [Effect] {
        if run != nil {
            mode = .dialog(Modal(RunDialog()))
            return []
        }
        return pickRun()
    }

    /// The picker, or straight to the default selection when the workspace names no runs.
    mutating func pickRun() -> [Effect] {
        guard !workspace.runs.isEmpty else { return startRun(nil) }
        mode = .dialog(Modal(RunPicker()))
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
            mode = .dialog(Modal(RunConfirmation(title: title, routes: routes, mutating: mutating)))
            return []
        }
        return launch(title: title, routes: routes, confirmed: false)
    }

    /// Starts the run and opens its view.
    mutating func launch(title: String, routes: [Route], confirmed: Bool) -> [Effect] {
        let id = nextRequestID
        nextRequestID += 1
        run = RunView(id: id, title: title, environment: environment.name, routes: routes)
        mode = .dialog(Modal(RunDialog()))
        var input = RequestInput()
        input.language = language
        let request = RunRequest(
            routes: routes, environment: environment, input: input, captured: captured[environment.name] ?? [:],
            confirmed: confirmed, title: title)
        return [.startRun(id: id, request)]
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
