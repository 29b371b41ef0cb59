import CourierCore

/// One Insomnia request as a route (see `InsomniaImporter`): its URL and enabled query
/// parameters, headers (an empty value is sent empty, as Insomnia sends it), body by MIME type
/// (JSON, form, multipart, GraphQL, a file, text) and auth, its own or its folders'.
struct InsomniaRequest {
    /// What folders pass down: their auth (the nearest wins) and headers (outer first).
    struct Inherited {
        var auth: JSONValue?
        /// Folders' `headers` lists, outer first, converted with each request's variables.
        var headers: [JSONValue] = []
        /// Folders' `environment` values (the nearest wins), written into their requests.
        var variables: [String: String] = [:]
    }

    /// The export's folder, against which relative upload paths are read.
    let folder: String
    private(set) var warnings: [String] = []
    /// Auth as routes send it, and the secrets its literal credentials became.
    private(set) var credentials = ImportAuth()
    /// Template tags already named in a warning.
    private var namedTags: Set<String> = []
    /// The folder variables of the request being converted.
    private var scope: [String: String] = [:]

    init(folder: String) { self.folder = folder }

    /// A folder's auth and headers added to what it passes down.
    mutating func inherit(_ group: JSONValue, into inherited: inout Inherited) {
        if let auth = group["authentication"], !Self.isEmpty(auth) { inherited.auth = auth }
        if let list = group["headers"] { inherited.headers.append(list) }
        // Insomnia resolves a folder's environment before the active one, for what it holds; a
        // route has no variables of its own, so the values are written in.
        scope = inherited.variables
        for member in group["environment"]?.members ?? [] {
            if let value = member.value.scalarText { inherited.variables[member.key] = template(value) }
        }
        scope = [:]
    }

    mutating func route(_ request: JSONValue, name: String, inherited: Inherited) throws(ImportError) -> (
        route: Route, base: String
    ) {
        scope = inherited.variables
        defer { scope = [:] }
        // A WebSocket request upgrades a GET of the same URL over HTTP.
        let (url, isWebSocket) = ImportedURL.upgraded(template(request["url"]?.scalarText ?? ""))
        guard !url.isEmpty else { throw ImportError("the request has no URL") }
        let split = try ImportedURL.splitTemplate(url, parameters: true)
        if split.schemeAssumed { warnings.append("\(name): " + ImportedURL.assumedScheme(for: url)) }
        var route = Route(
            name: name, method: HTTPMethod(rawValue: (request["method"]?.scalarText ?? "GET").uppercased()),
            path: split.path)
        route.query = split.query + pairs(request["parameters"]).map { QueryItem($0.name, $0.value) }
        for parameter in request["pathParameters"]?.elements ?? [] {
            if let key = parameter["name"]?.scalarText, let value = parameter["value"]?.scalarText, !value.isEmpty {
                route.params[key] = template(value)
            }
        }
        let folderHeaders = inherited.headers.reduce(into: [HeaderField]()) { $0 += headers($1) }
        route.headers = folderHeaders.merging(headers(request["headers"]))
        if let description = request["description"]?.scalarText ?? request["meta"]?["description"]?.scalarText,
            !description.isEmpty
        {
            route.summary = description
        }
        if isWebSocket {
            route.method = .get
            route.websocket = true
        } else {
            try body(request["body"], into: &route)
        }
        let own = request["authentication"]
        let auth = own.map(Self.isEmpty) == false && own?["type"] != .string("inherit") ? own : inherited.auth
        apply(auth, to: &route)
        return (route, split.base)
    }

    /// Insomnia's Nunjucks as Courier's templates: `{{ _.name }}` and `{{ name }}` are
    /// `{{name}}`; a tag (`{% uuid %}`, `{% response … %}`) has no equivalent and is named.
    mutating func template(_ text: String) -> String {
        if text.contains("{%") {
            var rest = Substring(text)
            while let open = rest.firstRange(ofText: "{%") {
                let tag = rest[open.upperBound...].trimmingWhitespace().prefix { $0 != " " && $0 != "%" }
                if namedTags.insert(String(tag)).inserted {
                    warnings.append(
                        "the Insomnia tag {% \(tag) %} has no equivalent in Courier; it was left as written")
                }
                rest = rest[open.upperBound...]
            }
        }
        guard text.contains("{{") else { return text }
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstRange(ofText: "{{"), let close = rest[open.upperBound...].firstRange(ofText: "}}") {
            result += rest[..<open.lowerBound]
            var name = rest[open.upperBound..<close.lowerBound].trimmingWhitespace()
            if name.hasPrefix("_.") { name.removeFirst(2) }
            if name.hasPrefix("_['") && name.hasSuffix("']") { name = String(name.dropFirst(3).dropLast(2)) }
            result += scope[name] ?? "{{\(name)}}"
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// Enabled `{name, value, disabled}` pairs, templates converted.
    private mutating func pairs(_ list: JSONValue?) -> [(name: String, value: String)] {
        (list?.elements ?? []).compactMap { item -> (String, String)? in
            guard item["disabled"] != .bool(true), let name = item["name"]?.scalarText, !name.isEmpty else {
                return nil
            }
            return (template(name), template(item["value"]?.scalarText ?? ""))
        }
    }

    private mutating func headers(_ list: JSONValue?) -> [HeaderField] {
        pairs(list).map { $0.value.isEmpty ? .empty($0.name) : HeaderField($0.name, $0.value) }
    }

    private mutating func body(_ body: JSONValue?, into route: inout Route) throws(ImportError) {
        guard let body, !Self.isEmpty(body) else { return }
        let type = (body["mimeType"]?.scalarText ?? "").lowercased()
        switch type {
        case "application/x-www-form-urlencoded":
            let fields = pairs(body["params"]).map { QueryItem($0.name, $0.value) }
            route.form = fields.isEmpty ? nil : fields
        case "multipart/form-data":
            var parts: [MultipartField] = []
            for item in body["params"]?.elements ?? [] where item["disabled"] != .bool(true) {
                guard let name = item["name"]?.scalarText else { continue }
                if item["type"] == .string("file") {
                    guard let file = item["fileName"]?.scalarText, !file.isEmpty else {
                        warnings.append("\(route.name): the file of form field '\(name)' is not named; left out")
                        continue
                    }
                    parts.append(MultipartField(name: name, content: .file(path(file))))
                } else {
                    parts.append(MultipartField(name: name, content: .value(template(item["value"]?.scalarText ?? ""))))
                }
            }
            route.multipart = parts.isEmpty ? nil : parts
        case "application/graphql":
            // Insomnia keeps `{"query", "variables"}` as text and sends it as JSON.
            let text = template(body["text"]?.scalarText ?? "")
            guard var value = try? JSONValue.parse(text) else { throw ImportError("the GraphQL body is not JSON") }
            if case .string(let variables)? = value["variables"], let parsed = try? JSONValue.parse(variables) {
                value = value.setting("variables", parsed)
            } else if case .string(let variables)? = value["variables"], variables.contains("{{"),
                case .object(let members) = value
            {
                // Variables with templates are JSON only once filled, as Insomnia fills and then
                // parses them: the body is text with them in place.
                let parts = members.map { member in
                    JSONValue.string(member.key).serialized + ": "
                        + (member.key == "variables" ? variables : member.value.serialized)
                }
                route.text = "{" + parts.joined(separator: ", ") + "}"
                route.contentType = "application/json"
                route.headers.removeAll { $0.name.lowercased() == "content-type" }
                return
            }
            route.body = value
            route.headers.removeAll {
                $0.name.lowercased() == "content-type" && $0.value.lowercased() == "application/graphql"
            }
        default:
            if let file = body["fileName"]?.scalarText, !file.isEmpty {
                route.bodyFile = path(file)
                route.contentType = type.isEmpty ? nil : type
                route.headers.removeAll { $0.name.lowercased() == "content-type" }
                warnings.append("\(route.name): the body is the file \(file), read from disk at each send")
                return
            }
            guard let text = body["text"]?.scalarText, !text.isEmpty else { return }
            let contentType = route.headers.value(for: "Content-Type") ?? (type.isEmpty ? nil : type)
            if route.headers.value(for: "Content-Type") == nil, !type.isEmpty {
                route.headers.append(HeaderField("Content-Type", type))
            }
            try ImportBody.apply(Array(template(text).utf8), contentType: contentType, to: &route)
        }
    }

    /// An upload's path: absolute as written, else from the export's folder.
    private func path(_ file: String) -> String {
        file.hasPrefix("/") ? file : folder + "/" + file
    }

    /// The auth Insomnia names, by `ImportAuth`; another kind is named in a warning.
    private mutating func apply(_ auth: JSONValue?, to route: inout Route) {
        guard let auth, !Self.isEmpty(auth), auth["disabled"] != .bool(true),
            let type = auth["type"]?.scalarText, type != "none"
        else { return }
        func field(_ key: String) -> String { template(auth[key]?.scalarText ?? "") }
        switch type {
        case "basic": credentials.basic(username: field("username"), password: field("password"), to: &route)
        case "bearer":
            let prefix = field("prefix")
            credentials.bearer(field("token"), prefix: prefix.isEmpty ? "Bearer" : prefix, to: &route)
        case "apikey":
            credentials.apiKey(field("key"), value: field("value"), in: auth["addTo"]?.scalarText, to: &route)
        case "digest": credentials.digest(username: field("username"), password: field("password"), to: &route)
        case "oauth2":
            let grant = field("grantType")
            let done = credentials.oauth2(
                grant: grant, tokenURL: field("accessTokenUrl"), clientID: field("clientId"),
                clientSecret: field("clientSecret"), scope: field("scope"), username: field("username"),
                password: field("password"), to: &route)
            if !done { warnings.append("\(route.name): the OAuth2 grant '\(grant)' is not imported") }
        default:
            warnings.append("\(route.name): '\(type)' auth is not imported")
        }
    }

    /// `{}` (Insomnia's "nothing set").
    static func isEmpty(_ value: JSONValue) -> Bool {
        if case .object(let members) = value { return members.isEmpty }
        return value == .null
    }
}
