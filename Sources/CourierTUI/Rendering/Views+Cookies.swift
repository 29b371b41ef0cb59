import CourierCore

extension Views {
    /// Rows of the cookie list visible at once on a screen `height` rows high.
    static func cookieRows(height: Int) -> Int { max(1, height - 8) }

    /// The cookie list: one row per cookie with its name, domain, path and expiry; values are
    /// never drawn.
    static func drawCookies(environment: String, cookies: [StoredCookie], scroll: Int, into buffer: inout ScreenBuffer)
    {
        let width = max(10, min(buffer.width - 6, 100))
        var lines: [(String, Style)] = []
        if cookies.isEmpty {
            lines.append(("no cookies yet: a response's Set-Cookie fills the jar", Theme.hint))
        } else {
            let nameWidth = min(24, cookies.map { CellWidth.of($0.name) }.max() ?? 4)
            let domainWidth = min(28, cookies.map { CellWidth.of(domainText($0)) }.max() ?? 6)
            let pathWidth = min(20, cookies.map { CellWidth.of($0.path) }.max() ?? 4)
            func row(_ name: String, _ domain: String, _ path: String, _ rest: String) -> String {
                name.padded(to: nameWidth) + "  " + domain.padded(to: domainWidth) + "  " + path.padded(to: pathWidth)
                    + "  " + rest
            }
            lines.append((row("NAME", "DOMAIN", "PATH", "EXPIRES"), Theme.strong))
            let rows = cookieRows(height: buffer.height)
            let first = min(scroll, max(0, cookies.count - rows))
            for cookie in cookies.dropFirst(first).prefix(rows) {
                var flags = cookie.expiryText
                if cookie.secure { flags += " · secure" }
                if cookie.httpOnly { flags += " · httponly" }
                lines.append((row(cookie.name, domainText(cookie), cookie.path, flags), .plain))
            }
        }
        lines.append(("", .plain))
        lines.append(("values hidden · `courier cookies --clear` empties the jar · Esc closes", Theme.hint))
        dialog(
            title: "Cookies · \(environment) (\(cookies.count))", lines: lines, style: Theme.focusedBorder,
            width: width,
            into: &buffer)
    }

    /// `api.test` for a host-only cookie, `.example.com` for a domain one (as browsers show it).
    static func domainText(_ cookie: StoredCookie) -> String {
        cookie.hostOnly ? cookie.domain : "." + cookie.domain
    }
}
