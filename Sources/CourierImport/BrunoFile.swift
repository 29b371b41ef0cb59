import CourierCore

/// One `.bru` file (Bruno's Bru language) read into its blocks: `name { key: value }`
/// dictionaries (a `~` before a key turns it off; `"quoted keys"` may hold `:` and escapes;
/// `'''` opens a value over several lines; `@annotation` lines are skipped), text blocks
/// (`body:json { … }`, `docs`, scripts: the lines up to a `}` at the start of a line, less their
/// two-space indent) and lists (`vars:secret [ a, b ]`).
struct BrunoFile {
    /// One `key: value` of a dictionary block.
    struct Pair: Equatable {
        var key: String
        var value: String
        var enabled: Bool
    }

    /// Blocks whose content is text, not pairs.
    static let textBlocks: Set<String> = [
        "body:json", "body:text", "body:xml", "body:sparql", "body:graphql", "body:graphql:vars", "docs",
        "script:pre-request", "script:post-response", "tests", "example",
    ]

    private(set) var pairs: [String: [Pair]] = [:]
    private(set) var texts: [String: String] = [:]
    private(set) var lists: [String: [String]] = [:]

    /// Reads `text`; `name` names the file in an error.
    init(_ text: String, name: String) throws(ImportError) {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        var index = 0
        while index < lines.count {
            let line = lines[index].trimmingWhitespace()
            index += 1
            if line.isEmpty { continue }
            if line.hasSuffix("[") {
                let block = line.dropLast().trimmingWhitespace()
                var items: [String] = []
                while index < lines.count, lines[index].trimmingWhitespace() != "]" {
                    items += lines[index].split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
                    index += 1
                }
                index += 1
                lists[block] = items
                continue
            }
            guard line.hasSuffix("{") else {
                throw ImportError("\(name): line \(index): expected a block ('name {'), found '\(line.prefix(40))'")
            }
            let block = line.dropLast().trimmingWhitespace()
            var body: [String] = []
            while index < lines.count, lines[index] != "}", !lines[index].hasPrefix("}") {
                body.append(lines[index])
                index += 1
            }
            guard index < lines.count else { throw ImportError("\(name): the block '\(block)' is not closed") }
            index += 1
            if Self.textBlocks.contains(block) || block.hasPrefix("script:") {
                texts[block] = body.map { $0.hasPrefix("  ") ? String($0.dropFirst(2)) : $0 }.joined(separator: "\n")
            } else {
                pairs[block] = try Self.pairs(body, block: block, name: name)
            }
        }
    }

    /// The enabled pairs of `block`, in order.
    func enabled(_ block: String) -> [Pair] { (pairs[block] ?? []).filter(\.enabled) }

    /// The value of `key` in `block`, if enabled.
    func value(_ block: String, _ key: String) -> String? { enabled(block).first { $0.key == key }?.value }

    private static func pairs(_ lines: [String], block: String, name: String) throws(ImportError) -> [Pair] {
        var result: [Pair] = []
        var index = 0
        while index < lines.count {
            var line = Substring(lines[index].trimmingWhitespace())
            index += 1
            // Annotations (`@description('''…''')`, `@number`) say nothing about the request.
            if line.isEmpty || line.hasPrefix("@") {
                if let open = line.firstRange(ofText: "'''"), line[open.upperBound...].firstRange(ofText: "'''") == nil
                {
                    while index < lines.count && !lines[index].contains("'''") { index += 1 }
                    index += 1
                }
                continue
            }
            let enabled = !line.hasPrefix("~")
            if !enabled { line = line.dropFirst() }
            let key: String
            if line.hasPrefix("\"") {
                var text = ""
                var rest = line.dropFirst()
                while let character = rest.first, character != "\"" {
                    rest = rest.dropFirst()
                    if character == "\\", let escaped = rest.first {
                        text.append(escaped)
                        rest = rest.dropFirst()
                    } else {
                        text.append(character)
                    }
                }
                key = text
                line = rest.dropFirst()
                guard let colon = line.firstIndex(of: ":") else { continue }
                line = line[line.index(after: colon)...]
            } else {
                guard let colon = line.firstIndex(of: ":") else {
                    throw ImportError("\(name): \(block): '\(line.prefix(40))' is not 'key: value'")
                }
                key = line[..<colon].trimmingWhitespace()
                line = line[line.index(after: colon)...]
            }
            var value = line.trimmingWhitespace()
            if value.hasPrefix("'''") {
                // A value over lines: up to the closing `'''`, less the common indent.
                var parts: [String] = []
                while index < lines.count, !lines[index].trimmingWhitespace().hasPrefix("'''") {
                    parts.append(lines[index].trimmingWhitespace())
                    index += 1
                }
                let closing = index < lines.count ? lines[index].trimmingWhitespace().dropFirst(3) : ""
                index += 1
                value = parts.joined(separator: "\n") + closing
            }
            if value.hasSuffix("[") {
                // A list inside a block (`tags: [ … ]`): its items, comma-joined.
                var items: [String] = []
                while index < lines.count, lines[index].trimmingWhitespace() != "]" {
                    items.append(lines[index].trimmingWhitespace())
                    index += 1
                }
                index += 1
                value = items.joined(separator: ",")
            }
            result.append(Pair(key: key, value: value, enabled: enabled))
        }
        return result
    }
}
