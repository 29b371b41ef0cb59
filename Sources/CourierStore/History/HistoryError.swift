/// Why history could not be read or written: one line for the user.
public struct HistoryError: Error, Equatable, CustomStringConvertible {
    /// The message.
    public var description: String
    /// Set when the file cannot be used as it is and should be moved aside: `damaged` or
    /// `newer`, the word put in the moved file's name.
    public var asideReason: String?

    init(_ description: String, asideReason: String? = nil) {
        self.description = description
        self.asideReason = asideReason
    }
}
