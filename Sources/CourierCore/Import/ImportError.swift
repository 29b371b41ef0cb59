/// Why a source cannot be imported: one line naming the place (`file: line 3: …`, `curl:
/// --header: …`) and what was expected. Nothing is written when an import fails.
public struct ImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The line for the user.
    public var message: String

    /// An error with `message`.
    public init(_ message: String) { self.message = message }

    /// One line for the user.
    public var description: String { message }
}
