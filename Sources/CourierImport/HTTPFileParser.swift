import CourierCore

/// Reads the requests of a `.http` / `.rest` file (see `HTTPFileImporter`).
struct HTTPFileParser {
    /// One request as the file writes it.
    struct Request {
        var name: String?
        var method = "GET"
        var url = ""
        var headers: [HeaderField] = []
        var body: String?
        var bodyFile: String?
        /// A WebSocket request's messages (`WEBSOCKET`, httpyac's `WS`): nil for HTTP.
        var messages: [String]?
        /// 1-based line of the request line.
        var line = 0
    }

    let fileName: String
    /// `@name = value` file variables.
    private(set) var variables: [String: String] = [:]
    private(set) var warnings: [String] = []
    /// Requests that could not be read (a header that is not one): the others are read on.
    private(set) var skipped: [ImportPlan.Skip] = []
    /// GraphQL fragments defined so far (httpyac), by name.
    private var fragments: [String: String] = [:]

    init(fileName: String) { self.fileName = fileName }

    /// Request kinds of httpyac that are not HTTP.
    private static let otherProtocols: Set<String> = ["GRPC", "MQTT", "AMQP", "SSE", "EVENTSOURCE"]

    /// Request lines of a WebSocket: JetBrains' `WEBSOCKET`, httpyac's `WS` and `WSS`.
    private static let webSocket: Set<String> = ["WEBSOCKET", "WS", "WSS"]

    private static let methods: Set<String> = [
        "GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE", "CONNECT",
    ]

    mutating func parse(_ text: String) -> [Request] {
        var source = text
        if source.hasPrefix("\u{FEFF}") { source.removeFirst() }
        // `\r\n` is one Character in Swift; `isNewline` splits it as well as `\n`.
        let lines = source.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        var requests: [Request] = []
        var block: [(number: Int, text: String)] = []
        var blockName: String?
        func flush() {
            var rest = scriptsRemoved(block)
            // One block may hold several requests, each a request line after the last's headers.
            while !rest.isEmpty {
                let lines = rest
                rest = []
                do {
                    if let request = try read(lines, name: blockName, following: &rest) { requests.append(request) }
                } catch {
                    let first = lines.first { !$0.text.trimmingWhitespace().isEmpty }?.number ?? 0
                    let name = blockName ?? "line \(first)"
                    // The message without the file's name, and without the line the name gives.
                    var reason = Substring(error.message)
                    for prefix in [fileName + ": ", name + ": "] where reason.hasPrefix(prefix) {
                        reason = reason.dropFirst(prefix.count)
                    }
                    skipped.append(ImportPlan.Skip(name, reason: String(reason)))
                }
                blockName = nil
            }
            block = []
        }
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("###") {
                flush()
                // A title names the request as a slug (`### Get all users` → `get-all-users`).
                let title = line.drop { $0 == "#" }.trimmingWhitespace()
                blockName = title.isEmpty ? nil : ImportPlan.slug(title)
            } else {
                block.append((index + 1, line))
            }
        }
        flush()
        return requests
    }

    /// `block` without httpyac's script blocks (a `{{` line, JavaScript, a `}}` line) and
    /// JetBrains' pre-request scripts (`< {% … %}`), which are named in a warning: Courier has
    /// its own captures and checks.
    private mutating func scriptsRemoved(_ block: [(number: Int, text: String)]) -> [(number: Int, text: String)] {
        var kept: [(number: Int, text: String)] = []
        var closing: String?
        for line in block {
            let trimmed = line.text.trimmingWhitespace()
            if let end = closing {
                // `}}` alone closes a script (a line of it may end in `}}`); `%}` ends a handler.
                if end == "}}" ? trimmed == end : trimmed.hasSuffix(end) { closing = nil }
                continue
            }
            let opensScript = trimmed.hasPrefix("{{") && !trimmed.contains("}}")
            let opensHandler = trimmed.hasPrefix("< {%") && !trimmed.hasSuffix("%}")
            if opensScript || opensHandler || (trimmed.hasPrefix("< {%") && trimmed.hasSuffix("%}")) {
                warnings.append("\(fileName): line \(line.number): scripts are not imported")
                if opensScript { closing = "}}" } else if opensHandler { closing = "%}" }
                continue
            }
            kept.append(line)
        }
        return kept
    }

    /// The first request of `block`, or nil when it has none (comments and variables only);
    /// `following` is set to the lines from a second request line on.
    private mutating func read(
        _ block: [(number: Int, text: String)], name: String?, following: inout [(number: Int, text: String)]
    ) throws(ImportError) -> Request? {
        var request = Request(name: name)
        var index = 0
        // Before the request line: blank lines, comments (with `@name`), file variables.
        while index < block.count {
            let line = block[index].text.trimmingWhitespace()
            if line.isEmpty {
                index += 1
            } else if let fragment = HTTPFileGraphQL.fragmentName(line) {
                // Up to its closing brace at the start of a line.
                let start = index
                while index < block.count, block[index].text != "}" { index += 1 }
                fragments[fragment] = block[start..<min(index + 1, block.count)].map(\.text).joined(separator: "\n")
                index += 1
            } else if line.hasPrefix("/*") {
                // A block comment, up to the line that closes it.
                while index < block.count, !block[index].text.contains("*/") { index += 1 }
                index += 1
            } else if let comment = Self.comment(line) {
                if let named = Self.directive("name", in: comment) { request.name = named }
                index += 1
            } else if line.hasPrefix("@"), let equals = line.firstIndex(of: "=") {
                let key = line[line.index(after: line.startIndex)..<equals].trimmingWhitespace()
                variables[key] = convert(line[line.index(after: equals)...].trimmingWhitespace())
                index += 1
            } else {
                break
            }
        }
        guard index < block.count else { return nil }
        request.line = block[index].number
        let words = block[index].text.trimmingWhitespace().split(
            separator: " ", omittingEmptySubsequences: true)
        var rest = words[...]
        if let first = rest.first, Self.methods.contains(String(first)) {
            request.method = String(first)
            rest = rest.dropFirst()
        } else if let first = rest.first, rest.count > 1, Self.webSocket.contains(String(first)) {
            request.method = "GET"
            request.messages = []
            rest = rest.dropFirst()
        } else if let first = rest.first, rest.count > 1, first.allSatisfy({ ("A"..."Z").contains($0) }) {
            // httpyac's other protocols are not HTTP; another word is a method of its own (PROPFIND).
            guard !Self.otherProtocols.contains(String(first)) else {
                throw ImportError("\(fileName): line \(request.line): \(first) requests are not HTTP")
            }
            request.method = String(first)
            rest = rest.dropFirst()
        }
        if let last = rest.last, last.hasPrefix("HTTP/") { rest = rest.dropLast() }
        guard !rest.isEmpty else { throw ImportError("\(fileName): line \(request.line): the request has no URL") }
        request.url = convert(rest.joined(separator: " "))
        index += 1
        // The target goes on over indented lines (`    /users`, `    ?page=1`, `    #part`,
        // and anything after a fragment), and a `?` or `&` line continues it even unindented.
        while index < block.count, let first = block[index].text.trimmingWhitespace().first {
            let indented = block[index].text.first == " " || block[index].text.first == "\t"
            let inFragment = indented && request.url.contains("#")
            guard first == "?" || first == "&" || (indented && (first == "/" || first == "#")) || inFragment else {
                break
            }
            request.url += convert(block[index].text.trimmingWhitespace())
            index += 1
        }
        // A fragment is the client's, never sent.
        if let hash = request.url.firstIndex(of: "#") { request.url = String(request.url[..<hash]) }
        // Headers up to the first blank line; httpyac also starts the body at a line that opens
        // one (`{`, `[`, `<`, a lone `{{variable}}`) and a new request at a request line.
        var end = block.count
        while index < block.count {
            let line = block[index].text
            index += 1
            let trimmed = line.trimmingWhitespace()
            if trimmed.isEmpty { break }
            if Self.comment(trimmed) != nil { continue }
            if Self.isRequestLine(trimmed) {
                following = Array(block[(index - 1)...])
                (index, end) = (index - 1, index - 1)
                break
            }
            if Self.opensBody(trimmed) || (request.messages != nil && trimmed.hasPrefix("===")) {
                index -= 1
                break
            }
            // An indented line goes on with the header before it.
            if line.first == " " || line.first == "\t", let last = request.headers.indices.last {
                request.headers[last].value += " " + convert(trimmed)
                continue
            }
            guard let colon = line.firstIndex(of: ":") else {
                throw ImportError("\(fileName): line \(block[index - 1].number): '\(trimmed)' is not 'Name: value'")
            }
            let name = line[..<colon].trimmingWhitespace()
            guard HeaderField.isToken(name) else {
                throw ImportError("\(fileName): line \(block[index - 1].number): '\(name)' is not a header name")
            }
            // `Name:` with no value is sent so, empty.
            let value = convert(line[line.index(after: colon)...].trimmingWhitespace())
            request.headers.append(value.isEmpty ? .empty(name) : HeaderField(name, value))
        }
        var body = Array(block[index..<end].map(\.text))
        // A request line after a blank line in the body starts another request (httpyac).
        if end == block.count,
            let next = body.indices.dropFirst().first(where: {
                body[$0 - 1].trimmingWhitespace().isEmpty && Self.isRequestLine(body[$0].trimmingWhitespace())
                    && body[$0].first?.isWhitespace == false
            })
        {
            following = Array(block[(index + next)...])
            body = Array(body[..<next])
        }
        // A response handler (`> {% … %}`, `> file.js`) or an output redirect (`>> file`)
        // ends the body; Courier has its own checks.
        if let handler = body.firstIndex(where: { $0.hasPrefix("> ") || $0.hasPrefix(">> ") || $0.hasPrefix(">>! ") }) {
            warnings.append("\(fileName): line \(block[index + handler].number): response handlers are not imported")
            body = Array(body[..<handler])
        }
        while let last = body.last, last.trimmingWhitespace().isEmpty { body.removeLast() }
        while let first = body.first, first.trimmingWhitespace().isEmpty { body.removeFirst() }
        if request.messages != nil {
            request.messages = webSocketMessages(body, line: request.line)
            return request
        }
        if let first = body.first, first.hasPrefix("< ") || first.hasPrefix("<@ ") {
            // `<@ FILE` (httpyac) would fill variables in the file; Courier sends it as it is.
            if first.hasPrefix("<@") {
                warnings.append("\(fileName): line \(request.line): the body file's variables are not filled in")
            }
            request.bodyFile = first.drop { $0 == "<" || $0 == "@" }.trimmingWhitespace()
        } else if let graphql = HTTPFileGraphQL.body(body, fragments: fragments) {
            request.body = convert(graphql)
            if request.headers.value(for: "Content-Type") == nil {
                request.headers.append(HeaderField("Content-Type", "application/json"))
            }
        } else if !body.isEmpty {
            request.body = convert(body.joined(separator: "\n"))
        }
        return request
    }

    /// A WebSocket request's body as its messages: JetBrains separates them with `===` lines
    /// (`=== wait-for-server` waits for an answer first, which Courier does not: its messages go
    /// one after another, and the warning says so); httpyac's body is one message.
    private mutating func webSocketMessages(_ body: [String], line: Int) -> [String] {
        var messages: [String] = []
        var current: [String] = []
        var waits = false
        func flush() {
            let text = current.joined(separator: "\n").trimmingWhitespace()
            if !text.isEmpty { messages.append(convert(text)) }
            current = []
        }
        for text in body {
            let trimmed = text.trimmingWhitespace()
            guard trimmed.hasPrefix("===") else {
                current.append(text)
                continue
            }
            flush()
            if trimmed.dropFirst(3).trimmingWhitespace() == "wait-for-server" { waits = true }
        }
        flush()
        if waits {
            warnings.append(
                "\(fileName): line \(line): '=== wait-for-server' is not kept: the messages are sent one after another")
        }
        return messages
    }

    /// `METHOD target`: a request line where a header was expected.
    private static func isRequestLine(_ line: String) -> Bool {
        let words = line.split(separator: " ", maxSplits: 1)
        return words.count == 2 && methods.contains(String(words[0])) && !words[1].hasPrefix(":")
    }

    /// A line that starts a body (httpyac needs no blank line before it); `{{name}}: value` is
    /// a header with a variable for its name.
    private static func opensBody(_ line: String) -> Bool {
        if line.hasPrefix("{{") {
            guard let close = line.firstRange(ofText: "}}") else { return true }
            return line[close.upperBound...].trimmingWhitespace().isEmpty
        }
        return line.hasPrefix("{") || line.hasPrefix("[") || line.hasPrefix("<")
    }

    /// The text of a `#` or `//` comment line, or nil.
    private static func comment(_ line: String) -> Substring? {
        if line.hasPrefix("#") { return line.dropFirst() }
        if line.hasPrefix("//") { return line.dropFirst(2) }
        return nil
    }

    /// `@name value` or `@name=value` in a comment.
    private static func directive(_ key: String, in comment: Substring) -> String? {
        let text = comment.trimmingWhitespace()
        guard text.hasPrefix("@\(key)") else { return nil }
        let value = text.dropFirst(key.count + 1).trimmingWhitespace()
        let cleaned = value.hasPrefix("=") ? value.dropFirst().trimmingWhitespace() : value
        return cleaned.isEmpty ? nil : cleaned
    }

    /// Variables into Courier's syntax: `{{ name }}` is `{{name}}`, `\{{` (a literal `{{`) stays
    /// as Courier writes it too; `{{$processEnv NAME}}` and `{{$env.NAME}}` read the process
    /// environment (`${NAME}`); dynamic variables Courier makes too (`{{$uuid}}`,
    /// `{{$timestamp}}`) stay; others are named in a warning.
    private mutating func convert(_ text: String) -> String {
        guard text.contains("{{") else { return text }
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstRange(ofText: "{{") {
            out += rest[..<open.lowerBound]
            if out.hasSuffix("\\") {
                out += "{{"
                rest = rest[open.upperBound...]
                continue
            }
            guard let close = rest[open.upperBound...].firstRange(ofText: "}}") else {
                out += rest[open.lowerBound...]
                return out
            }
            let inner = rest[open.upperBound..<close.lowerBound].trimmingWhitespace()
            if !inner.hasPrefix("$") {
                out += "{{\(inner)}}"
            } else if inner.hasPrefix("$processEnv ") || inner.hasPrefix("$env.") {
                let name = inner.hasPrefix("$env.") ? String(inner.dropFirst(5)) : String(inner.dropFirst(12))
                out += "${\(name.trimmingWhitespace())}"
            } else if TemplateFunction(String(inner)).problem == nil {
                out += "{{\(inner)}}"  // made at send time here too ($uuid, $timestamp, $randomInt)
            } else {
                warnings.append("{{\(inner)}} has no equivalent in Courier; it was left as written")
                out += rest[open.lowerBound..<close.upperBound]
            }
            rest = rest[close.upperBound...]
        }
        return out + rest
    }
}
