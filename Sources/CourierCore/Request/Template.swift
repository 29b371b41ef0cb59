import Foundation

/// Fills `{{variable}}` and `${PROCESS_ENV}` / `${NAME:-default}` placeholders in text.
///
/// A variable's value may itself contain placeholders (e.g. `token: "${STAGING_TOKEN}"`),
/// so values are rendered recursively; a cycle is an error rather than a hang.
public enum Template {
    /// `text` with every placeholder replaced, or the first problem found.
    public static func render(_ text: String, in context: TemplateContext) throws(RequestError) -> String {
        try render(text, in: context, visiting: [])
    }

    /// `true` when `text` contains a placeholder of either kind.
    public static func containsPlaceholder(_ text: String) -> Bool {
        text.contains("{{") || text.contains("${")
    }

    /// The names used as `{{name}}` in `text`, in order of appearance.
    public static func variableNames(in text: String) -> [String] {
        // Called for every field on every frame: plain byte scanning, no Foundation.
        var names: [String] = []
        let bytes = Array(text.utf8)
        var index = 0
        while index + 1 < bytes.count {
            guard bytes[index] == UInt8(ascii: "{"), bytes[index + 1] == UInt8(ascii: "{") else {
                index += 1
                continue
            }
            var end = index + 2
            while end + 1 < bytes.count, !(bytes[end] == UInt8(ascii: "}") && bytes[end + 1] == UInt8(ascii: "}")) {
                end += 1
            }
            guard end + 1 < bytes.count else { break }
            var name = bytes[(index + 2)..<end]
            while name.first == UInt8(ascii: " ") || name.first == UInt8(ascii: "\t") { name = name.dropFirst() }
            while name.last == UInt8(ascii: " ") || name.last == UInt8(ascii: "\t") { name = name.dropLast() }
            names.append(String(decoding: name, as: UTF8.self))
            index = end + 2
        }
        return names
    }

    private static func render(_ text: String, in context: TemplateContext, visiting: [String]) throws(RequestError)
        -> String
    {
        guard containsPlaceholder(text) else { return text }
        var out = ""
        var index = text.startIndex
        while index < text.endIndex {
            let rest = text[index...]
            if rest.hasPrefix("{{") {
                let bodyStart = text.index(index, offsetBy: 2)
                guard let close = text[bodyStart...].range(of: "}}") else { throw .unterminatedTemplate(text) }
                let name = text[bodyStart..<close.lowerBound].trimmingCharacters(in: .whitespaces)
                guard !visiting.contains(name) else { throw .variableCycle(name) }
                guard let raw = context.rawValue(of: name) else {
                    throw .unknownVariable(name, suggestion: NameSuggester.closest(to: name, in: context.knownNames))
                }
                out += try render(raw, in: context, visiting: visiting + [name])
                index = close.upperBound
            } else if rest.hasPrefix("${") {
                let bodyStart = text.index(index, offsetBy: 2)
                guard let close = text[bodyStart...].firstIndex(of: "}") else { throw .unterminatedTemplate(text) }
                let body = text[bodyStart..<close]
                let name: String
                let fallback: String?
                if let separator = body.range(of: ":-") {
                    name = String(body[..<separator.lowerBound])
                    fallback = String(body[separator.upperBound...])
                } else {
                    name = String(body)
                    fallback = nil
                }
                // As in the shell, `:-` also replaces a variable that is set but empty.
                if let value = context.processEnvironment[name], !(value.isEmpty && fallback != nil) {
                    out += value
                } else if let fallback {
                    out += fallback
                } else {
                    throw .unsetProcessVariable(name)
                }
                index = text.index(after: close)
            } else {
                out.append(text[index])
                index = text.index(after: index)
            }
        }
        return out
    }
}
