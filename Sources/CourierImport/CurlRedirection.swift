import CourierCore

/// What a redirection after a curl command gives its stdin, which `-d @-` and
/// `--data-binary @-` send: a here-document (`<<DATA` … `DATA`) or a here-string (`<<< 'text'`)
/// holds the body in the command itself; `< FILE` names the file. Anything else (a pipe, a
/// variable bash would expand) is not known from the command, and stdin stays unread.
enum CurlRedirection: Equatable {
    /// The bytes stdin holds.
    case text(String)
    /// The file stdin is read from.
    case file(String)

    /// The redirection `rest` (the command's text from the operator that ended it) starts
    /// with, and what follows it (nil when nothing does).
    static func read(_ rest: String) -> (stdin: CurlRedirection?, after: String?) {
        if rest.hasPrefix("<<<") {
            let (line, next) = firstLine(String(rest.dropFirst(3)))
            guard let split = try? ShellSplitter.split(line), split.variables.isEmpty, split.words.count == 1,
                !line.contains("$(") && !line.contains("`")
            else { return (nil, rest) }
            return (.text(split.words[0] + "\n"), joined(split.rest, next))
        }
        if rest.hasPrefix("<<") {
            return hereDocument(String(rest.dropFirst(2)))
        }
        if rest.hasPrefix("<") {
            let (line, next) = firstLine(String(rest.dropFirst()))
            guard let split = try? ShellSplitter.split(line), split.variables.isEmpty, split.words.count == 1,
                !line.contains("$(") && !line.contains("`")
            else { return (nil, rest) }
            return (.file(split.words[0]), joined(split.rest, next))
        }
        return (nil, rest)
    }

    /// `<<WORD`, `<<'WORD'`, `<<"WORD"` and `<<-WORD` (leading tabs stripped), its lines up to
    /// the one that is WORD alone (or to the end, as bash reads an unterminated one).
    private static func hereDocument(_ text: String) -> (stdin: CurlRedirection?, after: String?) {
        var header = Substring(text)
        let stripTabs = header.hasPrefix("-")
        if stripTabs { header = header.dropFirst() }
        let (line, body) = firstLine(String(header))
        guard let split = try? ShellSplitter.split(line), let delimiter = split.words.first, !delimiter.isEmpty else {
            return (nil, "<<" + text)
        }
        // An unquoted delimiter lets bash expand the lines; a body with `$` is not known then.
        let quoted = line.contains("'") || line.contains("\"")
        var lines: [Substring] = []
        var after: String?
        var remaining = Substring(body ?? "")
        while !remaining.isEmpty {
            let end = remaining.firstIndex(of: "\n") ?? remaining.endIndex
            var current = remaining[..<end]
            if current.hasSuffix("\r") { current = current.dropLast() }
            remaining = end < remaining.endIndex ? remaining[remaining.index(after: end)...] : ""
            if stripTabs { current = current.drop(while: { $0 == "\t" }) }
            if current == delimiter {
                after = remaining.isEmpty ? nil : String(remaining)
                break
            }
            lines.append(current)
        }
        let content = lines.map { $0 + "\n" }.joined()
        if !quoted && (content.contains("$") || content.contains("`")) { return (nil, "<<" + text) }
        return (.text(content), joined(split.rest, after))
    }

    /// The first line of `text` and the lines after it (nil when there are none).
    private static func firstLine(_ text: String) -> (String, String?) {
        guard let end = text.firstIndex(of: "\n") else { return (text, nil) }
        return (String(text[..<end]), String(text[text.index(after: end)...]))
    }

    /// What is left after a redirection: the rest of its line and the lines that follow, or
    /// nil when only blanks are left.
    private static func joined(_ first: String?, _ second: String?) -> String? {
        let text = [first, second].compactMap { $0 }.joined(separator: "\n")
        return text.trimmingWhitespaceAndNewlines().isEmpty ? nil : text
    }
}
