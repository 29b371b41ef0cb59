import Foundation

/// Reads `environments.json` (or the seed `T21Environment` format) into a `Workspace`.
///
/// The file is parsed with the order-preserving `JSONValue` parser so environments and routes
/// keep the order the user wrote them in. Every shape problem names its key path
/// (`routes[2].method: expected a string`); unknown keys are errors too, because a typo such
/// as `"protcted": true` must not silently leave production unprotected. Keys that start
/// with `_` are ignored, so files can carry comments.
public struct WorkspaceLoader: Sendable {
    /// A loader; stateless.
    public init() {}

    /// The five Rails-style actions a resource expands to, in `rake routes` order.
    public static let resourceActions = ["index", "show", "create", "update", "destroy"]

    /// Loads the workspace at `path`.
    public func load(path: String) throws(WorkspaceError) -> Workspace {
        switch FileBytes.read(path) {
        case .success(let bytes):
            var workspace = try load(
                bytes: bytes, fileName: FileBytes.fileName(path), baseDirectory: FileBytes.directory(path))
            workspace.file = path
            return workspace
        case .failure(.missing):
            throw .unreadable(file: path, reason: "no such file")
        case .failure(.unreadable):
            throw .unreadable(file: path, reason: "permission denied or not a file")
        }
    }

    /// Loads a workspace from bytes; `fileName` is used in messages.
    public func load(bytes: [UInt8], fileName: String, baseDirectory: String = ".") throws(WorkspaceError) -> Workspace
    {
        let root: JSONValue
        do {
            root = try JSONValue.parse(bytes)
        } catch {
            throw .syntax(file: fileName, error)
        }
        var reader = ConfigReader(file: fileName)
        return try reader.workspace(root, baseDirectory: baseDirectory)
    }
}

/// Walks the parsed JSON and builds the model, remembering where it is for messages.
private struct ConfigReader {
    let file: String

    func fail(_ path: String, _ message: String) -> WorkspaceError {
        .invalid(file: file, keyPath: path.isEmpty ? "(top level)" : path, message: message)
    }

    func members(_ value: JSONValue, _ path: String, allowed: [String]) throws(WorkspaceError) -> [JSONMember] {
        guard case .object(let members) = value else {
            throw fail(path, "expected an object, found \(value.typeDescription)")
        }
        var seen: Set<String> = []
        for member in members where !member.key.hasPrefix("_") {
            let keyPath = join(path, member.key)
            guard allowed.contains(member.key) else {
                let hint = NameSuggester.closest(to: member.key, in: allowed).map { " (did you mean '\($0)'?)" } ?? ""
                throw fail(keyPath, "unknown key\(hint)")
            }
            guard seen.insert(member.key).inserted else { throw fail(keyPath, "appears twice") }
        }
        return members.filter { !$0.key.hasPrefix("_") }
    }

    func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func string(_ value: JSONValue, _ path: String) throws(WorkspaceError) -> String {
        guard case .string(let text) = value else {
            throw fail(path, "expected a string, found \(value.typeDescription)")
        }
        return text
    }

    /// A variable or parameter value: strings as they are, numbers and booleans as written.
    func scalar(_ value: JSONValue, _ path: String) throws(WorkspaceError) -> String {
        guard let text = value.scalarText, value != .null else {
            throw fail(path, "expected a string, number or boolean, found \(value.typeDescription)")
        }
        return text
    }

    func bool(_ value: JSONValue, _ path: String) throws(WorkspaceError) -> Bool {
        guard case .bool(let flag) = value else {
            throw fail(path, "expected true or false, found \(value.typeDescription)")
        }
        return flag
    }

    func number(_ value: JSONValue, _ path: String, minimum: Double = 0) throws(WorkspaceError) -> Double {
        guard case .number(let literal) = value, let number = Double(literal) else {
            throw fail(path, "expected a number, found \(value.typeDescription)")
        }
        guard number >= minimum else { throw fail(path, "must be at least \(minimum)") }
        return number
    }

    func integer(_ value: JSONValue, _ path: String) throws(WorkspaceError) -> Int {
        guard case .number(let literal) = value, let number = Int(literal), number >= 0 else {
            throw fail(path, "expected a whole number ≥ 0, found \(value.typeDescription)")
        }
        return number
    }

    func stringList(_ value: JSONValue, _ path: String) throws(WorkspaceError) -> [String] {
        guard case .array(let items) = value else {
            throw fail(path, "expected an array of strings, found \(value.typeDescription)")
        }
        var result: [String] = []
        for (index, item) in items.enumerated() { result.append(try string(item, "\(path)[\(index)]")) }
        return result
    }

    func stringMap(_ value: JSONValue, _ path: String) throws(WorkspaceError) -> [(String, String)] {
        guard case .object(let members) = value else {
            throw fail(path, "expected an object, found \(value.typeDescription)")
        }
        var result: [(String, String)] = []
        for member in members { result.append((member.key, try scalar(member.value, join(path, member.key)))) }
        return result
    }

    func headers(_ value: JSONValue, _ path: String) throws(WorkspaceError) -> [HeaderField] {
        var result: [HeaderField] = []
        for (name, text) in try stringMap(value, path) {
            guard HeaderField.isToken(name) else { throw fail(join(path, name), "is not a valid header name") }
            result.append(HeaderField(name, text))
        }
        return result
    }

    func variables(_ value: JSONValue, _ path: String) throws(WorkspaceError) -> [String: String] {
        var result: [String: String] = [:]
        for (name, text) in try stringMap(value, path) { result[name] = text }
        return result
    }

    // MARK: Workspace

    mutating func workspace(_ root: JSONValue, baseDirectory: String) throws(WorkspaceError) -> Workspace {
        guard case .object = root else {
            throw fail("", "expected an object with \"environments\" and \"routes\", found \(root.typeDescription)")
        }
        if root["configurations"] != nil && root["environments"] == nil {
            return try seedWorkspace(root, baseDirectory: baseDirectory)
        }
        let allowed = ["headers", "variables", "languages", "environments", "routes", "resources"]
        var workspace = Workspace(baseDirectory: baseDirectory)
        var routes: [Route] = []
        var resources: [Route] = []
        for member in try members(root, "", allowed: allowed) {
            let path = member.key
            switch member.key {
            case "headers": workspace.headers = try headers(member.value, path)
            case "variables": workspace.variables = try variables(member.value, path)
            case "languages": workspace.languages = try stringList(member.value, path)
            case "environments":
                guard case .object(let envs) = member.value else {
                    throw fail(path, "expected an object of environments, found \(member.value.typeDescription)")
                }
                var names: Set<String> = []
                for env in envs {
                    guard names.insert(env.key).inserted else { throw fail(join(path, env.key), "appears twice") }
                    workspace.environments.append(try environment(env.key, env.value, join(path, env.key)))
                }
            case "routes":
                routes = try routeList(member)
            case "resources":
                resources = try routeList(member)
            default: break
            }
        }
        guard !workspace.environments.isEmpty else {
            throw fail("environments", "at least one environment is required")
        }
        workspace.routes = try combine(routes, resources)
        return workspace
    }

    /// The routes of a `routes` member, or the expanded routes of a `resources` member.
    func routeList(_ member: JSONMember) throws(WorkspaceError) -> [Route] {
        guard case .array(let items) = member.value else {
            throw fail(member.key, "expected an array, found \(member.value.typeDescription)")
        }
        var result: [Route] = []
        for (index, item) in items.enumerated() {
            let path = "\(member.key)[\(index)]"
            if member.key == "routes" {
                result.append(try route(item, path))
            } else {
                result += try resource(item, path)
            }
        }
        return result
    }

    /// Routes first, then expanded resources; every name must be unique.
    func combine(_ routes: [Route], _ resources: [Route]) throws(WorkspaceError) -> [Route] {
        let all = routes + resources
        var seen: Set<String> = []
        for route in all where !seen.insert(route.name).inserted {
            throw fail("routes", "two routes are named '\(route.name)'")
        }
        return all
    }

    func environment(_ name: String, _ value: JSONValue, _ path: String) throws(WorkspaceError) -> Environment {
        let allowed = [
            "base_url", "headers", "variables", "secrets", "protected", "timeout", "retries",
            "retry_delay", "follow_redirects", "tls", "description",
        ]
        var env = Environment(name: name, baseURL: "")
        var hasBase = false
        for member in try members(value, path, allowed: allowed) {
            let keyPath = join(path, member.key)
            switch member.key {
            case "base_url":
                env.baseURL = try string(member.value, keyPath)
                hasBase = true
            case "headers": env.headers = try headers(member.value, keyPath)
            case "variables": env.variables = try variables(member.value, keyPath)
            case "secrets": env.secrets = Set(try stringList(member.value, keyPath))
            case "protected": env.isProtected = try bool(member.value, keyPath)
            case "timeout": env.timeout = try number(member.value, keyPath, minimum: 0.001)
            case "retries": env.retries = try integer(member.value, keyPath)
            case "retry_delay": env.retryDelay = try number(member.value, keyPath)
            case "follow_redirects": env.followRedirects = try bool(member.value, keyPath)
            case "tls": env.tls = try tls(member.value, keyPath)
            default: break
            }
        }
        guard hasBase else { throw fail(join(path, "base_url"), "is required") }
        return env
    }

    func tls(_ value: JSONValue, _ path: String) throws(WorkspaceError) -> TLSSettings {
        var settings = TLSSettings()
        for member in try members(value, path, allowed: ["ca_file", "insecure"]) {
            let keyPath = join(path, member.key)
            if member.key == "ca_file" { settings.caFile = try string(member.value, keyPath) }
            if member.key == "insecure" { settings.insecure = try bool(member.value, keyPath) }
        }
        return settings
    }

    func method(_ value: JSONValue, _ path: String) throws(WorkspaceError) -> HTTPMethod {
        let method = HTTPMethod(rawValue: try string(value, path))
        guard HeaderField.isToken(method.rawValue) else { throw fail(path, "'\(method)' is not an HTTP method") }
        return method
    }

    func query(_ value: JSONValue, _ path: String) throws(WorkspaceError) -> [QueryItem] {
        guard case .object(let members) = value else {
            throw fail(path, "expected an object, found \(value.typeDescription)")
        }
        var items: [QueryItem] = []
        for member in members {
            let keyPath = join(path, member.key)
            if case .array(let values) = member.value {
                // An array repeats the parameter: {"tag": ["a", "b"]} → tag=a&tag=b.
                for (index, item) in values.enumerated() {
                    items.append(QueryItem(member.key, try scalar(item, "\(keyPath)[\(index)]")))
                }
            } else {
                items.append(QueryItem(member.key, try scalar(member.value, keyPath)))
            }
        }
        return items
    }

    func route(_ value: JSONValue, _ path: String) throws(WorkspaceError) -> Route {
        let allowed = ["name", "method", "path", "query", "headers", "body", "params", "json_path", "description"]
        var route = Route(name: "", method: "GET", path: "")
        var hasName = false
        var hasPath = false
        for member in try members(value, path, allowed: allowed) {
            let keyPath = join(path, member.key)
            switch member.key {
            case "name":
                route.name = try string(member.value, keyPath)
                hasName = !route.name.isEmpty
            case "method": route.method = try method(member.value, keyPath)
            case "path":
                route.path = try string(member.value, keyPath)
                hasPath = true
            case "query": route.query = try query(member.value, keyPath)
            case "headers": route.headers = try headers(member.value, keyPath)
            case "body": route.body = member.value
            case "params": route.params = try variables(member.value, keyPath)
            case "json_path": route.jsonPath = try string(member.value, keyPath)
            case "description": route.summary = try string(member.value, keyPath)
            default: break
            }
        }
        guard hasName else { throw fail(join(path, "name"), "is required") }
        guard hasPath else { throw fail(join(path, "path"), "is required") }
        try checkParams(route, path)
        return route
    }

    func checkParams(_ route: Route, _ path: String) throws(WorkspaceError) {
        let names = PathTemplate(route.path).parameterNames
        for name in route.params.keys.sorted() where !names.contains(name) {
            throw fail(join(join(path, "params"), name), "'\(route.path)' has no parameter '\(name)'")
        }
    }

    func resource(_ value: JSONValue, _ path: String) throws(WorkspaceError) -> [Route] {
        let allowed = ["name", "path", "actions", "headers", "body", "params", "json_path", "description"]
        var name = ""
        var basePath = ""
        var actions = WorkspaceLoader.resourceActions
        var headers: [HeaderField] = []
        var body: JSONValue?
        var params: [String: String] = [:]
        var jsonPath: String?
        for member in try members(value, path, allowed: allowed) {
            let keyPath = join(path, member.key)
            switch member.key {
            case "name": name = try string(member.value, keyPath)
            case "path": basePath = try string(member.value, keyPath)
            case "actions":
                actions = try stringList(member.value, keyPath)
                for (index, action) in actions.enumerated() where !WorkspaceLoader.resourceActions.contains(action) {
                    let hint =
                        NameSuggester.closest(to: action, in: WorkspaceLoader.resourceActions).map {
                            " (did you mean '\($0)'?)"
                        } ?? ""
                    throw fail(
                        "\(keyPath)[\(index)]",
                        "unknown action '\(action)'\(hint); expected one of \(WorkspaceLoader.resourceActions.joined(separator: ", "))"
                    )
                }
            case "headers": headers = try self.headers(member.value, keyPath)
            case "body": body = member.value
            case "params": params = try variables(member.value, keyPath)
            case "json_path": jsonPath = try string(member.value, keyPath)
            default: break
            }
        }
        guard !name.isEmpty else { throw fail(join(path, "name"), "is required") }
        guard !basePath.isEmpty else { throw fail(join(path, "path"), "is required") }
        let collection = basePath.hasSuffix("/") ? String(basePath.dropLast()) : basePath
        let member = collection + "/:id"
        return actions.map { action in
            let (method, routePath, hasBody): (HTTPMethod, String, Bool) =
                switch action {
                case "index": ("GET", collection, false)
                case "show": ("GET", member, false)
                case "create": ("POST", collection, true)
                case "update": ("PUT", member, true)
                default: ("DELETE", member, false)
                }
            let names = PathTemplate(routePath).parameterNames
            return Route(
                name: "\(name).\(action)", method: method, path: routePath, headers: headers,
                body: hasBody ? body : nil, params: params.filter { names.contains($0.key) },
                jsonPath: action == "index" || action == "show" ? jsonPath : nil)
        }
    }

    // MARK: Seed format

    /// `{"languages": [...], "configurations": {"Debug": {"base_url": ..., "key": ...}}}`:
    /// each configuration becomes an environment; its other keys become variables.
    mutating func seedWorkspace(_ root: JSONValue, baseDirectory: String) throws(WorkspaceError) -> Workspace {
        var workspace = Workspace(baseDirectory: baseDirectory)
        var routes: [Route] = []
        var resources: [Route] = []
        for member in try members(
            root, "", allowed: ["languages", "configurations", "headers", "variables", "routes", "resources"])
        {
            let path = member.key
            switch member.key {
            case "languages": workspace.languages = try stringList(member.value, path)
            case "headers": workspace.headers = try headers(member.value, path)
            case "variables": workspace.variables = try variables(member.value, path)
            case "configurations":
                guard case .object(let configurations) = member.value else {
                    throw fail(path, "expected an object of configurations, found \(member.value.typeDescription)")
                }
                for configuration in configurations {
                    let keyPath = join(path, configuration.key)
                    guard case .object(let fields) = configuration.value else {
                        throw fail(keyPath, "expected an object, found \(configuration.value.typeDescription)")
                    }
                    var env = Environment(name: configuration.key, baseURL: "")
                    var hasBase = false
                    for field in fields {
                        if field.key == "base_url" {
                            env.baseURL = try string(field.value, join(keyPath, field.key))
                            hasBase = true
                        } else {
                            env.variables[field.key] = try scalar(field.value, join(keyPath, field.key))
                        }
                    }
                    guard hasBase else { throw fail(join(keyPath, "base_url"), "is required") }
                    workspace.environments.append(env)
                }
            case "routes":
                routes = try routeList(member)
            case "resources":
                resources = try routeList(member)
            default: break
            }
        }
        guard !workspace.environments.isEmpty else {
            throw fail("configurations", "at least one configuration is required")
        }
        workspace.routes = try combine(routes, resources)
        return workspace
    }
}
