import CourierCore

/// The workspace file changing under the screen: read again when the user edits it in their
/// editor, or written by the screen itself (a pasted curl command, a saved form).
extension AppState {
    /// Takes `new` in place of the current workspace, keeping what the user has: the active
    /// environment and language (by name), the route filter and selection, and every typed
    /// value. A route whose definition changed gets a new form from its new defaults with the
    /// values the user had typed over the old ones on top; a route that is gone keeps its
    /// typed values remembered (they come back if the route does).
    /// Returns what the user must be told (the active environment is gone), if anything.
    @discardableResult
    public mutating func reload(_ new: Workspace) -> String? {
        guard !new.environments.isEmpty else {
            let message = "\(new.file): the workspace has no environment; the last one that did stays"
            status = StatusLine(text: message, isError: true)
            return message
        }
        let old = workspace
        let environmentName = environment.name
        let language = self.language
        let selected = routeList.selected?.name
        workspace = new
        let kept = new.environments.firstIndex { $0.name == environmentName }
        activeEnvironment = kept ?? 0
        environmentList = EnvironmentList(count: new.environments.count, active: activeEnvironment)
        var routes = RouteList(new.routes)
        routes.setFilter(routeList.filter)
        if let selected, let index = routes.filtered.firstIndex(where: { $0.name == selected }) {
            routes.cursor = ListCursor(index)
        }
        routeList = routes
        languageIndex = language.flatMap { new.languages.firstIndex(of: $0) } ?? (new.languages.isEmpty ? nil : 0)

        for (name, form) in requestPane.forms {
            let before = old.routes.first { $0.name == name }
            let after = new.routes.first { $0.name == name }
            guard before != after else { continue }
            // What the user typed: the values that differ from the old route's defaults.
            let defaults = before.map { RequestForm(route: $0).savedValues } ?? [:]
            let typed = form.savedValues.filter { defaults[$0.key] != $0.value }
            if let after {
                requestPane.forms[name] = RequestForm(route: after, saved: typed)
            } else {
                requestPane.forms[name] = nil
                requestPane.savedFields[name] = typed
            }
        }
        if let open = requestPane.openRoute, requestPane.forms[open] == nil { requestPane.close() }
        guard kept == nil else { return nil }
        let message = "'\(environmentName)' is gone from the workspace; \(environment.name) is active"
        status = StatusLine(text: message, isError: false)
        return message
    }
}
