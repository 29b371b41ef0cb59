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
        guard let (title, routes) = selection(name, purpose: "run") else { return [] }
        let mutating = routes.filter { !$0.method.isSafe }.map(\.name)
        if environment.isProtected && !mutating.isEmpty {
            mode = .dialog(Modal(RunConfirmation(title: title, routes: routes, mutating: mutating)))
            return []
        }
        return launch(title: title, routes: routes, confirmed: false)
    }

    /// Runs `name` (nil: the default selection) on the active environment and on environment
    /// `index` side by side, and compares them. Writes never reach a protected side: there is
    /// no confirmation here, so they are skipped there (`courier diff` without `--yes`).
    mutating func startComparison(_ name: String?, with index: Int) -> [Effect] {
        guard let other = workspace.environments[safe: index].map(withSession), other.name != environment.name else {
            mode = .normal
            status = StatusLine(text: "compare with another environment than \(environment.name)", isError: true)
            return []
        }
        guard let (title, routes) = selection(name, purpose: "compare") else { return [] }
        let id = nextRequestID
        nextRequestID += 1
        run = RunView(
            id: id, title: title, environment: environment.name, routes: routes, other: other.name, selection: name)
        mode = .dialog(Modal(RunDialog()))
        var input = RequestInput()
        input.language = language
        var request = RunRequest(
            routes: routes, environment: environment, input: input, captured: captured[environment.name] ?? [:],
            confirmed: false, title: "compare \(title)")
        request.compareWith = other
        request.otherCaptured = captured[other.name] ?? [:]
        return [.startRun(id: id, request)]
    }

    /// The title and routes of the run `name` (nil: the default selection); nil, with the
    /// reason in the status bar, when it cannot be selected or selects nothing to `purpose`.
    private mutating func selection(_ name: String?, purpose: String) -> (String, [Route])? {
        let title = name ?? "default selection"
        let routes: [Route]
        do {
            routes = try RunSelector(workspace: workspace).select(name.map { [$0] } ?? [])
        } catch {
            mode = .normal
            status = StatusLine(text: error.description, isError: true)
            return nil
        }
        guard !routes.isEmpty else {
            mode = .normal
            status = StatusLine(text: "\(title): no route to \(purpose)", isError: true)
            return nil
        }
        return (title, routes)
    }

    /// Starts the run and opens its view.
    mutating func launch(title: String, routes: [Route], confirmed: Bool) -> [Effect] {
        let id = nextRequestID
        nextRequestID += 1
        let selection = workspace.runs.contains { $0.name == title } ? title : nil
        run = RunView(id: id, title: title, environment: environment.name, routes: routes, selection: selection)
        mode = .dialog(Modal(RunDialog()))
        var input = RequestInput()
        input.language = language
        let request = RunRequest(
            routes: routes, environment: environment, input: input, captured: captured[environment.name] ?? [:],
            confirmed: confirmed, title: title)
        return [.startRun(id: id, request)]
    }

    /// Enter on a row: its exchange in the Response pane, with the request line on top; in a
    /// comparison, the diff view of its two exchanges.
    mutating func openRunExchange() -> [Effect] {
        if let view = run, let other = view.other, let row = view.rows[safe: view.cursor.index] {
            guard let left = row.result?.exchange, let right = row.otherResult?.exchange else {
                status = StatusLine(text: "\(row.route): no response on both sides to compare", isError: false)
                return []
            }
            mode = .dialog(
                Modal(
                    DiffDisplay(
                        route: row.route, leftTitle: "\(view.environment) · \(left.response.status)", left: left,
                        rightTitle: "\(other) · \(right.response.status)", right: right)))
            return []
        }
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
        // The open route follows what is shown: Enter in the form sends the route on screen.
        if let route = workspace.routes.first(where: { $0.name == exchange.origin.routeName }) {
            if !routeList.filtered.contains(where: { $0.name == route.name }) { routeList.clearFilter() }
            if let index = routeList.filtered.firstIndex(where: { $0.name == route.name }) {
                routeList.cursor = ListCursor(index)
            }
            requestPane.open(route)
        }
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
