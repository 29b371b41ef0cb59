import CourierCore

/// Merges an `ImportPlan` into a workspace file's JSON (DESIGN.md §9), editing the file's own
/// tree and then its text (`JSONTextRewrite`), so every byte of what the merge leaves alone
/// stays as written (comments in `_` keys, spacing, resources, runs, checks): environments are
/// matched by base URL or appended, routes are appended, and a route name that exists is an
/// error unless `replace`, which swaps the route where it stands. The result is loaded before
/// it is returned, so it always loads.
public struct WorkspaceMerge: Sendable {
    /// What the merge did, for the summary line and warnings.
    public struct Outcome: Sendable {
        /// The new file.
        public var bytes: [UInt8]
        /// The same file with every secret value masked, for `--dry-run`.
        public var masked: [UInt8]
        /// Routes added or replaced, in order.
        public var routes: [String]
        /// Of those, the ones new to the file, the ones replaced by something different, and
        /// the ones replaced by the same.
        public var added: [String] = []
        public var changed: [String] = []
        public var unchanged: [String] = []
        /// Routes a refreshed source no longer has, taken out.
        public var removed: [String] = []
        /// Environments added.
        public var addedEnvironments: [String]
        /// Warnings about the merge (kept values, renamed environments).
        public var warnings: [String]
        /// Each route's environment in the file (routes found with none are left out).
        public var environments: [String: String] = [:]
        /// Where each credential lifted out of a request went: `token` of `development`.
        public var credentials: [(environment: String, variable: String)] = []
    }

    /// The file's name, for messages.
    public var fileName: String
    /// The folder the file is in.
    public var baseDirectory: String
    /// Replace routes whose names exist instead of refusing.
    public var replace: Bool

    /// A merge into `fileName` in `baseDirectory`.
    public init(fileName: String, baseDirectory: String, replace: Bool) {
        self.fileName = fileName
        self.baseDirectory = baseDirectory
        self.replace = replace
    }

    /// The URL and format of what is imported, when it came from a URL: recorded in the file's
    /// `"imports"`, and the routes it gave last time are its own to replace or remove.
    public var source: ImportSource?

    /// The most bytes the merged file may hold (`Workspace.maxFileBytes` unless a test says less).
    public var budget = Workspace.maxFileBytes

    /// Merges `plan` into `existing` (nil or blank: a new file).
    public func merge(_ plan: ImportPlan, into existing: [UInt8]?) throws(ImportError) -> Outcome {
        let loader = WorkspaceLoader()
        var workspace = Workspace()
        var tree = JSONValue.object([])
        // The text the result is written over, so what the merge leaves alone stays as written.
        var original: [UInt8]?
        if let existing, existing.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
            do {
                workspace = try loader.load(bytes: existing, fileName: fileName, baseDirectory: baseDirectory)
                tree = try JSONValue.parse(existing)
            } catch {
                throw ImportError("\(error) (the workspace must load before anything is imported into it)")
            }
            if tree["configurations"] != nil {
                tree = WorkspaceWriter().json(workspace)
            } else {
                original = existing
            }
        }
        var outcome = Outcome(bytes: [], masked: [], routes: [], addedEnvironments: [], warnings: [])
        var budget = self.budget - (existing?.count ?? 0)
        var environments = tree["environments"]?.members ?? []
        var routes = tree["routes"]?.elements ?? []
        let writer = WorkspaceWriter()

        // Imported environment name → (name in the file, path prefix its routes lose).
        var placed: [String: (name: String, prefix: String)] = [:]
        // Imported environment name → lifted credentials stored under another name.
        var renames: [String: [String: String]] = [:]
        for imported in plan.environments {
            let paths = plan.routes.filter { $0.environment == imported.name }.map(\.route.path)
            let lifted = plan.lifted[imported.name] ?? []
            if let (existing, prefix) = match(imported, paths: paths, in: workspace) {
                placed[imported.name] = (existing.name, prefix)
                guard let index = environments.firstIndex(where: { $0.key == existing.name }) else { continue }
                environments[index].value = add(
                    imported, lifted: lifted, to: environments[index].value, existing: existing,
                    renames: &renames[imported.name, default: [:]], &outcome)
                continue
            }
            let name = ImportPlan.freeName(imported.name) { name in environments.contains { $0.key == name } }
            placed[imported.name] = (name, "")
            environments.append(JSONMember(name, writer.environment(imported)))
            outcome.addedEnvironments.append(name)
            outcome.credentials += lifted.sorted().map { (name, $0) }
        }

        let generated = Set(workspace.resources.flatMap(\.routes).map(\.name))
        let previous = source.flatMap { source in workspace.imports.first { $0.url == source.url } }
        let owned = Set(previous?.routes ?? [])
        for imported in plan.routes {
            var route = imported.route
            if let prefix = imported.environment.flatMap({ placed[$0]?.prefix }), !prefix.isEmpty {
                route.path = String(route.path.dropFirst(prefix.count))
                if route.path.isEmpty { route.path = "/" }
            }
            // A file inside the workspace's folder is written relative to it, so the folder can move.
            route.multipart = route.multipart?.map { part in
                var part = part
                if let file = part.file, file.hasPrefix(baseDirectory + "/") {
                    part.content = .file(String(file.dropFirst(baseDirectory.count + 1)))
                }
                return part
            }
            if let file = route.bodyFile, file.hasPrefix(baseDirectory + "/") {
                route.bodyFile = String(file.dropFirst(baseDirectory.count + 1))
            }
            let outside = (route.multipart?.compactMap(\.file) ?? []) + [route.bodyFile].compactMap { $0 }
            for file in outside where file.hasPrefix("/") {
                outcome.warnings.append(
                    "\(route.name): \(file) is outside the workspace's folder; sending it needs \"allow_outside\": true"
                )
            }
            var json = writer.route(route)
            if let environment = imported.environment {
                outcome.environments[route.name] = placed[environment]?.name
                if let renamed = renames[environment], !renamed.isEmpty { json = Self.renaming(renamed, in: json) }
            }
            // Measured before anything is written out: YAML aliases can make a small document
            // stand for gigabytes once a shared example is copied into every route.
            budget -= json.serializedSize(upTo: budget + 1)
            guard budget >= 0 else {
                throw ImportError(
                    "\(fileName): route '\(route.name)' takes the import past \(ByteCount.format(self.budget)), "
                        + "the most a workspace file may hold; nothing was written")
            }
            if let index = routes.firstIndex(where: { $0["name"] == .string(route.name) }) {
                guard replace || owned.contains(route.name) else {
                    throw ImportError("\(fileName): a route named '\(route.name)' exists; --replace overwrites it")
                }
                if routes[index].sameValue(as: json) {
                    outcome.unchanged.append(route.name)
                } else {
                    outcome.changed.append(route.name)
                }
                routes[index] = json
            } else if generated.contains(route.name) || workspace.routes.contains(where: { $0.name == route.name }) {
                throw ImportError("\(fileName): '\(route.name)' is a route of a resource and cannot be replaced")
            } else {
                routes.append(json)
                outcome.added.append(route.name)
            }
            outcome.routes.append(route.name)
        }
        if let previous {
            outcome.removed = previous.routes.filter { !outcome.routes.contains($0) }
            routes.removeAll { route in outcome.removed.contains { route["name"] == .string($0) } }
        }
        if var source {
            source.routes = outcome.routes
            var imports = tree["imports"]?.elements ?? []
            if let index = imports.firstIndex(where: { $0["url"] == .string(source.url) }) {
                imports[index] = source.json
            } else {
                imports.append(source.json)
            }
            tree = tree.setting("imports", .array(imports))
        }

        tree = tree.setting("environments", .object(environments)).setting("routes", .array(routes))
        outcome.bytes = Self.text(of: tree, over: original)
        do {
            _ = try loader.load(bytes: outcome.bytes, fileName: fileName, baseDirectory: baseDirectory)
        } catch {
            throw ImportError("the imported workspace would not load, so nothing was written: \(error)")
        }
        outcome.masked = Self.text(of: Self.maskingSecrets(tree), over: original)
        return outcome
    }

    /// The environment of `workspace` whose base URL is `imported`'s, or lies under it on a
    /// path every imported route follows; the longest such path wins.
    private func match(_ imported: Environment, paths: [String], in workspace: Workspace)
        -> (Environment, String)?
    {
        let builder = RequestBuilder(workspace: workspace, processEnvironment: [:])
        // An imported base like `{{baseUrl}}` is compared with its own variables filled.
        let own =
            (try? Template.render(imported.baseURL, in: TemplateContext(environment: imported.variables)))
            ?? imported.baseURL
        let base = Self.trimmed(own)
        var best: (Environment, String)?
        for environment in workspace.environments {
            let context = builder.context(environment: environment, input: RequestInput())
            let resolved = Self.trimmed((try? Template.render(environment.baseURL, in: context)) ?? environment.baseURL)
            guard resolved == base || (resolved.hasPrefix(base + "/") && !base.contains("{{")) else { continue }
            let prefix = String(resolved.dropFirst(base.count))
            guard paths.allSatisfy({ prefix.isEmpty || $0 == prefix || $0.hasPrefix(prefix + "/") }) else { continue }
            if best == nil || prefix.count > (best?.1.count ?? 0) { best = (environment, prefix) }
        }
        return best
    }

    /// Adds `imported`'s variables the environment lacks and its secret names; a variable
    /// it already holds keeps its value, with a warning when the import had another. A
    /// credential `lifted` out of a request is the request's own: it is stored under a free
    /// name (`token_2`, in `renames`) rather than dropped, and its routes read that name.
    private func add(
        _ imported: Environment, lifted: Set<String>, to json: JSONValue, existing: Environment,
        renames: inout [String: String], _ outcome: inout Outcome
    ) -> JSONValue {
        var variables = json["variables"]?.members ?? []
        var secrets = imported.secrets
        for name in imported.variables.keys.sorted() {
            guard let value = imported.variables[name] else { continue }
            var stored = name
            if let kept = existing.variables[name], kept != value {
                guard lifted.contains(name) else {
                    outcome.warnings.append("\(existing.name) already has a value for '\(name)'; it was kept")
                    continue
                }
                var suffix = 2
                while let other = existing.variables["\(name)_\(suffix)"] ?? imported.variables["\(name)_\(suffix)"],
                    other != value
                {
                    suffix += 1
                }
                stored = "\(name)_\(suffix)"
                renames[name] = stored
                secrets.remove(name)
                secrets.insert(stored)
            }
            if lifted.contains(name) { outcome.credentials.append((existing.name, stored)) }
            if existing.variables[stored] == nil { variables.append(JSONMember(stored, .string(value))) }
        }
        var result = json
        if !variables.isEmpty { result = result.setting("variables", .object(variables)) }
        // New names go after the file's own, which keep their order.
        let added = secrets.subtracting(existing.secrets).sorted()
        if !added.isEmpty {
            result = result.setting("secrets", .array((json["secrets"]?.elements ?? []) + added.map { .string($0) }))
        }
        if imported.tls.insecure && !existing.tls.insecure {
            outcome.warnings.append("the source turns TLS verification off; \(existing.name) keeps verifying")
        }
        return result
    }

    /// `json` with every `{{old}}` in its strings reading `{{new}}` instead.
    static func renaming(_ renames: [String: String], in json: JSONValue) -> JSONValue {
        switch json {
        case .string(var text):
            for (old, new) in renames where text.contains("{{\(old)}}") {
                text = text.replacing("{{\(old)}}", with: "{{\(new)}}")
            }
            return .string(text)
        case .array(let items): return .array(items.map { renaming(renames, in: $0) })
        case .object(let members):
            return .object(members.map { JSONMember($0.key, renaming(renames, in: $0.value)) })
        default: return json
        }
    }

    private static func trimmed(_ url: String) -> String {
        url.hasSuffix("/") ? String(url.dropLast()) : url
    }

    /// `tree` written over `original`'s text when there is one, else formatted afresh.
    private static func text(of tree: JSONValue, over original: [UInt8]?) -> [UInt8] {
        if let original, let edited = JSONTextRewrite.rewrite(original, to: tree) { return edited }
        let compact = Array(tree.serialized.utf8)
        return (try? JSONFormatter().format(compact)) ?? compact + [0x0A]
    }

    /// `tree` with the value of every variable an environment lists in `secrets` masked.
    static func maskingSecrets(_ tree: JSONValue) -> JSONValue {
        guard let environments = tree["environments"]?.members else { return tree }
        let masked = environments.map { member -> JSONMember in
            let secrets = Set(
                (member.value["secrets"]?.elements ?? []).compactMap { value -> String? in
                    if case .string(let name) = value { return name }
                    return nil
                })
            guard let variables = member.value["variables"]?.members, !secrets.isEmpty else { return member }
            let hidden = variables.map { variable in
                secrets.contains(variable.key) ? JSONMember(variable.key, .string(SecretMask.mask)) : variable
            }
            return JSONMember(member.key, member.value.setting("variables", .object(hidden)))
        }
        return tree.setting("environments", .object(masked))
    }
}

extension JSONValue {
    /// An object's members (nil for any other value).
    var members: [JSONMember]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// An array's elements (nil for any other value).
    var elements: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// This object with `key` set to `value`: in place when present, else appended.
    func setting(_ key: String, _ value: JSONValue) -> JSONValue {
        var members = self.members ?? []
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append(JSONMember(key, value))
        }
        return .object(members)
    }
}
