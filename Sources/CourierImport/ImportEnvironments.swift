import CourierCore

/// Turns the environments a source names (env files, Postman environments) and the base URLs
/// its requests use into a plan's environments, shared by the `.http` and Postman importers.
///
/// There is one environment per named environment and base URL. Bases that name the same
/// place once the variables are filled (`http://{{host}}` and the URL a `Host` header
/// completed) are one base, written as the first request wrote it; a source that talks to
/// several bases gets `dev.api.example.com`-like names. Each route's credentials become
/// secrets of the environments of its base.
struct ImportEnvironments {
    /// A named environment: its variables, and which of them are secrets.
    typealias Entry = (name: String, variables: [String: String], secrets: Set<String>)

    /// The environments the source names (none: one, named after the host).
    var list: [Entry]
    /// Variables every environment starts from (file or collection variables).
    var defaults: [String: String]

    /// `https://host` as `wss://host`, `http://host` as `ws://host`; nil for a base that is a
    /// variable (`{{base_url}}`), which stays a base.
    private static func webSocketURL(of base: String) -> String? {
        if base.hasPrefix("https://") { return "wss://" + base.dropFirst(8) }
        if base.hasPrefix("http://") { return "ws://" + base.dropFirst(7) }
        return nil
    }

    /// Adds the environments and `routes` (each with the base URL it was written with) to `plan`.
    func assemble(_ routes: [(route: Route, base: String)], into plan: inout ImportPlan) {
        let list = self.list.isEmpty ? [(name: "", variables: [:], secrets: [])] : self.list
        let firstVariables = defaults.merging(list[0].variables) { _, new in new }
        func resolved(_ base: String) -> String {
            (try? Template.render(base, in: TemplateContext(environment: firstVariables))) ?? base
        }
        var routes = routes
        // A WebSocket on a base no HTTP request of the source uses keeps its whole URL
        // (`wss://{{host}}/live`): a base of its own would split every environment in two.
        let httpBases = Set(routes.filter { !$0.route.websocket }.map { resolved($0.base) })
        if let shared = routes.first(where: { !$0.route.websocket })?.base {
            for index in routes.indices where routes[index].route.websocket {
                let base = routes[index].base
                guard !httpBases.contains(resolved(base)), let url = Self.webSocketURL(of: base) else { continue }
                routes[index].route.path = url + routes[index].route.path
                routes[index].base = shared
            }
        }
        var bases: [String] = []
        for (index, entry) in routes.enumerated() {
            if let same = bases.first(where: { resolved($0) == resolved(entry.base) }) {
                routes[index].base = same
            } else {
                bases.append(entry.base)
            }
        }
        func environmentName(_ name: String, base: String) -> String {
            let index = bases.firstIndex(of: base) ?? 0
            let label = (try? ImportedURL(resolved(base)).hostName) ?? "api-\(index + 1)"
            if name.isEmpty { return label }
            return bases.count == 1 ? name : "\(name).\(label)"
        }
        for base in bases {
            for environment in list {
                plan.environments.append(
                    Environment(
                        name: environmentName(environment.name, base: base), baseURL: base,
                        variables: defaults.merging(environment.variables) { _, new in new },
                        secrets: environment.secrets))
            }
        }
        for (route, base) in routes {
            var route = route
            let owner = environmentName(list[0].name, base: base)
            ImportCredentials.route(&route, plan: &plan, environment: owner)
            // Every environment of this base needs the secrets the route now reads.
            if let found = plan.environments.first(where: { $0.name == owner }) {
                for other in plan.environments.indices where plan.environments[other].baseURL == base {
                    for name in found.secrets where plan.environments[other].variables[name] == nil {
                        plan.environments[other].variables[name] = found.variables[name]
                        plan.environments[other].secrets.insert(name)
                    }
                }
            }
            plan.add(route, environment: owner)
        }
    }
}
