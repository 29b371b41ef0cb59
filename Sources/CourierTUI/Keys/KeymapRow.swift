/// One row of the key table, as the `?` dialog and the README show it, with the bindings it
/// documents. A row without bindings documents typing (characters go to the focused text).
public struct KeymapRow: Sendable, Equatable {
    /// The keys as written for people: `↓ j / ↑ k`.
    public var keys: String
    /// Where they work: `Response`, `outside the form`.
    public var scope: String
    /// What they do.
    public var what: String
    /// Short forms for the status bar (`e env`) by the scope they are shown in, for rows
    /// that earn a place there.
    public var hints: [KeyScope: String]
    /// The bindings the row documents.
    public var bindings: [KeyBinding]

    /// A row.
    public init(
        _ keys: String, _ scope: String, _ what: String, hints: [KeyScope: String] = [:], _ bindings: [KeyBinding]
    ) {
        self.keys = keys
        self.scope = scope
        self.what = what
        self.hints = hints
        self.bindings = bindings
    }

    /// The row as a Markdown table row: `| keys | where | what |`.
    public var markdown: String { "| \(keys) | \(scope) | \(what) |" }
}
