import CourierCore

/// One Bruno request as a route (see `BrunoImporter`): URL, query and path parameters,
/// headers of the collection, its folders and its own, the body its `body` mode names, and
/// the auth its `auth` mode names (`inherit`: the nearest folder's, else the collection's).
struct BrunoRequest {
    /// The collection's folder, against which upload paths are read.
    let folder: String
    private(set) var warnings: [String] = []
    /// Auth as routes send it, and the secrets its literal credentials became.
    private(set) var credentials = ImportAuth()

    init(folder: String) { self.folder = folder }

    /// `file`'s route and the base URL it was written with; `layers` are the collection's and
    /// its folders' files, outermost first.
    mutating func route(_ file: BrunoFile, method: String, name: String, layers: [BrunoFile]) throws(ImportError)
        -> (route: Route, base: String)
    {
        let url = BrunoImporter.template(file.value(method, "url") ?? "")
        guard !url.isEmpty else { throw ImportError("the request has no URL") }
        let split = try ImportedURL.splitTemplate(url, parameters: true)
        if split.schemeAssumed { warnings.append("\(name): " + ImportedURL.assumedScheme(for: url)) }
        var route = Route(name: name, method: HTTPMethod(rawValue: method.uppercased()), path: split.path)
        // Bruno keeps the query in the URL and in `params:query` alike; the block says which are on.
        if file.pairs["params:query"] != nil {
            route.query = items(file.enabled("params:query"))
        } else {
            route.query = split.query
        }
        for pair in file.enabled("params:path") where !pair.value.isEmpty {
            route.params[pair.key] = BrunoImporter.template(pair.value)
        }
        var headers: [HeaderField] = []
        for layer in layers + [file] {
            headers = headers.merging(
                layer.enabled("headers").map { pair in
                    let value = BrunoImporter.template(pair.value)
                    return value.isEmpty ? .empty(pair.key) : HeaderField(pair.key, value)
                })
        }
        route.headers = headers
        if let docs = file.texts["docs"], !docs.isEmpty { route.summary = docs }
        try body(file, mode: file.value(method, "body") ?? "none", into: &route)
        var mode = file.value(method, "auth") ?? "none"
        var source = file
        // `inherit`: the nearest folder that says, else the collection.
        for layer in layers.reversed() where mode == "inherit" {
            if let own = layer.value("auth", "mode"), own != "inherit" {
                mode = own
                source = layer
            }
        }
        auth(mode, from: source, to: &route)
        return (route, split.base)
    }

    private func items(_ pairs: [BrunoFile.Pair]) -> [QueryItem] {
        pairs.map { QueryItem($0.key, BrunoImporter.template($0.value)) }
    }

    private mutating func body(_ file: BrunoFile, mode: String, into route: inout Route) throws(ImportError) {
        let kinds = [
            "json": ("body:json", "application/json"), "text": ("body:text", "text/plain"),
            "xml": ("body:xml", "application/xml"), "sparql": ("body:sparql", "application/sparql-query"),
        ]
        switch mode {
        case "none": return
        case "formUrlEncoded":
            let fields = items(file.enabled("body:form-urlencoded"))
            route.form = fields.isEmpty ? nil : fields
        case "multipartForm":
            var parts: [MultipartField] = []
            for pair in file.enabled("body:multipart-form") {
                var (value, type) = Self.contentType(pair.value)
                if value.hasPrefix("@file(") && value.hasSuffix(")") {
                    // Several files in one part are `|`-separated; each is a part of its own.
                    for path in value.dropFirst(6).dropLast().split(separator: "|") {
                        var part = MultipartField(name: pair.key, content: .file(self.path(String(path))))
                        part.contentType = type
                        parts.append(part)
                    }
                    continue
                }
                value = BrunoImporter.template(value)
                var part = MultipartField(name: pair.key, content: .value(value))
                part.contentType = type
                parts.append(part)
            }
            route.multipart = parts.isEmpty ? nil : parts
        case "graphql":
            var members = [JSONMember("query", .string(BrunoImporter.template(file.texts["body:graphql"] ?? "")))]
            if let variables = file.texts["body:graphql:vars"], let parsed = try? JSONValue.parse(variables) {
                members.append(JSONMember("variables", parsed))
            }
            route.body = .object(members)
        case "file":
            guard let pair = file.enabled("body:file").first else { return }
            let (value, type) = Self.contentType(pair.value)
            guard value.hasPrefix("@file(") && value.hasSuffix(")") else { return }
            let file = String(value.dropFirst(6).dropLast())
            route.bodyFile = path(file)
            route.contentType = type
            warnings.append("\(route.name): the body is the file \(file), read from disk at each send")
        default:
            guard let (block, type) = kinds[mode] else {
                warnings.append("\(route.name): a '\(mode)' body is not imported")
                return
            }
            guard let text = file.texts[block], !text.isEmpty else { return }
            let contentType = route.headers.value(for: "Content-Type") ?? type
            if route.headers.value(for: "Content-Type") == nil {
                route.headers.append(HeaderField("Content-Type", type))
            }
            try ImportBody.apply(Array(BrunoImporter.template(text).utf8), contentType: contentType, to: &route)
        }
    }

    /// `value @contentType(type)` split into the value and the type.
    private static func contentType(_ text: String) -> (String, String?) {
        guard let marker = text.firstRange(ofText: " @contentType("), text.hasSuffix(")") else {
            return (text, nil)
        }
        let type = text[marker.upperBound...].dropLast()
        return (text[..<marker.lowerBound].trimmingWhitespace(), String(type))
    }

    /// An upload's path: absolute as written, else from the collection's folder.
    private func path(_ file: String) -> String {
        file.hasPrefix("/") ? file : folder + "/" + file
    }

    private mutating func auth(_ mode: String, from file: BrunoFile, to route: inout Route) {
        func field(_ key: String) -> String { BrunoImporter.template(file.value("auth:\(mode)", key) ?? "") }
        switch mode {
        case "none", "inherit": return
        case "basic": credentials.basic(username: field("username"), password: field("password"), to: &route)
        case "bearer": credentials.bearer(field("token"), to: &route)
        case "apikey":
            credentials.apiKey(field("key"), value: field("value"), in: field("placement"), to: &route)
        case "digest": credentials.digest(username: field("username"), password: field("password"), to: &route)
        case "oauth2":
            let grant = field("grant_type")
            let done = credentials.oauth2(
                grant: grant, tokenURL: field("access_token_url"), clientID: field("client_id"),
                clientSecret: field("client_secret"), scope: field("scope"), username: field("username"),
                password: field("password"), to: &route)
            if !done { warnings.append("\(route.name): the OAuth2 grant '\(grant)' is not imported") }
        default:
            warnings.append("\(route.name): '\(mode)' auth is not imported")
        }
    }
}
