import CourierCore

/// Finds, in pretty-printed JSON (2-space indent, one member or element per line), the
/// `json_path` and the value that a line belongs to — for copying what is under the cursor.
public enum JSONLineLocator {
    /// The dotted path of the member or element starting on `line` (`items.3.address`),
    /// or nil for the top-level value or a closing line.
    public static func path(of line: Int, in document: TextDocument) -> String? {
        var components: [String] = []
        var current = line
        while true {
            let range = FoldedView.range(of: current, in: document)
            let indent = FoldedView.indent(range, in: document.bytes)
            guard indent > 0 else { break }
            let first = document.bytes[range.lowerBound + indent]
            if first == UInt8(ascii: "}") || first == UInt8(ascii: "]") { return nil }
            // The nearest line above that is indented less opens the parent container.
            let parent = parentLine(current, indent, document)
            let parentRange = FoldedView.range(of: parent, in: document)
            if document.bytes[parentRange.upperBound - 1] == UInt8(ascii: "{") {
                components.append(key(on: current, in: document) ?? "?")
            } else {
                components.append(String(index(of: current, indent: indent, after: parent, in: document)))
            }
            current = parent
        }
        return components.isEmpty ? nil : components.reversed().joined(separator: ".")
    }

    /// The value starting on `line` as JSON text: a scalar, or the lines up to the
    /// container's closing bracket, re-indented to the left margin.
    public static func value(at line: Int, in document: TextDocument) -> String? {
        guard document.lineStarts.indices.contains(line) else { return nil }
        let range = FoldedView.range(of: line, in: document)
        let indent = FoldedView.indent(range, in: document.bytes)
        var text = String(decoding: document.bytes[(range.lowerBound + indent)..<range.upperBound], as: UTF8.self)
        if let colon = memberValueStart(text) { text = String(text[colon...]) }
        let opens = text.hasSuffix("{") || text.hasSuffix("[")
        guard opens, let close = FoldedView.closingLine(after: line, indent: indent, in: document) else {
            if text.hasSuffix(",") { text.removeLast() }
            return text == "}" || text == "]" ? nil : text
        }
        var lines = [text]
        for inner in (line + 1)...close {
            let innerRange = FoldedView.range(of: inner, in: document)
            let drop = min(indent, FoldedView.indent(innerRange, in: document.bytes))
            lines.append(
                String(decoding: document.bytes[(innerRange.lowerBound + drop)..<innerRange.upperBound], as: UTF8.self))
        }
        if lines[lines.count - 1].hasSuffix(",") { lines[lines.count - 1].removeLast() }
        return lines.joined(separator: "\n")
    }

    /// Where the value begins after `"key": `, if the line is an object member.
    static func memberValueStart(_ text: String) -> String.Index? {
        guard text.first == "\"" else { return nil }
        var escaped = false
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                let after = text[text.index(after: index)...]
                guard after.hasPrefix(": ") else { return nil }
                return text.index(index, offsetBy: 3)
            }
            index = text.index(after: index)
        }
        return nil
    }

    private static func parentLine(_ line: Int, _ indent: Int, _ document: TextDocument) -> Int {
        var candidate = line - 1
        while candidate > 0 {
            let range = FoldedView.range(of: candidate, in: document)
            if FoldedView.indent(range, in: document.bytes) < indent { return candidate }
            candidate -= 1
        }
        return 0
    }

    private static func key(on line: Int, in document: TextDocument) -> String? {
        let range = FoldedView.range(of: line, in: document)
        let indent = FoldedView.indent(range, in: document.bytes)
        let text = String(decoding: document.bytes[(range.lowerBound + indent)..<range.upperBound], as: UTF8.self)
        guard let valueStart = memberValueStart(text) else { return nil }
        let literal = String(text[text.startIndex..<text.index(valueStart, offsetBy: -2)])
        guard case .string(let key)? = try? JSONValue.parse(literal) else { return nil }
        return key
    }

    private static func index(of line: Int, indent: Int, after parent: Int, in document: TextDocument) -> Int {
        var count = 0
        var candidate = parent + 1
        while candidate < line {
            let range = FoldedView.range(of: candidate, in: document)
            if FoldedView.indent(range, in: document.bytes) == indent {
                let first = document.bytes[range.lowerBound + indent]
                if first != UInt8(ascii: "}") && first != UInt8(ascii: "]") { count += 1 }
            }
            candidate += 1
        }
        return count
    }
}
