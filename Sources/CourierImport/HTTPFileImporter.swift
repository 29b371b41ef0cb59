import CourierCore

/// `courier import http`: a `.http` / `.rest` file (JetBrains HTTP Client, VS Code REST
/// Client) with its `http-client.env.json` environments (DESIGN.md §9).
///
/// Requests are separated by `###` lines (the text after it names the request, as does a
/// `# @name` comment); a request is a request line (`METHOD URL [HTTP/x]`, the URL may go on
/// over lines starting with `?` or `&`), headers up to a blank line, then the body (or
/// `< FILE`). `@name = value` lines are file variables. `{{name}}` is Courier's own syntax
/// and stays; `{{$processEnv NAME}}` and `{{$env.NAME}}` become `${NAME}`.
public struct HTTPFileImporter: Sendable {
    /// An importer. It reads no file but the ones given: a `< FILE` body becomes a reference
    /// (`body_file`), sent from disk and confined to the workspace's folder like an upload.
    public init() {}

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
        let requests = parser.parse(text)
        plan.warnings += parser.warnings
        plan.skipped = parser.skipped
        guard !requests.isEmpty else {
            if !parser.skipped.isEmpty { throw ImportPlan.nothingImported(fileName, skipped: parser.skipped) }
            throw ImportError("\(fileName): no request found")
        }

        let environments = try HTTPEnvironmentFile.read(environmentFiles)
        plan.warnings += environments.warnings
        // File variables are the defaults of every environment.
        var routes: [(route: Route, base: String)] = []
        for request in requests {
            do {
                routes.append(try route(request, fileName: fileName, folder: folder, plan: &plan))
            } catch {
                plan.skipped.append(ImportPlan.Skip(request.name ?? "line \(request.line)", reason: error.message))
            }
        }
        guard !routes.isEmpty else { throw ImportPlan.nothingImported(fileName, skipped: plan.skipped) }

        ImportEnvironments(list: environments.list, defaults: parser.variables).assemble(routes, into: &plan)
        return plan
    }

    /// One request as a route and the base URL it was written with; throws why it cannot come across.
    private func route(
        _ request: HTTPFileParser.Request, fileName: String, folder: String, plan: inout ImportPlan
    ) throws(ImportError) -> (route: Route, base: String) {
        // A WebSocket upgrades a GET of the same URL over HTTP; a `ws://` target with no
        // `WEBSOCKET` before it is one too, its body its message.
        let upgraded = ImportedURL.upgraded(request.url)
        var url = upgraded.text
        var messages = request.messages
        if upgraded.isWebSocket && messages == nil { messages = request.body.map { [$0] } ?? [] }
        let host = request.headers.value(for: "Host")
        if url.hasPrefix("/"), let host {
            url = "http://\(host)\(url)"
        } else if url.hasPrefix("/") {
            // httpyac sends a URL with no host to its `host` variable.
            url = "{{host}}" + url
            plan.warnings.append(
                "\(fileName): line \(request.line): '\(request.url)' names no host: sent to {{host}}, as httpyac does")
        }
        let (base, path, query, assumed) = try ImportedURL.splitTemplate(url)
        if assumed {
            plan.warnings.append("\(fileName): line \(request.line): " + ImportedURL.assumedScheme(for: url))
        }
        var route = Route(name: "", method: HTTPMethod(rawValue: request.method), path: path)
        route.query = query
        // A `Host` header that only completed a relative URL is the base URL now.
        route.headers = request.headers.filter { $0.name.lowercased() != "host" || !request.url.hasPrefix("/") }
        route.name = request.name ?? ImportPlan.routeName(method: route.method, path: path)
        let body = request.body.map { Array($0.utf8) }
        if let messages {
            route.method = .get
            route.websocket = true
            route.messages = messages
        } else if let file = request.bodyFile {
            // Never read into the workspace: a reference, sent from disk and confined to the
            // workspace's folder like an upload.
            let relative = file.hasPrefix("./") ? String(file.dropFirst(2)) : file
            route.bodyFile = file.hasPrefix("/") ? file : folder + "/" + relative
            route.contentType = route.headers.value(for: "Content-Type")
            route.headers.removeAll { $0.name.lowercased() == "content-type" }
            plan.warnings.append(
                "\(fileName): line \(request.line): the body is the file \(file), read from disk at each send "
                    + "(not copied into the workspace; outside the workspace's folder it is refused unless the route "
                    + "says \"allow_outside\": true)")
        } else if let body {
            try ImportBody.apply(body, contentType: route.headers.value(for: "Content-Type"), to: &route)
        }
        return (route, base)
    }
}
