/// A place `courier diff` leaves out: `--ignore json:items.*.updated_at` or
/// `--ignore header:X-Request-Id`. In a JSON path, `*` stands for any one key or index.
public enum DiffIgnore: Sendable, Equatable, CustomStringConvertible {
    /// A JSON path pattern, as components.
    case json([String])
    /// A header name (any case).
    case header(String)

    /// Parses `json:PATH` or `header:NAME`; nil for anything else.
    public init?(_ text: String) {
        if text.hasPrefix("json:") {
            let path = text.dropFirst(5)
            self = .json(
                path.isEmpty ? [] : path.split(separator: ".", omittingEmptySubsequences: false).map(String.init))
        } else if text.hasPrefix("header:"), text.count > 7 {
            self = .header(String(text.dropFirst(7)).lowercased())
        } else {
            return nil
        }
    }

    /// The ignore for a `Difference.place` (`json a.b`, `header ETag`); nil for the status and
    /// a whole body, which `--noise` must not hide.
    public init?(place: String) {
        if place.hasPrefix("json "), place != "json ." {
            self = .json(place.dropFirst(5).split(separator: ".", omittingEmptySubsequences: false).map(String.init))
        } else if place.hasPrefix("header ") {
            self = .header(String(place.dropFirst(7)).lowercased())
        } else {
            return nil
        }
    }

    /// `json:PATH` or `header:NAME`.
    public var description: String {
        switch self {
        case .json(let components): "json:" + components.joined(separator: ".")
        case .header(let name): "header:" + name
        }
    }

    /// Whether this ignores the JSON value at `path` (and so everything under it).
    func covers(json path: [String]) -> Bool {
        guard case .json(let pattern) = self, pattern.count <= path.count else { return false }
        return zip(pattern, path).allSatisfy { $0 == "*" || $0 == $1 }
    }

    /// Whether this ignores the header `name` (lower-cased).
    func covers(header name: String) -> Bool {
        if case .header(let ignored) = self { return ignored == name }
        return false
    }
}
