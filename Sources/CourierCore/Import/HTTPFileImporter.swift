/// `courier import http`: a `.http` / `.rest` file (JetBrains HTTP Client, VS Code REST
/// Client) with its `http-client.env.json` environments (DESIGN.md §9).
///
/// Requests are separated by `###` lines (the text after it names the request, as does a
/// `# @name` comment); a request is a request line (`METHOD URL [HTTP/x]`, the URL may go on
/// over lines starting with `?` or `&`), headers up to a blank line, then the body (or
/// `< FILE`). `@name = value` lines are file variables. `{{name}}` is Courier's own syntax
/// and stays; `{{$processEnv NAME}}` and `{{$env.NAME}}` become `${NAME}`.
public struct HTTPFileImporter: Sendable {
    /// Reads `< FILE` bodies (relative to the folder of the `.http` file).
    public var readFile: @Sendable (String) -> [UInt8]?

    /// An importer reading body files with `readFile`.
    public init(readFile: @escaping @Sendable (String) -> [UInt8]?) {
        self.readFile = readFile
    }

    /// One environment of an env file: its name, variables, and whether it came from a
    /// private file (its values are secrets).
    public struct EnvironmentFile: Sendable {
        /// The file's name, for messages.
        public var name: String
        /// Its bytes.
        public var bytes: [UInt8]
        /// `http-client.private.env.json`: every value is a secret.
        public var isPrivate: Bool

        /// An env file.
        public init(name: String, bytes: [UInt8], isPrivate: Bool) {
            self.name = name
            self.bytes = bytes
            self.isPrivate = isPrivate
        }
    }

    /// The plan for `text`, read from `fileName` in `folder`, with `environmentFiles`.
    public func plan(_ text: String, fileName: String, folder: String, environmentFiles: [EnvironmentFile] = [])
        throws(ImportError) -> ImportPlan
    {
        var plan = ImportPlan()
        var parser = HTTPFileParser(fileName: fileName)
        let requests = try parser.parse(text)
        plan.warnings += parser.warnings
        guard !requests.isEmpty else { throw ImportError("\(fileName): no request found") }

        var environments = try HTTPEnvironmentFile.read(environmentFiles)
        plan.warnings += environments.warnings
        // File variables are the defaults of every environment.
        var routes: [(route: Route, base: String)] = []
        for request in requests {
            var url = request.url
            let host = request.headers.value(for: "Host")
            if url.hasPrefix("/"), let host { url = "http://\(host)\(url)" }
            let (base, path, query) = try split(url, place: "\(fileName): line \(request.line)")
            var route = Route(name: "", method: HTTPMethod(rawValue: request.method), path: path)
            route.query = query
            // A `Host` header that only completed a relative URL is the base URL now.
            route.headers = request.headers.filter { $0.name.lowercased() != "host" || !request.url.hasPrefix("/") }
            route.name = request.name ?? ImportPlan.routeName(method: route.method, path: path)
            var body = request.body.map { Array($0.utf8) }
            if let file = request.bodyFile {
                let full = file.hasPrefix("/") ? file : folder + "/" + file
                guard let bytes = readFile(full) else {
                    throw ImportError("\(fileName): line \(request.line): the body file \(file) cannot be read")
                }
                body = bytes
            }
            if let body {
                do {
                    try ImportBody.apply(body, contentType: route.headers.value(for: "Content-Type"), to: &route)
                } catch {
                    throw ImportError("\(fileName): line \(request.line): \(error.message)")
                }
            }
            routes.append((route, base))
        }

        // One environment per env-file environment and base URL. Bases that name the same
        // place once the file's variables are filled (`http://{{host}}` and the URL a `Host`
        // header completed) are one base, written as the first request wrote it.
        if environments.list.isEmpty { environments.list = [(name: "", variables: [:], secrets: [])] }
        let firstVariables = parser.variables.merging(environments.list[0].variables) { _, new in new }
        func resolved(_ base: String) -> String {
            (try? Template.render(base, in: TemplateContext(environment: firstVariables))) ?? base
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
            let label = (try? ImportedURL(resolved(base)).hostName) ?? "http-\(index + 1)"
            if name.isEmpty { return label }
            return bases.count == 1 ? name : "\(name).\(label)"
        }
        for base in bases {
            for environment in environments.list {
                var variables = parser.variables
                variables.merge(environment.variables) { _, new in new }
                plan.environments.append(
                    Environment(
                        name: environmentName(environment.name, base: base), baseURL: base, variables: variables,
                        secrets: environment.secrets))
            }
        }
        for (route, base) in routes {
            var route = route
            let owner = environmentName(environments.list[0].name, base: base)
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
        return plan
    }

    /// The base URL, path and query of a request URL; `/path` with a `Host` header is read
    /// as `http://HOST/path`.
    private func split(_ url: String, place: String) throws(ImportError) -> (String, String, [QueryItem]) {
        do {
            return try ImportedURL.splitTemplate(url)
        } catch {
            throw ImportError("\(place): \(error.message)")
        }
    }
}
