import CourierCore

/// Every style the screen draws with, by role. Views name a role, never a colour, so the
/// look is changed here and `NO_COLOR` (applied by the terminal) covers all of it.
public enum Theme {
    /// The focused pane's border and the response cursor.
    public static let focusedBorder = Style(.cyan, bold: true)
    /// Other borders.
    public static let border = Style(dim: true)
    /// Protected environments and things to fill in.
    public static let warning = Style(.yellow, bold: true)
    /// Errors in the status bar and the URL line.
    public static let error = Style(.red, bold: true)
    /// Hints, labels and line numbers.
    public static let hint = Style(dim: true)
    /// A notice in the status bar.
    public static let notice = Style(.green)
    /// A text entry being typed, and the progress of requests in flight.
    public static let active = Style(.cyan)
    /// Emphasis: the active environment, a focused field's label, the dialog's key line.
    public static let strong = Style(bold: true)
    /// The status bar's environment badge.
    public static let badge = Style(bold: true, reverse: true)
    /// The badge of a protected environment.
    public static let protectedBadge = Style(.yellow, bold: true, reverse: true)
    /// A form value that cannot be resolved yet.
    public static let unresolved = Style(.red, underline: true)
    /// The colour of a boolean form value.
    public static let booleanValue = Color.magenta
    /// The text cursor in a form field.
    public static let textCursor = Style(.cyan, bold: true, underline: true)
    /// Response header lines.
    public static let header = Style(.cyan)
    /// A search match in the response.
    public static let match = Style(.yellow, bold: true, reverse: true)
    /// JSON keys.
    public static let jsonKey = Style(.blue, bold: true)
    /// JSON strings.
    public static let jsonString = Style(.green)
    /// JSON numbers.
    public static let jsonNumber = Style(.cyan)
    /// `true`, `false`, `null`.
    public static let jsonLiteral = Style(.magenta)

    /// The colour of an HTTP method.
    public static func method(_ method: HTTPMethod) -> Style {
        switch method {
        case .get: return Style(.green, bold: true)
        case .post: return Style(.yellow, bold: true)
        case .put: return Style(.blue, bold: true)
        case .patch: return Style(.cyan, bold: true)
        case .delete: return Style(.red, bold: true)
        default: return Style(.magenta, bold: true)
        }
    }

    /// The colour of a status code.
    public static func status(_ code: Int) -> Style {
        switch code {
        case 200..<300: return Style(.green, bold: true)
        case 300..<400: return Style(.cyan, bold: true)
        case 400..<500: return Style(.yellow, bold: true)
        default: return Style(.red, bold: true)
        }
    }
}
