import CourierCore

extension AppState {
    /// Which auth applies to the open route, as the Request pane shows it (secrets masked):
    /// the route's own, the environment's, or `none` when the route turns the environment's off.
    public var openRouteAuth: String? {
        guard let route = openForm?.route else { return nil }
        if route.auth == AuthSpec.none, let environmentAuth = environment.auth, environmentAuth != .none {
            return "none (this route turns off \(environment.name)'s \(environmentAuth.type))"
        }
        guard let spec = builder.authSpec(route: route, environment: environment) else { return nil }
        let typed = (openForm?.form.fields ?? []).filter { $0.section == .header }.map {
            HeaderField($0.name, $0.value)
        }
        if builder.authorizationHeaderWins(route: route, environment: environment, inputHeaders: typed) {
            return "the Authorization header is sent (it overrides the \(spec.type) auth)"
        }
        let context = builder.context(environment: environment, input: RequestInput())
        let secrets = secretValues
        let line = spec.summary { text in
            (try? Template.render(text, in: context)).map { SecretMask.apply($0, hiding: secrets) }
        }
        return line + (route.auth == nil ? " (from \(environment.name))" : "")
    }
}
