import CourierCore

/// Walks a Postman collection's items (see `PostmanImporter`): folders into name prefixes,
/// requests into routes with the base URL each was written with.
struct PostmanWalker {
    let fileName: String
    /// The collection's folder, against which relative form-data files are read.
    let folder: String
    /// The named environments; basic auth over variables adds its encoded value to each.
    private(set) var environments: [ImportEnvironments.Entry]
    let defaults: [String: String]
    private(set) var routes: [(route: Route, base: String)] = []
    private(set) var warnings: [String] = []
    /// Requests that could not come across.
    private(set) var skipped: [ImportPlan.Skip] = []
    /// Literal digest and OAuth2 credentials, as secret variables for every environment.
    private(set) var credentials = ImportAuth()

    init(fileName: String, folder: String, environments: [ImportEnvironments.Entry], defaults: [String: String]) {
        self.fileName = fileName
        self.folder = folder
        self.environments = environments
        self.defaults = defaults
    }

    /// Adds each request of `items`; one that cannot come across is skipped, with why.
    mutating func walk(_ items: [JSONValue], prefix: [String], auth: JSONValue?) {
        for item in items {
            let name = item["name"]?.text ?? "request"
            if let children = item["item"]?.array {
                walk(children, prefix: prefix + [ImportPlan.slug(name)], auth: item["auth"] ?? auth)
            } else if let request = item["request"] {
                let place = (prefix + [ImportPlan.slug(name)]).joined(separator: ".")
                do {
                    try add(request, name: place, auth: request["auth"] ?? auth)
                } catch {
                    skipped.append(ImportPlan.Skip(place, reason: error.message))
                }
            }
        }
    }

    private mutating func add(_ request: JSONValue, name: String, auth: JSONValue?) throws(ImportError) {
        // A request may be just its URL.
        let url = request.text.map { JSONValue.string($0) } ?? request["url"] ?? .string("")
        let raw = url.text ?? url["raw"]?.text ?? Self.assemble(url)
        let withoutQuery = raw.split(separator: "?", maxSplits: 1).first.map(String.init) ?? raw
        let split = try ImportedURL.splitTemplate(withoutQuery, parameters: true)
        if split.schemeAssumed { warnings.append("\(name): " + ImportedURL.assumedScheme(for: withoutQuery)) }
        var route = Route(name: name, method: HTTPMethod(rawValue: request["method"]?.text ?? "GET"), path: split.path)
        if let items = url["query"]?.array {
            route.query = Self.query(items)
        } else if let query = raw.split(separator: "?", maxSplits: 1).dropFirst().first {
            route.query = try ImportedURL.splitTemplate("http://x/?" + query).query
        }
        for variable in url["variable"]?.array ?? [] {
            // v2.0 exports name a path variable by `id`, as Postman's SDK still reads it.
            if let key = variable["key"]?.text ?? variable["id"]?.text, let value = variable["value"]?.scalarText,
                !value.isEmpty
            {
                route.params[key] = value
            }
        }
        let names = Set(route.pathTemplate.parameterNames)
        route.params = route.params.filter { names.contains($0.key) }
        // Postman sends a header with an empty value as it is, empty.
        route.headers = Self.pairs(request["header"]?.array ?? []).map {
            $0.value.isEmpty ? .empty($0.name) : HeaderField($0.name, $0.value)
        }
        if case .string(let summary)? = request["description"] { route.summary = summary }
        try body(request["body"], into: &route)
        applyAuth(auth, to: &route)
        routes.append((route, split.base))
    }

    /// `protocol://host/path` from the parts when `raw` is missing.
    private static func assemble(_ url: JSONValue) -> String {
        let host = (url["host"]?.array ?? []).compactMap(\.text).joined(separator: ".")
        let path = (url["path"]?.array ?? []).compactMap(\.text).joined(separator: "/")
        let scheme = url["protocol"]?.text.map { $0 + "://" } ?? (host.hasPrefix("{{") ? "" : "https://")
        return scheme + host + "/" + path
    }

    /// `url.query` as Postman sends it: each key and value as written in the URL, read here as
    /// a server reads them (`+` a space, `%XX` a byte) for the builder to encode again, so a
    /// value written encoded is not encoded twice; a null value is the name alone (`?flag`).
    private static func query(_ items: [JSONValue]) -> [QueryItem] {
        let decoded = ImportedURL.queryDecoded
        return items.compactMap { item in
            guard item["disabled"]?.flag != true else { return nil }
            let key = item["key"] == .null ? "" : item["key"]?.scalarText ?? ""
            guard item["value"] != .null, let value = item["value"]?.scalarText else {
                return QueryItem(decoded(key), "", bare: true)
            }
            return QueryItem(decoded(key), decoded(value))
        }
    }

    /// `[{"key", "value", "disabled"}]` without the disabled ones.
    private static func pairs(_ items: [JSONValue]) -> [QueryItem] {
        items.compactMap { item in
            guard item["disabled"]?.flag != true, let key = item["key"]?.text else { return nil }
            let value = item["value"] == .null ? "" : item["value"]?.scalarText
            return QueryItem(key, value ?? "")
        }
    }

    private mutating func body(_ body: JSONValue?, into route: inout Route) throws(ImportError) {
        guard let body, body["disabled"]?.flag != true, let mode = body["mode"]?.text else { return }
        switch mode {
        case "raw":
            guard let raw = body["raw"]?.text, !raw.isEmpty else { return }
            let language = body["options"]?["raw"]?["language"]?.text ?? "text"
            let implied = [
                "json": "application/json", "xml": "application/xml", "html": "text/html",
                "javascript": "application/javascript", "text": "text/plain",
            ][language]
            if route.headers.value(for: "Content-Type") == nil, let implied {
                route.headers.append(HeaderField("Content-Type", implied))
            }
            try apply(Array(raw.utf8), to: &route)
        case "urlencoded":
            // With no field (or every one disabled) Postman sends no body, and no Content-Type.
            let fields = Self.pairs(body["urlencoded"]?.array ?? [])
            route.form = fields.isEmpty ? nil : fields
        case "formdata":
            route.multipart = (body["formdata"]?.array ?? []).compactMap { item in
                guard item["disabled"]?.flag != true, let key = item["key"]?.text else { return nil }
                var field = MultipartField(name: key, content: .value(item["value"]?.scalarText ?? ""))
                field.contentType = item["contentType"]?.text
                if item["type"]?.text == "file" {
                    let source = item["src"]?.text ?? item["src"]?.array?.first?.text ?? ""
                    guard !source.isEmpty else {
                        warnings.append("\(route.name): the file of form field '\(key)' is not named; left out")
                        return nil
                    }
                    field.content = .file(source.hasPrefix("/") ? source : folder + "/" + source)
                    if source.hasPrefix("/") || source.hasPrefix("~") || source.split(separator: "/").contains("..") {
                        warnings.append(
                            "\(route.name): form field '\(key)' uploads \(source), outside the collection's folder; "
                                + "it is refused when sent unless its part says \"allow_outside\": true")
                    }
                }
                return field
            }
            if route.multipart?.isEmpty == true { route.multipart = nil }
        case "graphql":
            var members = [JSONMember("query", .string(body["graphql"]?["query"]?.text ?? ""))]
            if let variables = body["graphql"]?["variables"]?.text, !variables.isEmpty,
                let parsed = try? JSONValue.parse(variables)
            {
                members.append(JSONMember("variables", parsed))
            }
            route.body = .object(members)
        default:
            warnings.append("\(route.name): a '\(mode)' body is not imported")
        }
    }

    private func apply(_ bytes: [UInt8], to route: inout Route) throws(ImportError) {
        try ImportBody.apply(bytes, contentType: route.headers.value(for: "Content-Type"), to: &route)
    }

    /// Bearer, basic and API-key auth as a header or query parameter, digest and OAuth2 (client
    /// credentials, password) as Courier's own; others are named.
    private mutating func applyAuth(_ auth: JSONValue?, to route: inout Route) {
        guard let auth, let type = auth["type"]?.text, type != "noauth" else { return }
        // v2.1 writes `[{"key", "value"}]`, v2.0 an object of values.
        func value(_ key: String) -> String? {
            if let list = auth[type]?.array {
                return list.first { $0["key"]?.text == key }?["value"]?.scalarText
            }
            return auth[type]?[key]?.scalarText
        }
        switch type {
        case "bearer":
            route.headers.append(HeaderField("Authorization", "Bearer \(value("token") ?? "")"))
        case "basic":
            let pair = "\(value("username") ?? ""):\(value("password") ?? "")"
            guard pair.contains("{{") else {
                route.headers.append(HeaderField("Authorization", "Basic " + Base64.encode(Array(pair.utf8))))
                return
            }
            // Postman fills the variables before encoding; each environment gets its own value.
            route.headers.append(HeaderField("Authorization", "Basic {{basic_credentials}}"))
            for index in environments.indices {
                let context = TemplateContext(
                    environment: defaults.merging(environments[index].variables) { _, own in own })
                guard let filled = try? Template.render(pair, in: context) else {
                    let holder = environments[index].name.isEmpty ? "the collection" : environments[index].name
                    warnings.append("\(route.name): basic auth reads variables \(holder) lacks")
                    continue
                }
                environments[index].variables["basic_credentials"] = Base64.encode(Array(filled.utf8))
                environments[index].secrets.insert("basic_credentials")
            }
        case "apikey":
            // An API key is a secret whatever its parameter is called.
            let key = value("key") ?? "X-API-Key"
            var secret = value("value") ?? ""
            if !secret.contains("{{") {
                let variable = ImportCredentials.variableName(key)
                for index in environments.indices {
                    environments[index].variables[variable] = secret
                    environments[index].secrets.insert(variable)
                }
                secret = "{{\(variable)}}"
            }
            if value("in") == "query" {
                route.query.append(QueryItem(key, secret))
            } else {
                route.headers.append(HeaderField(key, secret))
            }
        case "digest":
            // Courier answers the challenge itself; Postman's realm and nonce are the server's.
            credentials.digest(username: value("username") ?? "", password: value("password") ?? "", to: &route)
        case "oauth2":
            let grants = ["client_credentials": "client_credentials", "password_credentials": "password"]
            let grant = value("grant_type") ?? ""
            let fetched = credentials.oauth2(
                grant: grants[grant] ?? grant, tokenURL: value("accessTokenUrl") ?? "",
                clientID: value("clientId") ?? "", clientSecret: value("clientSecret") ?? "",
                scope: value("scope") ?? "", username: value("username") ?? "", password: value("password") ?? "",
                to: &route)
            if !fetched, let token = value("accessToken"), !token.isEmpty {
                // A token Postman already holds (from a browser grant) goes as it does.
                route.headers.append(HeaderField("Authorization", "Bearer \(token)"))
            } else if !fetched {
                warnings.append(
                    "\(route.name): OAuth2's '\(grant)' grant is not imported (only client credentials and password)")
            }
        default:
            warnings.append("\(route.name): '\(type)' auth is not imported")
        }
    }
}
