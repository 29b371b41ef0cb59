/// A route path parsed into literal text and parameters: `/users/:id` and `/users/{id}`
/// both give `["/users/", param "id"]`. `{{var}}` is left to `Template`, not taken as a
/// parameter.
public struct PathTemplate: Sendable, Equatable {
    /// One piece of a path.
    public enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
    }

    /// The pieces in order.
    public var segments: [Segment]

    /// Parses a path template.
    public init(_ path: String) {
        var segments: [Segment] = []
        var literal = ""
        let chars = Array(path)
        var i = 0
        func isNameChar(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" || c == "-" }
        while i < chars.count {
            let c = chars[i]
            if c == "{" && i + 1 < chars.count && chars[i + 1] == "{" {
                // A template variable: copy through its closing braces untouched.
                var j = i + 2
                while j + 1 < chars.count && !(chars[j] == "}" && chars[j + 1] == "}") { j += 1 }
                let end = min(j + 2, chars.count)
                literal += String(chars[i..<end])
                i = end
            } else if c == "{", let close = chars[(i + 1)...].firstIndex(of: "}"), close > i + 1 {
                if !literal.isEmpty {
                    segments.append(.literal(literal))
                    literal = ""
                }
                segments.append(.parameter(String(chars[(i + 1)..<close])))
                i = close + 1
            } else if c == ":" && (i == 0 || chars[i - 1] == "/") && i + 1 < chars.count && isNameChar(chars[i + 1]) {
                var j = i + 1
                while j < chars.count && isNameChar(chars[j]) { j += 1 }
                if !literal.isEmpty {
                    segments.append(.literal(literal))
                    literal = ""
                }
                segments.append(.parameter(String(chars[(i + 1)..<j])))
                i = j
            } else {
                literal.append(c)
                i += 1
            }
        }
        if !literal.isEmpty { segments.append(.literal(literal)) }
        self.segments = segments
    }

    /// Parameter names in order of appearance, without duplicates.
    public var parameterNames: [String] {
        var seen: [String] = []
        for case .parameter(let name) in segments where !seen.contains(name) { seen.append(name) }
        return seen
    }
}
