#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A named, ordered list of route names and `*` globs: `"smoke": ["auth.login", "users.*"]`.
public struct NamedRun: Sendable, Equatable {
    /// The run's name, given to `courier check` or picked in the run view.
    public var name: String
    /// Route names or globs, in the order they run.
    public var patterns: [String]

    /// A run.
    public init(name: String, patterns: [String]) {
        self.name = name
        self.patterns = patterns
    }
}

extension NamedRun {
    /// Whether route `name` matches `pattern`, where `*` stands for any run of characters
    /// (dots included: `users.*` matches `users.show` and `users.posts.index`).
    public static func matches(_ pattern: String, _ name: String) -> Bool {
        guard pattern.contains("*") else { return pattern == name }
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        guard let first = parts.first, let last = parts.last, name.hasPrefix(first) else { return false }
        var rest = name.dropFirst(first.count)
        for part in parts.dropFirst().dropLast() where !part.isEmpty {
            guard let range = rest.firstRange(ofText: part) else { return false }
            rest = rest[range.upperBound...]
        }
        return rest.count >= last.count && rest.hasSuffix(last)
    }
}
