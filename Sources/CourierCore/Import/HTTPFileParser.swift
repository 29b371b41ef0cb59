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
        /// 1-based line of the request line.
        var line = 0
    }

    let fileName: String
    /// `@name = value` file variables.
    private(set) var variables: [String: String] = [:]
    private(set) var warnings: [String] = []

    init(fileName: String) { self.fileName = fileName }

    private static let methods: Set<String> = [
        "GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE", "CONNECT",
    ]

    mutating func parse(_ text: String) throws(ImportError) -> [Request] {
        var source = text
        if source.hasPrefix("\u{FEFF}") { source.removeFirst() }
        // `\r\n` is one Character in Swift; `isNewline` splits it as well as `\n`.
        let lines = source.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        var requests: [Request] = []
        var block: [(number: Int, text: String)] = []
        var blockName: String?
        func flush() throws(ImportError) {
            if let request = try read(block, name: blockName) { requests.append(request) }
            block = []
        }
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("###") {
                try flush()
                // A title names the request as a slug (`### Get all users` → `get-all-users`).
                let title = line.drop { $0 == "#" }.trimmingWhitespace()
                blockName = title.isEmpty ? nil : ImportPlan.slug(title)
            } else {
                block.append((index + 1, line))
            }
        }
        try flush()
        return requests
    }

    /// The request of one block, or nil when it has none (comments and variables only).
    private mutating func read(_ block: [(number: Int, text: String)], name: String?) throws(ImportError)
        -> Request?
    {
        var request = Request(name: name)
        var index = 0
        // Before the request line: blank lines, comments (with `@name`), file variables.
        while index < block.count {
            let line = block[index].text.trimmingWhitespace()
            if line.isEmpty {
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
        }
        if let last = rest.last, last.hasPrefix("HTTP/") { rest = rest.dropLast() }
        guard !rest.isEmpty else { throw ImportError("\(fileName): line \(request.line): the request has no URL") }
        request.url = convert(rest.joined(separator: " "))
        index += 1
        // The target goes on over indented lines (`    /users`, `    ?page=1`), and a `?` or
        // `&` line continues it even unindented.
        while index < block.count, let first = block[index].text.trimmingWhitespace().first {
            let indented = block[index].text.first == " " || block[index].text.first == "\t"
            guard first == "?" || first == "&" || (indented && first == "/") else { break }
            request.url += convert(block[index].text.trimmingWhitespace())
            index += 1
        }
        // Headers up to the first blank line.
        while index < block.count {
            let line = block[index].text
            index += 1
            let trimmed = line.trimmingWhitespace()
            if trimmed.isEmpty { break }
            if Self.comment(trimmed) != nil { continue }
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
        var body = Array(block[index...].map(\.text))
        // A response handler (`> {% … %}`, `> file.js`) or an output redirect (`>> file`)
        // ends the body; Courier has its own checks.
        if let handler = body.firstIndex(where: { $0.hasPrefix("> ") || $0.hasPrefix(">> ") || $0.hasPrefix(">>! ") }) {
            warnings.append("\(fileName): line \(block[index + handler].number): response handlers are not imported")
            body = Array(body[..<handler])
        }
        while let last = body.last, last.trimmingWhitespace().isEmpty { body.removeLast() }
        while let first = body.first, first.trimmingWhitespace().isEmpty { body.removeFirst() }
        if let first = body.first, first.hasPrefix("< ") {
            request.bodyFile = first.dropFirst(2).trimmingWhitespace()
        } else if !body.isEmpty {
            request.body = convert(body.joined(separator: "\n"))
        }
        return request
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
    /// environment (`${NAME}`); other dynamic variables are named in a warning.
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
            } else {
                warnings.append("{{\(inner)}} has no equivalent in Courier; it was left as written")
                out += rest[open.lowerBound..<close.upperBound]
            }
            rest = rest[close.upperBound...]
        }
        return out + rest
    }
}
