import CourierCore

/// A quick request (`n`): a request that is not a route yet, its method and URL typed in the
/// form. It is sent, recorded and compared as a route named `(new request)` would be; Ctrl-S
/// saves it as a route of its own.
extension AppState {
    /// What a quick request is called: in the panes' titles and in history. Parentheses, so
    /// it reads as no route's name.
    public static let quickRequestName = "(new request)"

    /// n: opens the quick request's form (what was typed in it before comes back).
    mutating func openQuickRequest() -> [Effect] {
        let name = Self.quickRequestName
        if requestPane.forms[name] == nil {
            requestPane.forms[name] = RequestForm.quick(name: name, saved: requestPane.savedFields[name] ?? [:])
        }
        requestPane.openRoute = name
        focus = .request
        status = StatusLine(
            text: "a quick request: a path goes under \(environment.name)'s base URL, or type a whole URL "
                + "· Enter sends · Ctrl-S saves it as a route",
            isError: false)
        return []
    }

    /// `form` as builder input for `route`; a quick request's body left empty sends no body
    /// (a GET has none), and so no `Content-Type` for it.
    static func input(of form: RequestForm, route: Route) throws(FormError) -> RequestInput {
        var input = try form.input()
        if route.name == quickRequestName, input.text?.isEmpty == true { input.text = nil }
        return input
    }

    /// The quick request as a route: the method and URL its form holds (`GET` when the method
    /// is left empty).
    static func quickRoute(_ form: RequestForm) -> Route {
        let text = { (section: FormField.Section) in
            form.fields.first { $0.section == section }?.value.trimmingWhitespace() ?? ""
        }
        let method = text(.method).uppercased()
        return Route(
            name: quickRequestName, method: HTTPMethod(rawValue: method.isEmpty ? "GET" : method), path: text(.url))
    }

    /// The quick request's `route` as it is saved: no empty body, and a whole URL under the
    /// active environment's base URL written as a path, as the workspace's routes are (saved,
    /// it then follows the environment switched to).
    func relativized(_ given: Route) -> Route {
        var route = given
        if route.text?.isEmpty == true { route.text = nil }
        guard RequestBuilder.isAbsolute(route.path),
            let base = try? builder.buildURL(
                route: Route(name: route.name, method: .get, path: ""), environment: environment)
        else { return route }
        let trimmed = base.hasSuffix("/") ? String(base.dropLast()) : base
        guard route.path.hasPrefix(trimmed) else { return route }
        let rest = String(route.path.dropFirst(trimmed.count))
        guard rest.isEmpty || rest.hasPrefix("/") || rest.hasPrefix("?") else { return route }
        var relative = route
        relative.path = rest.hasPrefix("?") || rest.isEmpty ? "/" + rest : rest
        return relative
    }
}
