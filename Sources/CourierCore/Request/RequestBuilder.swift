#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Turns a route, an environment and the user's input into an `HTTPRequest`.
///
/// Pure: no I/O besides reading the values it is given, so every rule of DESIGN.md §3
/// (URL joining, parameters, variables, header merge, body types) is testable without a
/// network. Every problem is thrown before anything could be sent.
public struct RequestBuilder: Sendable {
    /// The workspace the routes and environments come from.
    public var workspace: Workspace
    /// The process environment, for `${NAME}` and its proxy variables.
    public var processEnvironment: [String: String] {
        didSet { processProxy = ProxyRules(environmentProxy: nil, variables: processEnvironment) }
    }
    /// The proxies the process environment names, read once: eight lookups per request were
    /// 2 % of a check run.
    private var processProxy: ProxyRules
    /// What makes the prompts', files' and commands' values the input does not give (the
    /// command line's resolver); without one, the build stops at the first with
    /// `RequestError.needsValue`.
    public var valueSource: SendValueSourceBox?
    /// Timeout when neither the input nor the environment sets one.
    public static let defaultTimeout: Double = 30

    /// A builder over `workspace`, reading `${NAME}` from `processEnvironment`.
    public init(workspace: Workspace, processEnvironment: [String: String]) {
        self.workspace = workspace
        self.processEnvironment = processEnvironment
        processProxy = ProxyRules(environmentProxy: nil, variables: processEnvironment)
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
        context.draw = input.draw ?? .fresh()
        context.answers = input.answers
        context.source = valueSource
        return context
    }

    /// Builds the request with its send options and origin, or throws the first problem found.
    /// An unknown variable that a route captures says which route to send first.
    public func build(
        route: Route, environment: Environment, input: RequestInput = RequestInput(), captured: [String: String] = [:]
    ) throws(RequestError) -> PreparedRequest {
        do {
            return try assemble(route: route, environment: environment, input: input, captured: captured)
        } catch .unknownVariable(let name, let suggestion) {
            let capturers = workspace.routesCapturing(name)
            if capturers.isEmpty { throw .unknownVariable(name, suggestion: suggestion) }
            throw .capturedVariable(name, routes: capturers)
        }
    }

    private func assemble(
        route: Route, environment: Environment, input: RequestInput, captured: [String: String]
    ) throws(RequestError) -> PreparedRequest {
        let context = context(environment: environment, input: input, captured: captured)
        let url = try buildURL(route: route, environment: environment, input: input, context: context)

        // The default User-Agent first, so any layer may replace it or remove it (`User-Agent:`).
        var layers: [[HeaderField]] = [
            [HeaderField("User-Agent", CourierVersion.userAgent)], workspace.headers, environment.headers,
        ]
        // GraphQL over HTTP's media type first, plain JSON for servers older than it.
        if route.graphql != nil { layers.append([HeaderField("Accept", Self.graphQLAccept)]) }
        if let language = input.language, !language.isEmpty {
            layers.append([HeaderField("Accept-Language", language)])
        }
        layers.append(route.headers)
        layers.append(input.headers)
        var headers: [HeaderField] = []
        var fieldContext = context
        for layer in layers {
            var rendered: [HeaderField] = []
            for field in layer {
                fieldContext.place = "header." + field.name
                let value = try Template.render(field.value, in: fieldContext)
                guard !value.utf8.contains(where: { $0 == 10 || $0 == 13 }) else {
                    throw .badHeaderValue(name: field.name)
                }
                var filled = field
                filled.value = value
                rendered.append(filled)
            }
            headers = headers.merging(rendered)
        }

        let body = try buildBody(route: route, input: input, context: context)
        if let body {
            if let given = headers.value(for: "Content-Type") {
                // A multipart type written without its boundary (as a copied curl command often
                // has it) gets this body's, as curl does; any other type stays as given.
                if let multipart = body.multipart, given.lowercased().hasPrefix("multipart/"),
                    !given.contains("boundary=")
                {
                    headers = headers.merging([HeaderField("Content-Type", given + "; boundary=" + multipart.boundary)])
                }
            } else {
                headers.append(HeaderField("Content-Type", body.contentType))
            }
        }

        var request = HTTPRequest(method: route.method, url: url, headers: headers, body: body?.bytes)
        request.multipart = body?.multipart
        var options = SendOptions(
            timeout: input.timeout ?? environment.timeout ?? Self.defaultTimeout,
            retry: RetryPolicy(
                retries: input.retries ?? environment.retries ?? 0,
                delay: input.retryDelay ?? environment.retryDelay ?? 1),
            followRedirects: input.followRedirects ?? environment.followRedirects ?? true, tls: tls(environment))
        options.proxy = environment.proxy.map { ProxyRules(environmentProxy: $0, variables: [:]) } ?? processProxy
        options.protectedGuard = protectedGuard(input: input)
        // Credentials count as secrets whether or not a secret variable holds them (DESIGN §3).
        // Secret values made outside (`{{$command}}`) come with the secret variables'.
        let credentials = Self.userinfoSecrets(url) + options.proxy.credentials
        let origin = ExchangeOrigin(
            workspace: workspace.file, environmentName: environment.name, routeName: route.name,
            isProtectedEnvironment: environment.isProtected,
            secretValues: secretValues(environment: environment, context: context) + credentials)
        var prepared = PreparedRequest(request: request, options: options, origin: origin)
        prepared.checkPlan = CheckPlan(
            checks: route.checks, captures: route.captures, context: context, secretNames: environment.secrets)
        if route.checksContract { prepared.checkPlan?.operation = route.operation }
        prepared.checkPlan?.graphQL = route.graphql != nil
        if route.isWebSocket {
            prepared.checkPlan?.webSocket = true
            prepared.webSocket = try webSocketPlan(route, input: input, context: context)
        }
        try applyAuth(
            authSpec(route: route, environment: environment), to: &prepared, in: context,
            headerWins: authorizationHeaderWins(route: route, environment: environment, inputHeaders: input.headers))
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
        let template = route.pathTemplate
        let names = template.parameterNames
        for name in input.pathParameters.keys.sorted() where !names.contains(name) {
            throw .unknownPathParameter(name, route: route.name, available: names)
        }
        var path = ""
        var pieceContext = context
        for (index, segment) in template.segments.enumerated() {
            pieceContext.place = "path.\(index)"
            switch segment {
            case .literal(let text):
                path += try Template.render(text, in: pieceContext)
            case .parameter(let name):
                let raw = input.pathParameters[name] ?? route.params[name] ?? ""
                let value = try Template.render(raw, in: pieceContext)
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
        var itemContext = context
        for (index, item) in query.enumerated() {
            itemContext.place = "query.\(index)"
            let name = try Template.render(item.name, in: itemContext)
            itemContext.place += "="
            let value = try Template.render(item.value, in: itemContext)
            let encodedName = PercentEncoding.queryComponent(name)
            encodedQuery.append(
                item.bare && value.isEmpty ? encodedName : encodedName + "=" + PercentEncoding.queryComponent(value))
        }
        // A GraphQL query on a GET route travels in the URL (GraphQL over HTTP).
        if let graphql = route.graphql, route.method == .get, input.body == nil {
            for item in try graphQLPayload(graphql, route: route, input: input, context: context).queryItems {
                encodedQuery.append(
                    PercentEncoding.queryComponent(item.name) + "=" + PercentEncoding.queryComponent(item.value))
            }
        }

        // A path that is a whole URL (a quick request, a route on another host) stands alone.
        var url = Self.isAbsolute(path) ? path : Self.join(base: base, path: path)
        if route.isWebSocket { url = Self.webSocketURL(url) }
        if !encodedQuery.isEmpty {
            url += (url.utf8.contains(UInt8(ascii: "?")) ? "&" : "?") + encodedQuery.joined(separator: "&")
        }
        try validate(url, route: route, environment: environment)
        return url
    }

    /// Whether `path` is a whole http(s) or ws(s) URL rather than a path under the base URL.
    public static func isAbsolute(_ path: String) -> Bool {
        let lower = path.prefix(8).lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://") || isWebSocketURL(path)
    }

    /// `base` + `path` with exactly one `/` between them; a base path such as `/dev/v1` is kept,
    /// and so is every other slash: `/v1` + `/` is `/v1/` (a server may redirect `/v1` to it),
    /// `/v1` + `/users/` keeps its trailing slash. An empty path leaves the base as written.
    public static func join(base: String, path: String) -> String {
        let slash = UInt8(ascii: "/")
        guard !path.isEmpty else { return base }
        let baseSlash = base.utf8.last == slash
        let pathSlash = path.utf8.first == slash
        var joined = base
        // Concrete appends: `Substring + String` goes through a generic append that the runtime
        // resolves by searching every protocol conformance in the binary.
        switch (baseSlash, pathSlash) {
        case (true, true): joined += String(Substring(path.utf8.dropFirst()))
        case (false, false):
            joined += "/"
            joined += path
        default: joined += path
        }
        return joined
    }

    private func validate(_ url: String, route: Route, environment: Environment) throws(RequestError) {
        // Nearly every URL is plain ASCII of the kinds RFC 3986 allows; those are checked here
        // byte by byte, because Foundation's parser costs more than the rest of the request.
        if Self.isPlainHTTPURL(url) { return }
        func fail(_ reason: String) -> RequestError {
            .invalidURL(url, route: route.name, environment: environment.name, reason: reason)
        }
        guard url.firstRange(ofText: "://") != nil else {
            throw fail("has no scheme (expected http:// or https://)")
        }
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased() else {
            throw fail("is not a valid URL")
        }
        guard ["http", "https", "ws", "wss"].contains(scheme) else {
            throw fail("uses '\(scheme)', expected http or https (or ws, wss)")
        }
        if scheme.hasPrefix("ws") != route.isWebSocket { throw fail("is a WebSocket URL, and this route is not one") }
        guard let host = components.host, !host.isEmpty else { throw fail("has no host") }
        if url.utf8.contains(UInt8(ascii: " ")) { throw fail("contains a space") }
    }

    /// True when `url` is `http(s)://host[:port]` with a plain host (letters, digits, `-`, `.`)
    /// followed by nothing, `/` or `?`, and every later byte one RFC 3986 allows outside
    /// brackets, with whole `%XX` escapes. Anything else goes to the full parser.
    static func isPlainHTTPURL(_ url: String) -> Bool {
        var bytes = url.utf8[...]
        for prefix in ["https://", "http://"] where bytes.starts(with: prefix.utf8) {
            bytes = bytes.dropFirst(prefix.utf8.count)
            var hostLength = 0
            while let byte = bytes.first, isHostByte(byte) {
                hostLength += 1
                bytes = bytes.dropFirst()
            }
            guard hostLength > 0 else { return false }
            if bytes.first == UInt8(ascii: ":") {
                bytes = bytes.dropFirst()
                let port = bytes.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
                guard !port.isEmpty, port.count <= 5 else { return false }
                bytes = bytes.dropFirst(port.count)
            }
            guard bytes.isEmpty || bytes.first == UInt8(ascii: "/") || bytes.first == UInt8(ascii: "?") else {
                return false
            }
            var escape = 0
            for byte in bytes {
                if escape > 0 {
                    guard isHexDigit(byte) else { return false }
                    escape -= 1
                } else if byte == UInt8(ascii: "%") {
                    escape = 2
                } else if !isURLByte(byte) {
                    return false
                }
            }
            return escape == 0
        }
        return false
    }

    private static func isHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
            true
        default: false
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
            UInt8(ascii: "A")...UInt8(ascii: "F"):
            true
        default: false
        }
    }

    /// Unreserved and reserved characters of RFC 3986, without the brackets of IPv6 hosts.
    private static func isURLByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        // `#` is left to the full parser, which knows a fragment may not hold a second one.
        default: "-._~:/?@!$&'()*+,;=".utf8.contains(byte)
        }
    }

    /// Fills placeholders inside string values; numbers, booleans and null keep their type.
    /// Each string's place is its JSON path under `context`'s, so two alike get values of their own.
    func render(_ value: JSONValue, in context: TemplateContext) throws(RequestError) -> JSONValue {
        switch value {
        case .string(let text):
            return .string(try Template.render(text, in: context))
        case .array(let items):
            var rendered: [JSONValue] = []
            var itemContext = context
            for (index, item) in items.enumerated() {
                itemContext.place = context.place + ".\(index)"
                rendered.append(try render(item, in: itemContext))
            }
            return .array(rendered)
        case .object(let members):
            var rendered: [JSONMember] = []
            var memberContext = context
            for member in members {
                memberContext.place = context.place + "." + member.key
                rendered.append(JSONMember(member.key, try render(member.value, in: memberContext)))
            }
            return .object(rendered)
        case .null, .bool, .number:
            return value
        }
    }
}
