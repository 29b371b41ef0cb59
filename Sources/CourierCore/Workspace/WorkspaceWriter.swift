/// Writes a `Workspace` as `environments.json` text that loads back to the same value:
/// what import and any other command that changes the workspace write.
///
/// Environments, routes, resources, headers, query parameters and bodies keep their order;
/// variables, parameters and secrets are maps in the model and are written sorted by name.
/// Routes that a resource expands to are written as that resource, not as routes. A seed
/// (`T21Environment`) workspace is written in the native format. Output is pretty-printed by
/// the JSON engine (two spaces, one member per line) and ends with a newline.
public struct WorkspaceWriter: Sendable {
    /// A writer; stateless.
    public init() {}

    /// The file's bytes.
    @_optimize(size) public func bytes(_ workspace: Workspace) -> [UInt8] {
        let compact = Array(json(workspace).serialized.utf8)
        // The serializer only writes valid JSON, so the formatter (which ends with a newline)
        // cannot fail on it.
        return (try? JSONFormatter().format(compact)) ?? compact + [0x0A]
    }

    /// The workspace as a JSON tree.
    @_optimize(size) public func json(_ workspace: Workspace) -> JSONValue {
        var members: [JSONMember] = []
        members.append(optional: "headers", headers(workspace.headers))
        members.append(optional: "variables", strings(workspace.variables))
        if !workspace.languages.isEmpty {
            members.append(JSONMember("languages", .array(workspace.languages.map { .string($0) })))
        }
        members.append(
            JSONMember("environments", .object(workspace.environments.map { JSONMember($0.name, environment($0)) })))
        let generated = workspace.resources.flatMap(\.routes)
        let routes = workspace.routes.filter { !generated.contains($0) }
        if !routes.isEmpty { members.append(JSONMember("routes", .array(routes.map(route)))) }
        if !workspace.imports.isEmpty {
            members.append(JSONMember("imports", .array(workspace.imports.map(\.json))))
        }
        if !workspace.resources.isEmpty {
            members.append(JSONMember("resources", .array(workspace.resources.map(resource))))
        }
        if !workspace.runs.isEmpty {
            members.append(
                JSONMember(
                    "runs", .object(workspace.runs.map { JSONMember($0.name, .array($0.patterns.map { .string($0) })) })
                ))
        }
        if let history = history(workspace.history) { members.append(JSONMember("history", history)) }
        if let lifetime = workspace.captureLifetime {
            let whole = lifetime.rounded() == lifetime && lifetime < 1e15
            members.append(JSONMember("capture_ttl", .number(whole ? String(Int(lifetime)) : String(lifetime))))
        }
        return .object(members)
    }

    /// Written only when it differs from the defaults.
    @_optimize(size) func history(_ settings: HistorySettings) -> JSONValue? {
        let defaults = HistorySettings()
        guard settings.enabled else { return .bool(false) }
        var members: [JSONMember] = []
        if settings.keep != defaults.keep { members.append(JSONMember("keep", .number(String(settings.keep)))) }
        if settings.maxBytes != defaults.maxBytes {
            members.append(JSONMember("max_mb", number(settings.maxMegabytes)))
        }
        return members.isEmpty ? nil : .object(members)
    }

    /// An environment as the file writes it.
    @_optimize(size) public func environment(_ environment: Environment) -> JSONValue {
        var members = [JSONMember("base_url", .string(environment.baseURL))]
        members.append(optional: "headers", headers(environment.headers))
        members.append(optional: "variables", strings(environment.variables))
        if !environment.secrets.isEmpty {
            members.append(JSONMember("secrets", .array(environment.secrets.sorted().map { .string($0) })))
        }
        if environment.isProtected { members.append(JSONMember("protected", .bool(true))) }
        if let timeout = environment.timeout { members.append(JSONMember("timeout", number(timeout))) }
        if let retries = environment.retries { members.append(JSONMember("retries", .number(String(retries)))) }
        if let delay = environment.retryDelay { members.append(JSONMember("retry_delay", number(delay))) }
        if let follow = environment.followRedirects { members.append(JSONMember("follow_redirects", .bool(follow))) }
        var tls: [JSONMember] = []
        if let caFile = environment.tls.caFile { tls.append(JSONMember("ca_file", .string(caFile))) }
        if environment.tls.insecure { tls.append(JSONMember("insecure", .bool(true))) }
        if let cert = environment.tls.certFile { tls.append(JSONMember("cert_file", .string(cert))) }
        if let key = environment.tls.keyFile { tls.append(JSONMember("key_file", .string(key))) }
        if !tls.isEmpty { members.append(JSONMember("tls", .object(tls))) }
        if let auth = environment.auth { members.append(JSONMember("auth", self.auth(auth))) }
        if let proxy = environment.proxy { members.append(JSONMember("proxy", .string(proxy))) }
        if !environment.usesCookies { members.append(JSONMember("cookies", .bool(false))) }
        if let summary = environment.summary { members.append(JSONMember("description", .string(summary))) }
        if !environment.recordsHistory { members.append(JSONMember("history", .bool(false))) }
        return .object(members)
    }

    /// A route's GraphQL request as the file writes it.
    static func graphql(_ graphql: GraphQLBody) -> JSONValue {
        var members: [JSONMember]
        switch graphql.query {
        case .text(let text): members = [JSONMember("query", .string(text))]
        case .file(let path): members = [JSONMember("file", .string(path))]
        }
        if let name = graphql.operationName { members.append(JSONMember("operation_name", .string(name))) }
        if let variables = graphql.variables { members.append(JSONMember("variables", variables)) }
        return .object(members)
    }

    /// A route as the file writes it.
    @_optimize(size) public func route(_ route: Route) -> JSONValue {
        var members = [
            JSONMember("name", .string(route.name)), JSONMember("method", .string(route.method.rawValue)),
            JSONMember("path", .string(route.path)),
        ]
        if !route.query.isEmpty { members.append(JSONMember("query", query(route.query))) }
        members.append(optional: "headers", headers(route.headers))
        if let body = route.body { members.append(JSONMember("body", body)) }
        if let form = route.form { members.append(JSONMember("form", query(form))) }
        if let parts = route.multipart { members.append(JSONMember("multipart", .array(parts.map(part)))) }
        if let text = route.text { members.append(JSONMember("text", .string(text))) }
        if let file = route.bodyFile { members.append(JSONMember("body_file", .string(file))) }
        if route.bodyFileAllowOutside { members.append(JSONMember("allow_outside", .bool(true))) }
        if let type = route.contentType { members.append(JSONMember("content_type", .string(type))) }
        if let graphql = route.graphql { members.append(JSONMember("graphql", Self.graphql(graphql))) }
        if route.websocket { members.append(JSONMember("websocket", .bool(true))) }
        if !route.messages.isEmpty {
            members.append(JSONMember("messages", .array(route.messages.map(JSONValue.string))))
        }
        if let until = route.until { members.append(JSONMember("until", .string(until.source))) }
        members.append(optional: "params", strings(route.params))
        if let path = route.jsonPath { members.append(JSONMember("json_path", .string(path))) }
        if let summary = route.summary { members.append(JSONMember("description", .string(summary))) }
        if !route.captures.isEmpty {
            members.append(
                JSONMember("capture", .object(route.captures.map { JSONMember($0.name, .string($0.source)) })))
        }
        if let checks = route.checks { members.append(JSONMember("checks", .array(checks.map { .string($0.source) }))) }
        if let auth = route.auth { members.append(JSONMember("auth", self.auth(auth))) }
        if let operation = route.operation { members.append(JSONMember("operation", .string(operation))) }
        if !route.checksContract { members.append(JSONMember("contract", .bool(false))) }
        return .object(members)
    }

    /// `{"type": …}` with the fields the type has, templates as written.
    @_optimize(size) func auth(_ spec: AuthSpec) -> JSONValue {
        var fields: [(String, String?)] = [("type", spec.type)]
        switch spec {
        case .none: break
        case .basic(let username, let password), .digest(let username, let password):
            fields += [("username", username), ("password", password)]
        case .bearer(let token): fields.append(("token", token))
        case .oauth2(let settings):
            fields += [
                ("grant", settings.grant.rawValue), ("token_url", settings.tokenURL), ("client_id", settings.clientID),
                ("client_secret", settings.clientSecret.isEmpty ? nil : settings.clientSecret),
                ("scope", settings.scope),
                ("username", settings.username), ("password", settings.password),
            ]
        }
        return .object(fields.compactMap { key, value in value.map { JSONMember(key, .string($0)) } })
    }

    @_optimize(size) func part(_ field: MultipartField) -> JSONValue {
        var members = [JSONMember("name", .string(field.name))]
        switch field.content {
        case .value(let text): members.append(JSONMember("value", .string(text)))
        case .file(let path): members.append(JSONMember("file", .string(path)))
        }
        if let type = field.contentType { members.append(JSONMember("content_type", .string(type))) }
        if let name = field.fileName { members.append(JSONMember("filename", .string(name))) }
        if field.allowOutside { members.append(JSONMember("allow_outside", .bool(true))) }
        if field.asField { members.append(JSONMember("as_field", .bool(true))) }
        return .object(members)
    }

    @_optimize(size) func resource(_ resource: Resource) -> JSONValue {
        var members = [
            JSONMember("name", .string(resource.name)), JSONMember("path", .string(resource.path)),
            JSONMember("actions", .array(resource.actions.map { .string($0.rawValue) })),
        ]
        members.append(optional: "headers", headers(resource.headers))
        if let body = resource.body { members.append(JSONMember("body", body)) }
        members.append(optional: "params", strings(resource.params))
        if let path = resource.jsonPath { members.append(JSONMember("json_path", .string(path))) }
        if let summary = resource.summary { members.append(JSONMember("description", .string(summary))) }
        return .object(members)
    }

    /// Headers in order; a name that repeats becomes one array member, as `query` writes it.
    /// Headers as query parameters are written; one sent empty on purpose is `null`.
    @_optimize(size) func headers(_ fields: [HeaderField]) -> JSONValue? {
        guard !fields.isEmpty else { return nil }
        return query(fields.map { QueryItem($0.name, $0.value, bare: $0.keepsEmpty) })
    }

    @_optimize(size) func strings(_ map: [String: String]) -> JSONValue? {
        map.isEmpty ? nil : .object(map.keys.sorted().map { JSONMember($0, .string(map[$0] ?? "")) })
    }

    /// Query parameters in order; a name that repeats becomes one array member at its first place.
    @_optimize(size) func query(_ items: [QueryItem]) -> JSONValue {
        var members: [JSONMember] = []
        for item in items {
            let value: JSONValue = item.bare && item.value.isEmpty ? .null : .string(item.value)
            if let index = members.firstIndex(where: { $0.key == item.name }) {
                switch members[index].value {
                case .array(let values): members[index].value = .array(values + [value])
                default: members[index].value = .array([members[index].value, value])
                }
            } else {
                members.append(JSONMember(item.name, value))
            }
        }
        return .object(members)
    }

    /// A whole number without a fraction (`10`, not `10.0`), others as Swift prints them.
    @_optimize(size) func number(_ value: Double) -> JSONValue {
        if value == value.rounded(), abs(value) < 1e15 { return .number(String(Int(value))) }
        return .number(String(value))
    }
}

extension Array where Element == JSONMember {
    @_optimize(size) fileprivate mutating func append(optional key: String, _ value: JSONValue?) {
        if let value { append(JSONMember(key, value)) }
    }
}
