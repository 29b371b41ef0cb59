/// Terminal colours Courier uses; the terminal maps them to colour pairs.
public enum Color: Int, Sendable, Equatable, Hashable, CaseIterable {
    case red = 1
    case green, yellow, blue, magenta, cyan, white, gray
}

/// How a cell is drawn.
public struct Style: Sendable, Equatable, Hashable {
    /// Foreground colour; `nil` is the terminal default.
    public var foreground: Color?
    /// Bold.
    public var bold: Bool
    /// Swapped colours, used for the cursor and selections.
    public var reverse: Bool
    /// Dimmed, for hints.
    public var dim: Bool
    /// Underlined, for unresolved parts.
    public var underline: Bool

    /// A style; all attributes off by default.
    public init(
        _ foreground: Color? = nil, bold: Bool = false, reverse: Bool = false, dim: Bool = false,
        underline: Bool = false
    ) {
        self.foreground = foreground
        self.bold = bold
        self.reverse = reverse
        self.dim = dim
        self.underline = underline
    }

    /// The terminal's default look.
    public static let plain = Style()

    /// This style with reverse video.
    public var reversed: Style {
        var copy = self
        copy.reverse = true
        return copy
    }
}
