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

    /// Adds the environments and `routes` (each with the base URL it was written with) to `plan`.
    func assemble(_ routes: [(route: Route, base: String)], into plan: inout ImportPlan) {
        let list = self.list.isEmpty ? [(name: "", variables: [:], secrets: [])] : self.list
        let firstVariables = defaults.merging(list[0].variables) { _, new in new }
        func resolved(_ base: String) -> String {
            (try? Template.render(base, in: TemplateContext(environment: firstVariables))) ?? base
        }
        var routes = routes
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
