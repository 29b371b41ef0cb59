/// Why the screen's config file (its keys, its theme) was not taken.
public struct ScreenConfigError: Error, Equatable, Sendable {
    /// One line: what is wrong, and where in the file.
    public var message: String

    init(_ message: String) {
        self.message = message
    }
}
