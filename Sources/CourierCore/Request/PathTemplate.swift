/// A route path parsed into literal text and parameters: `/users/:id` and `/users/{id}`
/// both give `["/users/", param "id"]`.
///
/// The path is first read as a `Template`, so `{{var}}` and `${NAME}` stay placeholders in
/// the literal text (rendered later by the builder) and are never taken for a `{name}`
/// parameter; `:name` counts only at the start of a segment (`/time/10:30` has none).
public struct PathTemplate: Sendable, Equatable {
    /// One piece of a path.
    public enum Segment: Sendable, Equatable {
        /// Text, possibly holding template placeholders.
        case literal(String)
        /// A path parameter's name.
        case parameter(String)
    }

    /// The pieces in order.
    public var segments: [Segment]

    /// Parses a path template.
    public init(_ path: String) {
        var segments: [Segment] = []
        var literal = ""
        func flush() {
            if !literal.isEmpty { segments.append(.literal(literal)) }
            literal = ""
        }
        var atSegmentStart = true
        for piece in Template(path).segments {
            switch piece {
            case .variable(let name):
                literal += "{{\(name)}}"
                atSegmentStart = false
            case .function(let function):
                literal += "{{\(function.source)}}"
                atSegmentStart = false
            case .processVariable(let name, let fallback):
                literal += "${\(name)\(fallback.map { ":-\($0)" } ?? "")}"
                atSegmentStart = false
            case .literal(let text):
                let chars = Array(text)
                var index = 0
                while index < chars.count {
                    let char = chars[index]
                    if char == "{", let close = chars[(index + 1)...].firstIndex(of: "}"), close > index + 1 {
                        flush()
                        segments.append(.parameter(Self.text(chars[(index + 1)..<close])))
                        index = close + 1
                        atSegmentStart = false
                    } else if char == ":" && atSegmentStart && index + 1 < chars.count
                        && Self.isNameChar(chars[index + 1])
                    {
                        var end = index + 1
                        while end < chars.count && Self.isNameChar(chars[end]) { end += 1 }
                        flush()
                        segments.append(.parameter(Self.text(chars[(index + 1)..<end])))
                        index = end
                        atSegmentStart = false
                    } else {
                        literal.append(char)
                        atSegmentStart = char == "/"
                        index += 1
                    }
                }
            }
        }
        flush()
        self.segments = segments
    }

    /// The characters as a string, appended one by one: `String(_:)` of a slice is a generic
    /// call the runtime resolves by searching every protocol conformance in the binary.
    private static func text(_ chars: ArraySlice<Character>) -> String {
        var text = ""
        for char in chars { text.append(char) }
        return text
    }

    private static func isNameChar(_ char: Character) -> Bool {
        char.isLetter || char.isNumber || char == "_" || char == "-"
    }

    /// Parameter names in order of appearance, without duplicates.
    public var parameterNames: [String] {
        var seen: [String] = []
        for case .parameter(let name) in segments where !seen.contains(name) { seen.append(name) }
        return seen
    }
}
