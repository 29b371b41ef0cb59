import CourierCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `courier import curl`: one curl command line (as a browser's "Copy as cURL" writes it)
/// into one route, and the environment of its origin (DESIGN.md §9). The flags of §9 come
/// across; every other flag is named in a warning.
///
/// No local file is read: a command pasted from elsewhere could name `~/.ssh/id_rsa`, and the
/// workspace file is shared. `--data-binary @FILE`, `-d @FILE` and `--json @FILE` become the
/// route's `body_file`, `-F NAME=@FILE` and `-F NAME=<FILE` a file part: references, read at
/// each send and confined to the workspace's folder like every upload (DECISIONS, "Uploads
/// stay in the workspace's folder"). A warning names each body file and `<` part, and the
/// merge names any reference outside the folder.
public struct CurlImporter: Sendable {
    /// The folder relative `@FILE` paths are made absolute against.
    public var currentDirectory: String

    /// An importer of paths relative to `currentDirectory`.
    public init(currentDirectory: String) {
        self.currentDirectory = currentDirectory
    }

    /// The plan for `command`; the route is called `name`, else after its method and path.
    public func plan(_ command: String, name: String? = nil) throws(ImportError) -> ImportPlan {
        var split: (words: [String], rest: String?, variables: [String])
        var before: [String] = []
        do {
            split = try ShellSplitter.split(command)
            // `echo x | curl …` or `cd api && curl …`: the first command that is curl.
            var remaining = 10
            while !Self.isCurl(split.words.first), let rest = split.rest, remaining > 0 {
                before.append(split.words.first ?? "")
                split = try ShellSplitter.split(String(rest.drop { "|&;".contains($0) }))
                remaining -= 1
            }
        } catch {
            throw ImportError("curl: \(error)")
        }
        guard Self.isCurl(split.words.first) else {
            let start = (try? ShellSplitter.split(command))?.words.first.map { "'\($0)'" } ?? "nothing"
            throw ImportError("not a curl command: it starts with \(start)")
        }
        var plan = ImportPlan()
        if !before.isEmpty {
            plan.warnings.append("ignored what comes before the command: \(before.joined(separator: ", "))")
        }
        let (stdin, after) = split.rest.map(CurlRedirection.read) ?? (nil, nil)
        if let after {
            let shown = after.trimmingWhitespaceAndNewlines()
            plan.warnings.append("ignored what follows the command: \(shown.prefix(40))")
        }
        if !split.variables.isEmpty {
            let names = split.variables.map { "{{\($0)}}" }.joined(separator: ", ")
            plan.warnings.append("shell variables became the variables \(names); give them values in the environment")
        }
        let line = try CurlCommandLine(split.words)
        guard let given = line.urls.first else { throw ImportError("curl: the command has no URL") }
        // `curl wss://…` (curl 8) opens a WebSocket: the route upgrades a GET of that URL.
        let (first, isWebSocket) = ImportedURL.upgraded(given)
        if line.urls.count > 1 {
            plan.warnings.append(
                "only the first URL is imported; left out: \(line.urls.dropFirst().joined(separator: " "))")
        }
        if !line.ignored.isEmpty {
            plan.warnings.append("flags without an equivalent, ignored: \(line.ignored.joined(separator: " "))")
        }
        // `{{host}}` (a command copied from a client with variables) stays a variable.
        let url = first.contains("{{") ? try ImportedURL(template: first) : try ImportedURL(first)
        if first.contains("{{") && split.variables.isEmpty {
            plan.warnings.append("the URL holds variables (\(first)); give them values in the environment")
        }
        if url.schemeAssumed { plan.warnings.append(ImportedURL.assumedScheme(for: first)) }
        let environmentName = url.hostName
        var environment = Environment(name: environmentName, baseURL: url.origin)
        environment.tls.insecure = line.insecure
        plan.environments.append(environment)

        var route = Route(name: "", method: "GET", path: url.path)
        route.query = url.query
        for piece in line.urlQuery {
            // `+piece` goes as written; otherwise as `--data-urlencode` encodes it.
            let encoded =
                piece.hasPrefix("+")
                ? String(piece.dropFirst()) : try data(.urlencode(piece), option: "--url-query", stdin: nil)
            route.query += PercentEncoding.formItems(encoded)
        }
        route.headers = try headers(line, url: url, plan: &plan)
        if line.digest, let user = line.user ?? url.userInfo {
            // Courier answers the challenge as curl does; the password becomes a secret variable.
            let colon = user.firstIndex(of: ":") ?? user.endIndex
            let password = colon < user.endIndex ? String(user[user.index(after: colon)...]) : ""
            let variable =
                password.isEmpty
                ? "" : "{{\(plan.secret(password, preferred: "password", environment: environmentName))}}"
            route.auth = .digest(username: String(user[..<colon]), password: variable)
        }
        if isWebSocket {
            route.websocket = true
            if line.method != nil || !line.data.isEmpty || !line.form.isEmpty {
                plan.warnings.append(
                    "a WebSocket is opened with a GET and sends no body: the method and data are left out")
            }
        } else {
            let body = try body(line, stdin: stdin, route: &route, plan: &plan)
            if let method = line.method {
                route.method = HTTPMethod(rawValue: method)
            } else if line.head {
                route.method = .head
            } else if body || !line.form.isEmpty {
                route.method = .post
            }
            if !line.form.isEmpty { route.multipart = try parts(line.form, plan: &plan) }
        }
        route.name = name ?? ImportPlan.routeName(method: route.method, path: route.path)
        ImportCredentials.route(&route, plan: &plan, environment: environmentName)
        plan.add(route, environment: environmentName)
        return plan
    }

    private static func isCurl(_ program: String?) -> Bool {
        guard let program else { return false }
        return program == "curl" || program.hasSuffix("/curl")
    }

    /// `-H`, `-A`, `-e`, `-u`, `-b`, `--oauth2-bearer` and the ones `--json` implies, in that order.
    private func headers(_ line: CurlCommandLine, url: ImportedURL, plan: inout ImportPlan) throws(ImportError)
        -> [HeaderField]
    {
        var headers: [HeaderField] = []
        for text in line.headers {
            guard let colon = text.firstIndex(where: { $0 == ":" || $0 == ";" }) else {
                throw ImportError("curl: --header '\(text)' is not 'Name: value'")
            }
            let name = text[..<colon].trimmingWhitespace()
            let value = text[text.index(after: colon)...].trimmingWhitespace()
            guard HeaderField.isToken(name) else { throw ImportError("curl: --header '\(text)': bad header name") }
            if value.isEmpty {
                // `Name:` only removes a header curl adds by itself; `Name;` sends it empty.
                if text[colon] == ";" { headers.append(.empty(name)) }
                continue
            }
            if name.lowercased() == "accept-encoding" {
                plan.warnings.append("\(name) left out: Courier asks for deflate, gzip itself and decodes the reply")
                continue
            }
            if name.lowercased() == "content-length" {
                plan.warnings.append("\(name) left out: Courier states the body's length itself")
                continue
            }
            headers.append(HeaderField(name, value))
        }
        func add(_ name: String, _ value: String) {
            if headers.value(for: name) == nil { headers.append(HeaderField(name, value)) }
        }
        if let agent = line.userAgent { add("User-Agent", agent) }
        if let referer = line.referer { add("Referer", referer) }
        if let user = line.user ?? url.userInfo, !line.digest, !line.bearerWins {
            if !user.contains(":") { plan.warnings.append("-u \(user) has no password; curl would ask for it") }
            add("Authorization", "Basic " + Base64.encode(Array(user.utf8)))
        }
        // The last of --oauth2-bearer, --digest and --basic is the scheme curl uses.
        if let bearer = line.bearer, line.bearerWins { add("Authorization", "Bearer \(bearer)") }
        // curl asks from the given byte on when the range has no end (`-r 600` is `bytes=600-`).
        if let range = line.range { add("Range", "bytes=" + (range.contains("-") ? range : range + "-")) }
        for cookie in line.cookies {
            guard cookie.contains("=") else {
                plan.warnings.append("-b \(cookie) names a cookie file, which is not read")
                continue
            }
            if let index = headers.firstIndex(where: { $0.name.lowercased() == "cookie" }) {
                headers[index].value += "; " + cookie
            } else {
                headers.append(HeaderField("Cookie", cookie))
            }
        }
        if line.data.contains(where: { if case .json = $0 { true } else { false } }) {
            add("Content-Type", "application/json")
            add("Accept", "application/json")
        }
        return headers
    }

    /// Puts the data options into the body (or, with `-G`, the query); true when a body was set.
    private func body(
        _ line: CurlCommandLine, stdin: CurlRedirection?, route: inout Route, plan: inout ImportPlan
    ) throws(ImportError) -> Bool {
        guard !line.data.isEmpty else { return false }
        guard line.form.isEmpty else { throw ImportError("curl: -F cannot be combined with -d or --json") }
        if line.data.count == 1, !line.get, let whole = Self.wholeFile(line.data[0]),
            whole.path != "-" || stdin.map({ if case .file = $0 { true } else { false } }) == true
        {
            let option = whole.option
            var path = whole.path
            var written = "@" + path
            if case .file(let redirected)? = stdin, path == "-" {
                path = redirected
                written = "@- < " + redirected
            }
            route.bodyFile = absolute(path)
            // curl's own default for `-d` and `--data-binary`; `--json` set its header already.
            route.contentType = route.headers.value(for: "Content-Type") ?? "application/x-www-form-urlencoded"
            route.headers.removeAll { $0.name.lowercased() == "content-type" }
            var warning =
                "\(option) \(written): the body is the file \(path), read at each send (not copied into the workspace)"
            if option == "-d" { warning += "; curl -d drops the file's line breaks, the route sends them" }
            plan.warnings.append(warning)
            return true
        }
        var bytes: [UInt8] = []
        for (index, piece) in line.data.enumerated() {
            let isJSON: Bool
            if case .json = piece { isJSON = true } else { isJSON = false }
            if index > 0 && !isJSON { bytes.append(UInt8(ascii: "&")) }
            bytes += Array(try data(piece, option: "--data-urlencode", stdin: stdin).utf8)
        }
        if line.get {
            route.query += PercentEncoding.formItems(String(decoding: bytes, as: UTF8.self))
            return false
        }
        let type = route.headers.value(for: "Content-Type") ?? "application/x-www-form-urlencoded"
        try ImportBody.apply(bytes, contentType: type, to: &route)
        return true
    }

    /// The file and the option's name when `piece` is a whole body read from a file.
    private static func wholeFile(_ piece: CurlCommandLine.Data) -> (path: String, option: String)? {
        switch piece {
        case .raw, .urlencode: return nil
        case .ascii(let text): return text.hasPrefix("@") ? (String(text.dropFirst()), "-d") : nil
        case .binary(let text): return text.hasPrefix("@") ? (String(text.dropFirst()), "--data-binary") : nil
        case .json(let text): return text.hasPrefix("@") ? (String(text.dropFirst()), "--json") : nil
        }
    }

    /// The text `piece` adds; `option` names `--data-urlencode` or `--url-query` in a refusal.
    private func data(_ piece: CurlCommandLine.Data, option: String, stdin: CurlRedirection?) throws(ImportError)
        -> String
    {
        if let (path, option) = Self.wholeFile(piece) {
            // A here-document is the body written in the command; `-d` drops its line breaks.
            guard path == "-" else { throw Self.unread(path, option: option) }
            if case .file(let redirected)? = stdin { throw Self.unread(redirected, option: option) }
            guard case .text(let text)? = stdin else {
                throw ImportError(
                    "curl: \(option) @-: stdin cannot be a route's body (unless a here-document holds it)")
            }
            if case .ascii = piece { return text.filter { $0 != "\n" && $0 != "\r" && $0 != "\r\n" } }
            return text
        }
        switch piece {
        case .raw(let text), .ascii(let text), .binary(let text), .json(let text): return text
        case .urlencode(let text):
            // `content`, `=content`, `name=content`, `@file` and `name@file`, as curl reads them.
            if let equals = text.firstIndex(of: "=") {
                let name = String(text[..<equals])
                let content = Self.urlencoded(String(text[text.index(after: equals)...]))
                return name.isEmpty ? content : name + "=" + content
            }
            if text.contains("@") {
                throw ImportError(
                    "curl: \(option) \(text): the file would be read and encoded into the workspace, which "
                        + "imports never do; write its content in")
            }
            return Self.urlencoded(text)
        }
    }

    /// What `--data-urlencode` sends: all but `A-Za-z0-9-._~` percent-encoded, then each
    /// `%20` made `+` (RFC 1866), as curl does.
    static func urlencoded(_ text: String) -> String {
        PercentEncoding.queryComponent(text).replacingText("%20", with: "+")
    }

    /// `path` made absolute.
    private func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : PathText.joined(currentDirectory, path)
    }

    /// A file whose content curl would mix into a larger body: it would have to be read into
    /// the workspace, which no import does.
    private static func unread(_ path: String, option: String) -> ImportError {
        ImportError(
            "curl: \(option) @\(path): a file mixed with other data cannot come across (imports copy no local file "
                + "into the workspace); send the file alone with --data-binary @\(path), or write its content in")
    }

    /// `-F name=value`, `name=@file`, `name=<file` with `;type=` and `;filename=`, and
    /// `--form-string name=value`.
    private func parts(_ specs: [(spec: String, literal: Bool)], plan: inout ImportPlan) throws(ImportError)
        -> [MultipartField]
    {
        var fields: [MultipartField] = []
        for (spec, literal) in specs {
            if literal {
                guard let equals = spec.firstIndex(of: "="), equals != spec.startIndex else {
                    throw ImportError("curl: --form-string '\(spec)' is not NAME=VALUE")
                }
                let value = String(spec[spec.index(after: equals)...])
                fields.append(MultipartField(name: String(spec[..<equals]), content: .value(value)))
                continue
            }
            let field: MultipartField
            do {
                field = try CurlFormValue.part(spec, currentDirectory: currentDirectory)
            } catch {
                throw ImportError("curl: -F \(error.message)")
            }
            if field.asField, let equals = spec.firstIndex(of: "=") {
                // Named as typed, not as made absolute.
                let typed = String(CurlFormValue(String(spec[spec.index(after: equals)...])).value.dropFirst())
                plan.warnings.append(
                    "-F \(field.name)=<\(typed): the part's value is the file \(typed), read at each send "
                        + "(not copied into the workspace)")
            }
            fields.append(field)
        }
        return fields
    }
}
