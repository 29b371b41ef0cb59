import CourierCore

/// The active environment's cookies (`K`): name, domain, path, expiry; values never drawn.
public struct CookieList: Dialog {
    /// The environment whose jar this is.
    public var environment: String
    /// Its cookies.
    public var cookies: [StoredCookie]
    /// Rows scrolled past.
    public var scroll = 0
    /// `x` was pressed once: the next `x` empties the jar.
    public var confirmingClear = false

    /// The list of `cookies`, from its top.
    public init(environment: String, cookies: [StoredCookie], scroll: Int = 0) {
        self.environment = environment
        self.cookies = cookies
        self.scroll = scroll
    }

    /// Its rows of the key table (`Dialog.keys`).
    public static let keys = [
        KeymapRow(
            "↑ ↓ j k, x x, Esc", "cookie list", "scroll, empty the jar (x twice), close",
            Keymap.bind([.down, .char("j")], scope, .down) + Keymap.bind([.up, .char("k")], scope, .up)
                + Keymap.bind([.char("x")], scope, .clear)
                + Keymap.bind([.escape, .char("q"), .char("K"), .enter], scope, .cancel))
    ]

    /// What an action does to it (`Dialog.update`).
    public mutating func update(_ action: Action, in state: AppState) -> DialogOutcome {
        switch action {
        case .cancel: return .close()
        case .clear where confirmingClear || cookies.isEmpty:
            confirmingClear = false
            return cookies.isEmpty ? .stay() : .stay(.run([.clearCookies(environment: environment)]))
        case .clear:
            confirmingClear = true
            return .stay()
        case .down: scroll = min(scroll + 1, max(0, cookies.count - Self.rows(height: state.height)))
        case .up: scroll = max(0, scroll - 1)
        default: break
        }
        confirmingClear = false
        return .stay()
    }

    /// Rows of the list visible at once on a screen `height` rows high.
    static func rows(height: Int) -> Int { max(1, height - 8) }

    /// Draws it (`Dialog.draw`).
    public func draw(_ state: AppState, into buffer: inout ScreenBuffer) {
        let width = max(10, min(buffer.width - 6, 100))
        var lines: [(String, Style)] = []
        if cookies.isEmpty {
            lines.append(("no cookies yet: a response's Set-Cookie fills the jar", Theme.hint))
        } else {
            // Never narrower than the column's own header (`NAM`, `P` read as typos).
            let nameWidth = max(4, min(24, cookies.map { CellWidth.of($0.name) }.max() ?? 4))
            let domainWidth = max(6, min(28, cookies.map { CellWidth.of(Self.domainText($0)) }.max() ?? 6))
            let pathWidth = max(4, min(20, cookies.map { CellWidth.of($0.path) }.max() ?? 4))
            func row(_ name: String, _ domain: String, _ path: String, _ rest: String) -> String {
                name.padded(to: nameWidth) + "  " + domain.padded(to: domainWidth) + "  " + path.padded(to: pathWidth)
                    + "  " + rest
            }
            lines.append((row("NAME", "DOMAIN", "PATH", "EXPIRES"), Theme.strong))
            let rows = Self.rows(height: buffer.height)
            let first = min(scroll, max(0, cookies.count - rows))
            for cookie in cookies.dropFirst(first).prefix(rows) {
                var flags = cookie.expiryText
                if cookie.secure { flags += " · secure" }
                if cookie.httpOnly { flags += " · httponly" }
                lines.append((row(cookie.name, Self.domainText(cookie), cookie.path, flags), .plain))
            }
        }
        lines.append(("", .plain))
        if confirmingClear {
            lines.append(
                ("x again empties \(environment)'s jar (its file too) · any other key keeps it", Theme.warning))
        } else {
            lines.append(("values hidden · x empties the jar · Esc closes", Theme.hint))
        }
        Views.dialog(
            title: "Cookies · \(environment) (\(cookies.count))", lines: lines, style: Theme.focusedBorder,
            width: width, into: &buffer)
    }

    /// `api.test` for a host-only cookie, `.example.com` for a domain one (as browsers show it).
    static func domainText(_ cookie: StoredCookie) -> String {
        cookie.hostOnly ? cookie.domain : "." + cookie.domain
    }
}
