import CourierCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The history dialog, recorded exchanges in the Response pane, comparisons and curl copies
/// (DESIGN.md §7–§9 on the screen).
extension AppState {
    /// H: asks for the open route's history (the route under the cursor when none is open).
    mutating func openHistory() -> [Effect] {
        guard let route = openRoute ?? routeList.selected?.name else {
            status = StatusLine(text: "pick a route to see its history", isError: false)
            return []
        }
        status = StatusLine(text: "reading the history of \(route)…", isError: false)
        return [.loadHistory(route: route)]
    }

    /// The history arrived: the dialog opens on it, unless another dialog opened meanwhile.
    mutating func historyLoaded(route: String, entries: [HistoryEntry]) -> [Effect] {
        guard !entries.isEmpty else {
            status = StatusLine(text: "nothing recorded for \(route) yet", isError: false)
            return []
        }
        guard case .normal = mode else { return [] }
        status = nil
        mode = .dialog(Modal(HistoryDialog(route: route, entries: entries)))
        return []
    }

    /// A recorded exchange goes in the Response pane, marked as recorded.
    mutating func recordLoaded(_ record: HistoryRecord) -> [Effect] {
        let exchange = record.exchange
        if let detail = record.failure {
            // An attempt that got no answer: shown as a failure is, not as an empty `0` response.
            response = nil
            failure = RequestFailure(recorded: record, detail: detail)
            focus = .response
            status = StatusLine(
                text: "recorded #\(record.id.map(String.init) ?? "?") · s sends it again", isError: false)
            return []
        }
        let jsonPath = workspace.routes.first { $0.name == exchange.origin.routeName }?.jsonPath
        // Its own id: an answer to a request sent before it was opened does not cover it.
        var display = ResponseDisplay(requestID: nextRequestID, exchange: exchange, jsonPath: jsonPath)
        nextRequestID += 1
        display.recordedAt = record.recordedAt
        response = display
        shownExchange = exchange
        focus = .response
        status = StatusLine(
            text:
                "recorded #\(record.id.map(String.init) ?? "?") · s sends it again · x compares with the current response",
            isError: false)
        return []
    }

    /// s: the shown exchange's route, sent again to its environment with the form as it is.
    /// (A recorded request has its secrets masked, so it is rebuilt rather than replayed.)
    /// A failure in the pane (live, or an attempt opened from `H`) is what `s` sends again.
    mutating func resend() -> [Effect] {
        let origin =
            if response == nil, let failure { (failure.routeName, failure.environmentName) } else {
                shownExchange.map { ($0.origin.routeName, $0.origin.environmentName) }
            }
        guard let (routeName, environmentName) = origin,
            let (route, environment) = routeAndEnvironment(route: routeName, environment: environmentName)
        else { return [] }
        return send(route: route, to: environment)
    }

    /// x: the recorded exchange on screen against the current response of its route.
    mutating func compareRecorded() -> [Effect] {
        guard let shown = shownExchange, let recordedAt = response?.recordedAt else {
            status = StatusLine(text: "x compares a recorded exchange (H lists them)", isError: false)
            return []
        }
        let route = shown.origin.routeName
        guard let live = liveExchange, live.origin.routeName == route else {
            status = StatusLine(text: "no current response of \(route) to compare with (s sends it)", isError: true)
            return []
        }
        return showComparison(
            left: shown, leftTitle: title(shown, recordedAt: recordedAt), right: live)
    }

    /// d: pick the environment to send the shown response's route to.
    mutating func pickComparison() -> [Effect] {
        guard let shown = shownExchange, response != nil else { return [] }
        let current = workspace.environments.firstIndex { $0.name == shown.origin.environmentName } ?? -1
        let other = workspace.environments.indices.first { $0 != current } ?? 0
        mode = .dialog(Modal(DiffPicker(cursor: ListCursor(other))))
        return []
    }

    /// Sends the shown response's route to environment `index`; its answer is compared with it.
    mutating func compare(with index: Int) -> [Effect] {
        guard let shown = shownExchange, workspace.environments.indices.contains(index),
            let (route, _) = routeAndEnvironment(of: shown)
        else { return [] }
        let title = title(shown, recordedAt: response?.recordedAt)
        return send(
            route: route, to: withSession(workspace.environments[index]), purpose: .compare(with: shown, title: title))
    }

    /// Opens the diff view of `left` and `right` (or says they are the same).
    mutating func showComparison(left: Exchange, leftTitle: String, right: Exchange) -> [Effect] {
        let display = DiffDisplay(
            route: left.origin.routeName, leftTitle: leftTitle, left: left,
            rightTitle: title(right, recordedAt: nil), right: right)
        if display.isSame {
            status = StatusLine(text: "\(leftTitle) and \(display.rightTitle): the same", isError: false)
            return []
        }
        status = nil
        guard case .normal = mode else { return [] }
        mode = .dialog(Modal(display))
        return []
    }

    /// y: the open request, as the active environment would get it, as a curl command.
    mutating func copyCurl() -> [Effect] {
        guard let (route, _) = openForm else {
            status = StatusLine(text: "open a route first (Enter on a route)", isError: true)
            return []
        }
        guard let request = prepare(route: route, environment: environment) else { return [] }
        let context = builder.context(
            environment: environment, input: made(RequestInput()), captured: captured[environment.name] ?? [:])
        let secrets = builder.secrets(environment: environment, context: context)
        let command = CurlExport(secrets: secrets).command(for: request)
        status = StatusLine(
            text: "copied \(route.name) as curl" + (secrets.isEmpty ? "" : " (secrets as shell variables)"),
            isError: false)
        return [.copy(text: command)]
    }

    /// `development · 200 · recorded 2026-11-23 15:02:11`, or `… · now`.
    func title(_ exchange: Exchange, recordedAt: Date?) -> String {
        "\(exchange.origin.environmentName) · \(exchange.response.status) · "
            + (recordedAt.map { "recorded " + HistoryListing.localTime($0) } ?? "now")
    }

    /// The route and environment `exchange` came from, if the workspace still has both.
    mutating func routeAndEnvironment(of exchange: Exchange) -> (Route, Environment)? {
        routeAndEnvironment(route: exchange.origin.routeName, environment: exchange.origin.environmentName)
    }

    /// The route and the environment named, or nil having said which is gone.
    mutating func routeAndEnvironment(route routeName: String, environment environmentName: String) -> (
        Route, Environment
    )? {
        guard let route = workspace.routes.first(where: { $0.name == routeName }) else {
            status = StatusLine(text: "\(routeName) is no longer in the workspace", isError: true)
            return nil
        }
        guard let environment = workspace.environments.first(where: { $0.name == environmentName }) else {
            status = StatusLine(text: "\(environmentName) is no longer in the workspace", isError: true)
            return nil
        }
        return (route, withSession(environment))
    }
}
