import CourierCore

/// What an importer read from a source, before it is merged into a workspace: environments
/// (matched to the workspace's by base URL when merged), routes, and warnings about whatever
/// did not come across.
public struct ImportPlan: Sendable, Equatable {
    /// A route with the name of the imported environment it was found with, if any: its path
    /// is relative to that environment's base URL.
    public struct ImportedRoute: Sendable, Equatable {
        /// The route.
        public var route: Route
        /// The name of the environment in `environments` whose base URL the path follows.
        public var environment: String?

        /// A route found with `environment`.
        public init(_ route: Route, environment: String?) {
            self.route = route
            self.environment = environment
        }
    }

    /// Environments the source names or implies, with their variables and secrets.
    public var environments: [Environment] = []
    /// Routes in source order.
    public var routes: [ImportedRoute] = []
    /// One line each, for stderr.
    public var warnings: [String] = []
    /// Requests of the source that could not come across, each with why; the rest are imported.
    public var skipped: [Skip] = []
    /// The secret variables `secret` made from literal credentials, by environment: the value
    /// is the request's own, so a merge stores it even where the name holds another value.
    public var lifted: [String: Set<String>] = [:]

    /// A request left out, and why.
    public struct Skip: Sendable, Equatable {
        /// The request as the source names it (`users.show`, `line 12`, `GET /users`).
        public var name: String
        /// Why it could not come across.
        public var reason: String

        /// `name` left out because of `reason`.
        public init(_ name: String, reason: String) {
            self.name = name
            self.reason = reason
        }
    }

    /// One warning per skipped request: `skipped NAME: REASON`.
    public var skipWarnings: [String] { skipped.map { "skipped \($0.name): \($0.reason)" } }

    /// How many requests the source holds: imported and skipped.
    public var requestCount: Int { routes.count + skipped.count }

    /// The refusal when nothing could be imported: the source's requests were all skipped.
    public static func nothingImported(_ fileName: String, skipped: [Skip]) -> ImportError {
        let reasons = skipped.prefix(3).map { "\($0.name): \($0.reason)" }.joined(separator: "; ")
        let requests = skipped.count == 1 ? "its 1 request" : "its \(skipped.count) requests"
        let more = skipped.count > 3 ? "; …" : ""
        return ImportError("\(fileName): none of \(requests) could be imported (\(reasons)\(more))")
    }

    /// An empty plan.
    public init() {}

    /// Adds `route`, giving it a numeric suffix (`users.show.2`) and a warning when the source
    /// already had a route of that name.
    public mutating func add(_ route: Route, environment: String?) {
        var route = route
        let free = Self.freeName(route.name) { name in routes.contains { $0.route.name == name } }
        if free != route.name {
            warnings.append("two requests are named '\(route.name)'; the second is '\(free)'")
            route.name = free
        }
        routes.append(ImportedRoute(route, environment: environment))
    }

    /// `name` when `taken` says it is free, else the first free `name.2`, `name.3`… (route and
    /// environment names of one source, of a workspace, or both).
    public static func freeName(_ name: String, taken: (String) -> Bool) -> String {
        guard taken(name) else { return name }
        var suffix = 2
        while taken("\(name).\(suffix)") { suffix += 1 }
        return "\(name).\(suffix)"
    }

    /// Stores `value` as a secret variable of the environment called `environment` and
    /// returns the variable's name: `preferred`, or `preferred_2`… when that name already
    /// holds another value. The same value under the same name is stored once.
    public mutating func secret(_ value: String, preferred: String, environment: String) -> String {
        guard let index = environments.firstIndex(where: { $0.name == environment }) else { return preferred }
        var name = preferred
        var suffix = 2
        while let existing = environments[index].variables[name], existing != value {
            name = "\(preferred)_\(suffix)"
            suffix += 1
        }
        environments[index].variables[name] = value
        environments[index].secrets.insert(name)
        lifted[environment, default: []].insert(name)
        return name
    }

    /// A title as a route name: lower case, each run of other characters than letters and
    /// digits one `-` (`"List users (v2)"` → `list-users-v2`).
    public static func slug(_ title: String) -> String {
        var out = ""
        for scalar in title.lowercased().unicodeScalars {
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" {
                out.unicodeScalars.append(scalar)
            } else if !out.isEmpty && !out.hasSuffix("-") {
                out += "-"
            }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out.isEmpty ? "request" : out
    }

    /// A route name from a method and a path: `get.users.42`, `post.root` for `/`.
    public static func routeName(method: HTTPMethod, path: String) -> String {
        var segments: [String] = []
        for segment in path.split(separator: "/") {
            var word = ""
            // `{id}` and `:id` name a parameter: the name stays, the marks go.
            for scalar in segment.unicodeScalars where !"{}:".unicodeScalars.contains(scalar) {
                let keep = scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_"
                word.unicodeScalars.append(keep ? scalar : "-")
            }
            if !word.isEmpty { segments.append(word) }
        }
        return ([method.rawValue.lowercased()] + (segments.isEmpty ? ["root"] : segments)).joined(separator: ".")
    }
}
