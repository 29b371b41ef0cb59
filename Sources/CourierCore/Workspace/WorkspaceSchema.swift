/// What the keys of `environments.json` mean: builds a `Workspace` from the parsed tree with
/// `TypedJSONReader`, in one pass over each object, for both formats.
///
/// The seed `T21Environment` format (`{"languages": [...], "configurations": {"Debug":
/// {"base_url": ..., "key": ...}}}`) differs only in where environments come from: each
/// configuration becomes an environment whose other keys become variables.
struct WorkspaceSchema {
    let reader: TypedJSONReader
    /// The checks parsed so far in this load.
    let parsedChecks = ParsedChecks()

    private static let topLevelKeys = [
        "headers", "variables", "languages", "routes", "resources", "runs", "history", "capture_ttl", "imports",
    ]
    private static let environmentKeys = [
        "base_url", "headers", "variables", "secrets", "protected", "timeout", "retries", "retry_delay",
        "follow_redirects", "tls", "description", "history", "auth", "proxy", "cookies",
    ]
    private static let routeKeys = [
        "name", "method", "path", "query", "headers", "body", "form", "multipart", "text", "body_file", "allow_outside",
        "content_type", "graphql", "websocket", "messages", "until", "params",
        "json_path",
        "description", "checks", "capture", "auth", "operation", "contract",
    ]
    private static let resourceKeys = [
        "name", "path", "actions", "headers", "body", "params", "json_path", "description",
    ]

    /// `{"url", "format", "routes"}`: a document imported from a URL (`courier import --refresh`).
    private func importSource(_ value: JSONValue, _ path: String) throws(WorkspaceError) -> ImportSource {
        var source = ImportSource(url: "", format: "")
        for member in try reader.members(value, path, allowed: ["url", "format", "routes"]) {
            let keyPath = reader.join(path, member.key)
            switch member.key {
            case "url": source.url = try reader.string(member.value, keyPath)
            case "format":
                source.format = try reader.string(member.value, keyPath)
                guard ImportFormat(rawValue: source.format) != nil else {
                    throw reader.fail(keyPath, "'\(source.format)' is not a format courier import reads")
                }
            default: source.routes = try reader.stringList(member.value, keyPath)
            }
        }
        let lower = source.url.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else {
            throw reader.fail(reader.join(path, "url"), "expected an http or https URL")
        }
        return source
    }

    func workspace(_ root: JSONValue, baseDirectory: String) throws(WorkspaceError) -> Workspace {
        guard case .object = root else {
            throw reader.fail(
                "", "expected an object with \"environments\" and \"routes\", found \(root.typeDescription)")
        }
        let isSeed = root["configurations"] != nil && root["environments"] == nil
        let environmentsKey = isSeed ? "configurations" : "environments"
        var workspace = Workspace(baseDirectory: baseDirectory)
        var routes: [Route] = []
        for member in try reader.members(root, "", allowed: Self.topLevelKeys + [environmentsKey]) {
            let path = member.key
            switch member.key {
            case "headers": workspace.headers = try reader.headers(member.value, path)
            case "variables": workspace.variables = try reader.variables(member.value, path)
            case "languages": workspace.languages = try reader.stringList(member.value, path)
            case "environments", "configurations":
                let what = isSeed ? "configurations" : "environments"
                for entry in try reader.namedMembers(member.value, path, of: what) {
                    let keyPath = reader.join(path, entry.key)
                    workspace.environments.append(
                        try isSeed
                            ? configuration(entry.key, entry.value, keyPath)
                            : environment(entry.key, entry.value, keyPath))
                }
            case "routes":
                let items = try reader.array(member.value, path)
                routes.reserveCapacity(items.count)
                for (index, item) in items.enumerated() {
                    routes.append(try route(item, "\(path)[\(index)]"))
                }
            case "resources":
                for (index, item) in try reader.array(member.value, path).enumerated() {
                    workspace.resources.append(try resource(item, "\(path)[\(index)]"))
                }
            case "runs":
                for entry in try reader.namedMembers(member.value, path, of: "runs") {
                    workspace.runs.append(
                        NamedRun(
                            name: entry.key, patterns: try reader.stringList(entry.value, reader.join(path, entry.key)))
                    )
                }
            case "history": workspace.history = try history(member.value, path)
            case "capture_ttl": workspace.captureLifetime = try reader.number(member.value, path, minimum: 1)
            case "imports":
                for (index, item) in try reader.array(member.value, path).enumerated() {
                    workspace.imports.append(try importSource(item, "\(path)[\(index)]"))
                }
            default: break
            }
        }
        guard !workspace.environments.isEmpty else {
            throw reader.fail(
                environmentsKey, "at least one \(isSeed ? "configuration" : "environment") is required")
        }
        // Routes first, then expanded resources; every name must be unique. Appended, and their
        // names read in place: copying each route (a concatenation, a loop over values) was a
        // fifth of loading a workspace of 500.
        for resource in workspace.resources { routes.append(contentsOf: resource.routes) }
        workspace.routes = routes
        var seen: Set<String> = []
        seen.reserveCapacity(routes.count)
        for index in routes.indices where !seen.insert(routes[index].name).inserted {
            throw reader.fail("routes", "two routes are named '\(routes[index].name)'")
        }
        try checkRuns(workspace)
        return workspace
    }

    /// `false`, or `{"keep": N, "max_mb": M}`.
    func history(_ value: JSONValue, _ path: String) throws(WorkspaceError) -> HistorySettings {
        var settings = HistorySettings()
        if case .bool(let on) = value {
            settings.enabled = on
            return settings
        }
        for member in try reader.members(value, path, allowed: ["keep", "max_mb"]) {
            let keyPath = reader.join(path, member.key)
            switch member.key {
            case "keep":
                settings.keep = try reader.integer(member.value, keyPath)
                guard settings.keep >= 1 else { throw reader.fail(keyPath, "must be at least 1") }
            case "max_mb": settings.maxBytes = Int(try reader.number(member.value, keyPath, minimum: 0.01) * 1_048_576)
            default: break
            }
        }
        return settings
    }

    func environment(_ name: String, _ value: JSONValue, _ path: String) throws(WorkspaceError) -> Environment {
        var env = Environment(name: name, baseURL: "")
        var hasBase = false
        for member in try reader.members(value, path, allowed: Self.environmentKeys) {
            let keyPath = reader.join(path, member.key)
            switch member.key {
            case "base_url":
                env.baseURL = try reader.string(member.value, keyPath)
                hasBase = true
            case "headers": env.headers = try reader.headers(member.value, keyPath)
            case "variables": env.variables = try reader.variables(member.value, keyPath)
            case "secrets": env.secrets = Set(try reader.stringList(member.value, keyPath))
            case "protected": env.isProtected = try reader.bool(member.value, keyPath)
            case "timeout": env.timeout = try reader.number(member.value, keyPath, minimum: 0.001)
            case "retries": env.retries = try reader.integer(member.value, keyPath)
            case "retry_delay": env.retryDelay = try reader.number(member.value, keyPath)
            case "follow_redirects": env.followRedirects = try reader.bool(member.value, keyPath)
            case "tls": env.tls = try tls(member.value, keyPath)
            case "auth": env.auth = try auth(member.value, keyPath)
            case "proxy": env.proxy = try proxy(member.value, keyPath)
            case "cookies": env.usesCookies = try reader.bool(member.value, keyPath)
            case "description": env.summary = try reader.string(member.value, keyPath)
            case "history":
                guard case .bool(let on) = member.value, !on else {
                    throw reader.fail(keyPath, "only false is allowed here (limits go in the top-level \"history\")")
                }
                env.recordsHistory = false
            default: break
            }
        }
        guard hasBase else { throw reader.fail(reader.join(path, "base_url"), "is required") }
        return env
    }

    /// A seed configuration: `base_url` plus variables.
    func configuration(_ name: String, _ value: JSONValue, _ path: String) throws(WorkspaceError) -> Environment {
        guard case .object(let fields) = value else {
            throw reader.fail(path, "expected an object, found \(value.typeDescription)")
        }
        var env = Environment(name: name, baseURL: "")
        var hasBase = false
        for field in fields {
            let keyPath = reader.join(path, field.key)
            if field.key == "base_url" {
                env.baseURL = try reader.string(field.value, keyPath)
                hasBase = true
            } else {
                env.variables[field.key] = try reader.scalar(field.value, keyPath)
            }
        }
        guard hasBase else { throw reader.fail(reader.join(path, "base_url"), "is required") }
        return env
    }

    func method(_ value: JSONValue, _ path: String) throws(WorkspaceError) -> HTTPMethod {
        let method = HTTPMethod(rawValue: try reader.string(value, path))
        guard HeaderField.isToken(method.rawValue) else {
            throw reader.fail(path, "'\(method)' is not an HTTP method")
        }
        return method
    }

    func route(_ value: JSONValue, _ path: String) throws(WorkspaceError) -> Route {
        var route = Route(name: "", method: .get, path: "")
        var hasPath = false
        for member in try reader.members(value, path, allowed: Self.routeKeys) {
            let keyPath = reader.join(path, member.key)
            switch member.key {
            case "name": route.name = try reader.string(member.value, keyPath)
            case "method": route.method = try method(member.value, keyPath)
            case "path":
                route.path = try reader.string(member.value, keyPath)
                hasPath = true
            case "query": route.query = try reader.query(member.value, keyPath)
            case "headers": route.headers = try reader.headers(member.value, keyPath)
            case "body": route.body = member.value
            case "form": route.form = try reader.query(member.value, keyPath)
            case "multipart": route.multipart = try multipart(member.value, keyPath)
            case "text": route.text = try reader.string(member.value, keyPath)
            case "body_file": route.bodyFile = try reader.string(member.value, keyPath)
            case "allow_outside": route.bodyFileAllowOutside = try reader.bool(member.value, keyPath)
            case "content_type": route.contentType = try reader.string(member.value, keyPath)
            case "graphql": route.graphql = try graphql(member.value, keyPath)
            case "websocket": route.websocket = try reader.bool(member.value, keyPath)
            case "messages": route.messages = try reader.stringList(member.value, keyPath)
            case "until": route.until = try until(member.value, keyPath)
            case "params": route.params = try reader.variables(member.value, keyPath)
            case "json_path": route.jsonPath = try reader.string(member.value, keyPath)
            case "description": route.summary = try reader.string(member.value, keyPath)
            case "checks": route.checks = try checks(member.value, keyPath)
            case "capture": route.captures = try captures(member.value, keyPath)
            case "auth": route.auth = try auth(member.value, keyPath)
            case "operation":
                let operation = try reader.string(member.value, keyPath)
                guard operation.contains("#"), !operation.hasSuffix("#") else {
                    throw reader.fail(
                        keyPath, "is DOCUMENT#OPERATION (openapi.json#listOrders, or openapi.json#GET /orders)")
                }
                route.operation = operation
            case "contract": route.checksContract = try reader.bool(member.value, keyPath)
            default: break
            }
        }
        guard !route.name.isEmpty else { throw reader.fail(reader.join(path, "name"), "is required") }
        guard hasPath else { throw reader.fail(reader.join(path, "path"), "is required") }
        let kinds = [
            ("body", route.body != nil), ("form", route.form != nil), ("multipart", route.multipart != nil),
            ("text", route.text != nil), ("body_file", route.bodyFile != nil), ("graphql", route.graphql != nil),
        ].filter(\.1).map(\.0)
        guard kinds.count <= 1 else {
            throw reader.fail(path, "has \(kinds.joined(separator: " and ")); a route has at most one kind of body")
        }
        try checkWebSocket(route, path, bodies: kinds)
        if route.contentType != nil && route.text == nil && route.bodyFile == nil {
            throw reader.fail(
                reader.join(path, "content_type"),
                "applies to a \"text\" or \"body_file\" body, and this route has none")
        }
        if route.bodyFileAllowOutside && route.bodyFile == nil {
            throw reader.fail(reader.join(path, "allow_outside"), "applies to a \"body_file\"")
        }
        let names = route.pathTemplate.parameterNames
        for name in route.params.keys.sorted() where !names.contains(name) {
            throw reader.fail(
                reader.join(reader.join(path, "params"), name), "'\(route.path)' has no parameter '\(name)'")
        }
        return route
    }

    /// `[{"name", "value"} | {"name", "file", "content_type"?, "filename"?, "allow_outside"?, "as_field"?}]`.
    func multipart(_ value: JSONValue, _ path: String) throws(WorkspaceError) -> [MultipartField] {
        var fields: [MultipartField] = []
        for (index, item) in try reader.array(value, path).enumerated() {
            let place = "\(path)[\(index)]"
            var name: String?
            var text: String?
            var file: String?
            var field = MultipartField(name: "", content: .value(""))
            for member in try reader.members(
                item, place,
                allowed: ["name", "value", "file", "content_type", "filename", "allow_outside", "as_field"])
            {
                let keyPath = reader.join(place, member.key)
                switch member.key {
                case "name": name = try reader.string(member.value, keyPath)
                case "value": text = try reader.scalar(member.value, keyPath)
                case "file": file = try reader.string(member.value, keyPath)
                case "content_type": field.contentType = try reader.string(member.value, keyPath)
                case "allow_outside": field.allowOutside = try reader.bool(member.value, keyPath)
                case "as_field": field.asField = try reader.bool(member.value, keyPath)
                default: field.fileName = try reader.string(member.value, keyPath)
                }
            }
            guard let name, !name.isEmpty else { throw reader.fail(reader.join(place, "name"), "is required") }
            field.name = name
            switch (text, file) {
            case (let text?, nil): field.content = .value(text)
            case (nil, let file?) where !file.isEmpty: field.content = .file(file)
            case (nil, _?): throw reader.fail(reader.join(place, "file"), "is empty")
            case (_?, _?): throw reader.fail(place, "has both \"value\" and \"file\"; a part has one")
            case (nil, nil): throw reader.fail(place, "needs \"value\" or \"file\"")
            }
            if field.fileName != nil && field.file == nil {
                throw reader.fail(reader.join(place, "filename"), "applies to a \"file\" part")
            }
            for (key, isSet) in [("allow_outside", field.allowOutside), ("as_field", field.asField)]
            where isSet && field.file == nil {
                throw reader.fail(reader.join(place, key), "applies to a \"file\" part")
            }
            if field.asField && field.fileName != nil {
                throw reader.fail(reader.join(place, "filename"), "has no use in a part sent \"as_field\"")
            }
            fields.append(field)
        }
        return fields
    }

    func resource(_ value: JSONValue, _ path: String) throws(WorkspaceError) -> Resource {
        var resource = Resource(name: "", path: "")
        for member in try reader.members(value, path, allowed: Self.resourceKeys) {
            let keyPath = reader.join(path, member.key)
            switch member.key {
            case "name": resource.name = try reader.string(member.value, keyPath)
            case "path": resource.path = try reader.string(member.value, keyPath)
            case "actions": resource.actions = try actions(member.value, keyPath)
            case "headers": resource.headers = try reader.headers(member.value, keyPath)
            case "body": resource.body = member.value
            case "params": resource.params = try reader.variables(member.value, keyPath)
            case "json_path": resource.jsonPath = try reader.string(member.value, keyPath)
            case "description": resource.summary = try reader.string(member.value, keyPath)
            default: break
            }
        }
        guard !resource.name.isEmpty else { throw reader.fail(reader.join(path, "name"), "is required") }
        guard !resource.path.isEmpty else { throw reader.fail(reader.join(path, "path"), "is required") }
        return resource
    }

    func actions(_ value: JSONValue, _ path: String) throws(WorkspaceError) -> [Resource.Action] {
        let known = Resource.Action.allCases.map(\.rawValue)
        var result: [Resource.Action] = []
        for (index, name) in try reader.stringList(value, path).enumerated() {
            guard let action = Resource.Action(rawValue: name) else {
                let hint = NameSuggester.closest(to: name, in: known).map { " (did you mean '\($0)'?)" } ?? ""
                throw reader.fail(
                    "\(path)[\(index)]",
                    "unknown action '\(name)'\(hint); expected one of \(known.joined(separator: ", "))")
            }
            result.append(action)
        }
        return result
    }

    // MARK: Checks, captures and runs (DESIGN.md §6)

    func checks(_ value: JSONValue, _ path: String) throws(WorkspaceError) -> [Check] {
        var checks: [Check] = []
        for (index, line) in try reader.stringList(value, path).enumerated() {
            do {
                checks.append(try parsedChecks.check(line))
            } catch {
                throw reader.fail("\(path)[\(index)]", error.description)
            }
        }
        return checks
    }

    func captures(_ value: JSONValue, _ path: String) throws(WorkspaceError) -> [Capture] {
        var captures: [Capture] = []
        for (name, line) in try reader.stringMap(value, path) {
            let keyPath = reader.join(path, name)
            guard !name.isEmpty, Template.variableNames(in: "{{\(name)}}") == [name] else {
                throw reader.fail(keyPath, "'\(name)' cannot be used as a variable name")
            }
            do {
                captures.append(try CheckParser.capture(named: name, line))
            } catch {
                throw reader.fail(keyPath, error.description)
            }
        }
        return captures
    }

    /// Every pattern of every run names a route or matches at least one.
    func checkRuns(_ workspace: Workspace) throws(WorkspaceError) {
        let names = workspace.routes.map(\.name)
        for run in workspace.runs {
            for (index, pattern) in run.patterns.enumerated()
            where !names.contains(where: { NamedRun.matches(pattern, $0) }) {
                let place = "runs.\(run.name)[\(index)]"
                if pattern.contains("*") { throw reader.fail(place, "'\(pattern)' matches no route") }
                let hint = NameSuggester.closest(to: pattern, in: names).map { "; did you mean '\($0)'?" } ?? ""
                throw reader.fail(place, "no route is named '\(pattern)'\(hint)")
            }
        }
    }
}
