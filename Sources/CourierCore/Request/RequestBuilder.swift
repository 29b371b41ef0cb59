import Foundation

/// Turns a route, an environment and the user's input into an `HTTPRequest`.
///
/// Pure: no I/O besides reading the values it is given, so every rule of DESIGN.md §3
/// (URL joining, parameters, variables, header merge, body types) is testable without a
/// network. Every problem is thrown before anything could be sent.
public struct RequestBuilder: Sendable {
    /// The workspace the routes and environments come from.
    public var workspace: Workspace
    /// The process environment, for `${NAME}`.
    public var processEnvironment: [String: String]
    /// Timeout when neither the input nor the environment sets one.
    public static let defaultTimeout: Double = 30

    /// A builder over `workspace`, reading `${NAME}` from `processEnvironment`.
    public init(workspace: Workspace, processEnvironment: [String: String]) {
        self.workspace = workspace
        self.processEnvironment = processEnvironment
    }

    /// The template scopes in force for `environment` with `input`'s variables on top, and
    /// values captured from earlier responses between them.
    public func context(environment: Environment, input: RequestInput, captured: [String: String] = [:])
        -> TemplateContext
    {
        var context = TemplateContext(
            overrides: input.variables, environment: environment.variables,
            workspace: workspace.variables, processEnvironment: processEnvironment)
        context.captured = captured
        return context
    }

    /// Builds the request with its send options and origin, or throws the first problem found.
    public func build(
        route: Route, environment: Environment, input: RequestInput = RequestInput(), captured: [String: String] = [:]
    ) throws(RequestError) -> PreparedRequest {
        let context = context(environment: environment, input: input, captured: captured)
        let url = try buildURL(route: route, environment: environment, input: input, context: context)

        var layers: [[HeaderField]] = [workspace.headers, environment.headers]
        if let language = input.language, !language.isEmpty {
            layers.append([HeaderField("Accept-Language", language)])
        }
        layers.append(route.headers)
        layers.append(input.headers)
        var headers: [HeaderField] = []
        for layer in layers {
            var rendered: [HeaderField] = []
            for field in layer {
                let value = try Template.render(field.value, in: context)
                guard !value.contains("\n"), !value.contains("\r") else { throw .badHeaderValue(name: field.name) }
                rendered.append(HeaderField(field.name, value))
            }
            headers = headers.merging(rendered)
        }

        let body = try buildBody(route: route, input: input, context: context)
        if body != nil, headers.value(for: "Content-Type") == nil {
            headers.append(HeaderField("Content-Type", "application/json"))
        }

        var tls = environment.tls
        if let caFile = tls.caFile, !caFile.hasPrefix("/") {
            tls.caFile = (workspace.baseDirectory as NSString).appendingPathComponent(caFile)
        }

        let request = HTTPRequest(method: route.method, url: url, headers: headers, body: body.map { Array($0.utf8) })
        let options = SendOptions(
            timeout: input.timeout ?? environment.timeout ?? Self.defaultTimeout,
            retry: RetryPolicy(
                retries: input.retries ?? environment.retries ?? 0,
                delay: input.retryDelay ?? environment.retryDelay ?? 1),
            followRedirects: input.followRedirects ?? environment.followRedirects ?? true, tls: tls)
        let origin = ExchangeOrigin(
            workspace: workspace.file, environmentName: environment.name, routeName: route.name,
            isProtectedEnvironment: environment.isProtected,
            secretValues: secretValues(environment: environment, context: context))
        var prepared = PreparedRequest(request: request, options: options, origin: origin)
        prepared.checkPlan = CheckPlan(
            checks: route.checks, captures: route.captures, context: context, secretNames: environment.secrets)
        return prepared
    }

    /// The resolved URL alone (for showing it live while the user types).
    public func buildURL(
        route: Route, environment: Environment, input: RequestInput = RequestInput(), captured: [String: String] = [:]
    ) throws(RequestError) -> String {
        try buildURL(
            route: route, environment: environment, input: input,
            context: context(environment: environment, input: input, captured: captured))
    }

    private func buildURL(route: Route, environment: Environment, input: RequestInput, context: TemplateContext)
        throws(RequestError) -> String
    {
        let base = try Template.render(environment.baseURL, in: context)
        let template = PathTemplate(route.path)
        let names = template.parameterNames
        for name in input.pathParameters.keys.sorted() where !names.contains(name) {
            throw .unknownPathParameter(name, route: route.name, available: names)
        }
        var path = ""
        for segment in template.segments {
            switch segment {
            case .literal(let text):
                path += try Template.render(text, in: context)
            case .parameter(let name):
                let raw = input.pathParameters[name] ?? route.params[name] ?? ""
                let value = try Template.render(raw, in: context)
                guard !value.isEmpty else { throw .missingPathParameter(name, route: route.name) }
                path += PercentEncoding.pathSegment(value)
            }
        }

        var query = route.query
        for item in input.query {
            if let index = query.firstIndex(where: { $0.name == item.name }) {
                query[index] = item
                query.removeAll { $0.name == item.name && $0 != item }
            } else {
                query.append(item)
            }
        }
        var encodedQuery: [String] = []
        for item in query {
            let name = try Template.render(item.name, in: context)
            let value = try Template.render(item.value, in: context)
            encodedQuery.append(PercentEncoding.queryComponent(name) + "=" + PercentEncoding.queryComponent(value))
        }

        var url = Self.join(base: base, path: path)
        if !encodedQuery.isEmpty {
            url += (url.contains("?") ? "&" : "?") + encodedQuery.joined(separator: "&")
        }
        try validate(url, route: route, environment: environment)
        return url
    }

    /// `base` + `path` with exactly one `/` between them; a base path such as `/dev/v1` is kept.
    public static func join(base: String, path: String) -> String {
        var trimmedBase = Substring(base)
        while trimmedBase.hasSuffix("/") { trimmedBase = trimmedBase.dropLast() }
        var trimmedPath = Substring(path)
        while trimmedPath.hasPrefix("/") { trimmedPath = trimmedPath.dropFirst() }
        if trimmedPath.isEmpty { return String(trimmedBase) }
        return trimmedBase + "/" + trimmedPath
    }

    private func validate(_ url: String, route: Route, environment: Environment) throws(RequestError) {
        func fail(_ reason: String) -> RequestError {
            .invalidURL(url, route: route.name, environment: environment.name, reason: reason)
        }
        guard url.contains("://") else { throw fail("has no scheme (expected http:// or https://)") }
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased() else {
            throw fail("is not a valid URL")
        }
        guard scheme == "http" || scheme == "https" else { throw fail("uses '\(scheme)', expected http or https") }
        guard let host = components.host, !host.isEmpty else { throw fail("has no host") }
        if url.contains(" ") { throw fail("contains a space") }
    }

    private func buildBody(route: Route, input: RequestInput, context: TemplateContext) throws(RequestError) -> String?
    {
        let template: JSONValue
        if let text = input.body {
            do {
                template = try JSONValue.parse(text)
            } catch {
                throw .invalidBody(error)
            }
        } else if let body = route.body {
            template = body
        } else {
            return nil
        }
        return try render(template, in: context).serialized
    }

    /// Fills placeholders inside string values; numbers, booleans and null keep their type.
    func render(_ value: JSONValue, in context: TemplateContext) throws(RequestError) -> JSONValue {
        switch value {
        case .string(let text):
            return .string(try Template.render(text, in: context))
        case .array(let items):
            var rendered: [JSONValue] = []
            for item in items { rendered.append(try render(item, in: context)) }
            return .array(rendered)
        case .object(let members):
            var rendered: [JSONMember] = []
            for member in members { rendered.append(JSONMember(member.key, try render(member.value, in: context))) }
            return .object(rendered)
        case .null, .bool, .number:
            return value
        }
    }

    /// Resolved values of the environment's secret variables; ones that do not resolve are skipped.
    public func secretValues(environment: Environment, context: TemplateContext) -> [String] {
        environment.secrets.sorted().compactMap { name in
            guard let value = try? Template.render("{{\(name)}}", in: context), !value.isEmpty else { return nil }
            return value
        }
    }
}
