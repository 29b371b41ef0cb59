#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One word of a POSIX shell command line, built from literal text and variable references,
/// so an export can name a secret (`"$TOKEN"`) where its value would be.
public struct ShellWord: Sendable, Equatable {
    /// A run of the word: text taken literally, or a variable the shell expands.
    public enum Part: Sendable, Equatable {
        case literal(String)
        case variable(String)
    }

    /// The runs, in order.
    public var parts: [Part]

    /// A word of `parts`.
    public init(_ parts: [Part]) {
        self.parts = parts
    }

    /// A word that is `text` exactly.
    public init(literal text: String) {
        parts = [.literal(text)]
    }

    /// The word as the shell reads it: literal runs in single quotes (a quote inside becomes
    /// `'\''`), variables as `"$NAME"`, all joined with no space; `''` when empty.
    public var quoted: String {
        var out = ""
        for part in parts {
            switch part {
            case .literal(let text) where text.isEmpty: continue
            case .literal(let text): out += Self.singleQuoted(text)
            case .variable(let name): out += "\"$\(name)\""
            }
        }
        return out.isEmpty ? "''" : out
    }

    /// `text` in single quotes, which keep every byte but `'` literal in POSIX shells.
    @_optimize(size) public static func singleQuoted(_ text: String) -> String {
        "'" + text.replacingText("'", with: "'\\''") + "'"
    }

    /// Splits `text` where a secret value occurs, naming each occurrence by `variable(secret)`.
    /// At one position the longest secret wins, so a secret that contains another is whole.
    @_optimize(size) public static func splitting(
        _ text: String, secrets: [NamedSecret], variable: (NamedSecret) -> String
    )
        -> ShellWord
    {
        let ordered = secrets.filter { !$0.value.isEmpty }.sorted { $0.value.count > $1.value.count }
        guard !ordered.isEmpty else { return ShellWord(literal: text) }
        var parts: [Part] = []
        var rest = text[...]
        while !rest.isEmpty {
            var earliest: (range: Range<Substring.Index>, secret: NamedSecret)?
            for secret in ordered {
                guard let range = rest.firstRange(ofText: secret.value) else { continue }
                if earliest == nil || range.lowerBound < (earliest?.range.lowerBound ?? range.lowerBound) {
                    earliest = (range, secret)
                }
            }
            guard let found = earliest else { break }
            if found.range.lowerBound > rest.startIndex {
                parts.append(.literal(String(rest[..<found.range.lowerBound])))
            }
            parts.append(.variable(variable(found.secret)))
            rest = rest[found.range.upperBound...]
        }
        if !rest.isEmpty { parts.append(.literal(String(rest))) }
        return ShellWord(parts)
    }
}
