/// A form value that cannot be sent as it is.
public enum FormError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `field` (its key) is wrong for the reason in `message`.
    case invalid(field: String, message: String)

    /// The message for the status bar.
    public var description: String {
        switch self {
        case .invalid(_, let message): return message
        }
    }

    /// Key of the offending field.
    public var field: String {
        switch self {
        case .invalid(let field, _): return field
        }
    }
}
