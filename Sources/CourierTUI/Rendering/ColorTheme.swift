/// The look the screen's config file chooses (`"theme": "light"`). Views name roles
/// (`Theme`), never colours; a theme decides which terminal colour each of Courier's colours
/// is, and how attributes are drawn. Whatever the theme, a protected environment's badge is
/// bold reverse video in the warning colour: it stands out in every one, and without colour.
public enum ColorTheme: String, Sendable, CaseIterable, Equatable {
    /// For dark backgrounds: the terminal's eight colours (the default).
    case dark
    /// For light backgrounds: darker colours where the terminal has 256, and no yellow or cyan
    /// text (unreadable on white) where it has eight.
    case light
    /// Bright colours, everything coloured in bold, nothing dimmed.
    case highContrast = "high-contrast"

    /// The terminal colour number for `color` on a terminal of `colors` colours.
    public func terminalColor(_ color: Color, colors: Int) -> Int16 {
        let basic: [Color: Int16] = [
            .red: 1, .green: 2, .yellow: 3, .blue: 4, .magenta: 5, .cyan: 6, .white: 7, .gray: 7,
        ]
        switch self {
        case .dark:
            return basic[color] ?? 7
        case .light where colors >= 256:
            let dark: [Color: Int16] = [
                .red: 124, .green: 22, .yellow: 130, .blue: 19, .magenta: 90, .cyan: 24, .white: 235, .gray: 242,
            ]
            return dark[color] ?? 0
        case .light:
            let readable: [Color: Int16] = [
                .red: 1, .green: 2, .yellow: 5, .blue: 4, .magenta: 5, .cyan: 4, .white: 0, .gray: 0,
            ]
            return readable[color] ?? 0
        case .highContrast where colors >= 16:
            return color == .gray ? 15 : (basic[color] ?? 7) + 8
        case .highContrast:
            return basic[color] ?? 7
        }
    }

    /// `style` as this theme draws it: high contrast drops dimming (hints, borders) and
    /// draws every coloured style in bold.
    public func adjusted(_ style: Style) -> Style {
        guard self == .highContrast else { return style }
        var drawn = style
        drawn.dim = false
        if style.foreground != nil { drawn.bold = true }
        return drawn
    }
}
