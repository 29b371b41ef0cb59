/// Text with `{{variable}}`, `${PROCESS_ENV}` and `${NAME:-default}` placeholders, parsed once
/// into segments, the way Hummingbird parses route paths.
///
/// One scanner serves rendering, the form's "which variables are unknown" check and path
/// templates, so they cannot disagree: `{{ name }}` is trimmed of spaces and tabs, `\{{` is a
/// literal `{{`, `${…}` is taken as written. A variable's value may itself contain placeholders (e.g. `token:
/// "${STAGING_TOKEN}"`), so values are rendered recursively; a cycle is an error, not a hang.
public struct Template: Sendable, Equatable {
    /// One piece of a template.
    public enum Segment: Sendable, Equatable {
        /// Text copied as it is.
        case literal(String)
        /// `{{name}}`: looked up in the template scopes.
        case variable(String)
        /// `${NAME}` or `${NAME:-fallback}`: read from the process environment.
        case processVariable(String, fallback: String?)
        /// `{{$uuid}}`, `{{$now "unix"}}`: a value made for the send (`TemplateFunction`).
        case function(TemplateFunction)
    }

    /// The text as written.
    public let source: String
    /// The pieces in order; adjacent literal text is one segment.
    public let segments: [Segment]
    /// `false` when a `{{` or `${` has no closing braces (the rest is kept as literal text).
    public let isTerminated: Bool

    /// Parses `source`; never fails: an unclosed placeholder is reported by `render`.
    public init(_ source: String) {
        self.source = source
        var segments: [Segment] = []
        var literal: [UInt8] = []
        var terminated = true
        let bytes = Array(source.utf8)
        func flush() {
            if !literal.isEmpty { segments.append(.literal(String(decoding: literal, as: UTF8.self))) }
            literal = []
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            if byte == UInt8(ascii: "\\") && next == UInt8(ascii: "{") && index + 2 < bytes.count
                && bytes[index + 2] == UInt8(ascii: "{")
            {
                // `\{{` is a literal `{{`, as the JetBrains HTTP Client writes it.
                literal += [UInt8(ascii: "{"), UInt8(ascii: "{")]
                index += 3
            } else if byte == UInt8(ascii: "{") && next == UInt8(ascii: "{") {
                let isFunction = Self.trimmed(bytes[(index + 2)...].prefix(64)).hasPrefix("$")
                guard let close = Self.closing(bytes, from: index + 2, quoted: isFunction) else {
                    terminated = false
                    literal += bytes[index...]
                    break
                }
                flush()
                let body = Self.trimmed(bytes[(index + 2)..<close])
                segments.append(isFunction ? .function(TemplateFunction(body)) : .variable(body))
                index = close + 2
            } else if byte == UInt8(ascii: "$") && next == UInt8(ascii: "{") {
                guard let close = Self.find([UInt8(ascii: "}")], in: bytes, from: index + 2) else {
                    terminated = false
                    literal += bytes[index...]
                    break
                }
                flush()
                let body = bytes[(index + 2)..<close]
                if let separator = Self.find([UInt8(ascii: ":"), UInt8(ascii: "-")], in: Array(body), from: 0) {
                    let name = String(decoding: body.prefix(separator), as: UTF8.self)
                    let fallback = String(decoding: body.dropFirst(separator + 2), as: UTF8.self)
                    segments.append(.processVariable(name, fallback: fallback))
                } else {
                    segments.append(.processVariable(String(decoding: body, as: UTF8.self), fallback: nil))
                }
                index = close + 1
            } else {
                literal.append(byte)
                index += 1
            }
        }
        flush()
        self.segments = segments
        isTerminated = terminated
    }

    /// The names used as `{{name}}`, in order of appearance (inside functions' quoted
    /// arguments too).
    public var variableNames: [String] {
        segments.flatMap { segment -> [String] in
            switch segment {
            case .variable(let name): [name]
            case .function(let function): function.variableNames
            case .literal, .processVariable: []
            }
        }
    }

    /// The most bytes one value may expand to (16 MB): past it the variable whose expansion
    /// crossed it is named, instead of the process filling memory.
    public static let maxRendered = 16 << 20

    /// The text with every placeholder filled in, or the first problem found.
    public func render(in context: TemplateContext) throws(RequestError) -> String {
        var expanded: [String: String] = [:]
        return try render(in: context, visiting: [], expanded: &expanded)
    }

    /// `expanded` keeps each variable's value once made: a variable used twice is expanded once,
    /// so a chain that doubles at each level costs its final size, not 2^depth expansions.
    private func render(in context: TemplateContext, visiting: [String], expanded: inout [String: String])
        throws(RequestError) -> String
    {
        guard isTerminated else { throw .unterminatedTemplate(source) }
        var out = ""
        var made = 0
        for segment in segments {
            switch segment {
            case .function(let function):
                // Each placeholder's place: the field, the variables it came through, its number.
                made += 1
                let place = ([context.place] + visiting + [String(made)]).joined(separator: "/")
                var argument = 0
                out += try function.value(in: context, at: place) { (text) throws(RequestError) in
                    // A placeholder inside an argument has a place of its own under this one.
                    argument += 1
                    var inner = context
                    inner.place = place + "<\(argument)"
                    return try Template(text).render(in: inner, visiting: visiting, expanded: &expanded)
                }
                guard out.utf8.count <= context.maxRendered else {
                    throw .renderedTooLarge(function.source, limit: context.maxRendered)
                }
            case .literal(let text):
                out += text
            case .variable(let name):
                guard !visiting.contains(name) else { throw .variableCycle(name) }
                if let value = expanded[name] {
                    out += value
                } else {
                    guard let raw = context.rawValue(of: name) else {
                        throw .unknownVariable(
                            name, suggestion: NameSuggester.closest(to: name, in: context.knownNames))
                    }
                    let value = try Template(raw).render(in: context, visiting: visiting + [name], expanded: &expanded)
                    expanded[name] = value
                    out += value
                }
                // Variables that repeat each other double at each level: 30 levels are 2^30 copies.
                guard out.utf8.count <= context.maxRendered else {
                    throw .renderedTooLarge(name, limit: context.maxRendered)
                }
            case .processVariable(let name, let fallback):
                // As in the shell, `:-` also replaces a variable that is set but empty.
                if let value = context.processEnvironment[name], !(value.isEmpty && fallback != nil) {
                    out += value
                } else if let fallback {
                    out += fallback
                } else {
                    throw .unsetProcessVariable(name)
                }
            }
        }
        return out
    }

    // MARK: Shorthands for text used once

    /// `text` with every placeholder replaced, or the first problem found.
    public static func render(_ text: String, in context: TemplateContext) throws(RequestError) -> String {
        // Most values have no placeholder at all: skip building segments for them.
        guard text.utf8.contains(UInt8(ascii: "{")) else { return text }
        return try Template(text).render(in: context)
    }

    /// The names used as `{{name}}` in `text`, in order of appearance.
    public static func variableNames(in text: String) -> [String] {
        text.utf8.contains(UInt8(ascii: "{")) ? Template(text).variableNames : []
    }

    // MARK: Scanning

    /// Where the `}}` closing a placeholder opened before `start` is; in a function's
    /// placeholder, braces inside double quotes (an argument that is a template) do not count.
    private static func closing(_ bytes: [UInt8], from start: Int, quoted: Bool) -> Int? {
        guard quoted else { return find([UInt8(ascii: "}"), UInt8(ascii: "}")], in: bytes, from: start) }
        var index = start
        var inQuotes = false
        while index + 1 < bytes.count {
            let byte = bytes[index]
            if inQuotes && byte == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if byte == UInt8(ascii: "\"") {
                inQuotes.toggle()
            } else if !inQuotes && byte == UInt8(ascii: "}") && bytes[index + 1] == UInt8(ascii: "}") {
                return index
            }
            index += 1
        }
        return nil
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0] && (needle.count == 1 || bytes[index + 1] == needle[1]) { return index }
            index += 1
        }
        return nil
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> String {
        var name = bytes
        while name.first == UInt8(ascii: " ") || name.first == UInt8(ascii: "\t") { name = name.dropFirst() }
        while name.last == UInt8(ascii: " ") || name.last == UInt8(ascii: "\t") { name = name.dropLast() }
        return String(decoding: name, as: UTF8.self)
    }
}
