/// The terminal lines of a whole-workspace comparison: one per route (`= users.index`,
/// `≠ users.show  json address.city: "Madrid" | "Manchester"`, `✗ orders.list  502 | 200`),
/// the rest of a route's differences indented below it, then one summary line.
public struct ComparisonTextReport: Sendable {
    /// Colour the marks (`=` green, `≠` yellow, `✗` red, `-` dim).
    public var color: Bool
    /// At most this many lines under one route; `courier diff ROUTE` shows them all.
    public var limit: Int
    /// Longer lines are cut, with `…` (a whole body that differs is one JSON line).
    public static let width = 200

    /// A report.
    public init(color: Bool = false, limit: Int = 20) {
        self.color = color
        self.limit = limit
    }

    /// The lines of one route, secrets masked by `masking`.
    public func lines(
        for route: RouteComparison, environments: (String, String), masking: (String) -> String
    ) -> [String] {
        var details = route.differences.map(\.description) + route.bodyLines
        var head: String
        switch route.verdict {
        case .same:
            head = "\(mark("=", 32)) \(route.route)"
        case .different:
            head = "\(mark("≠", 33)) \(route.route)"
            if !details.isEmpty { head += "  " + details.removeFirst() }
        case .statusDiffers:
            let status = route.differences.first { $0.place == "status" }
            head = "\(mark("✗", 31)) \(route.route)  \(status.map { "\($0.left) | \($0.right)" } ?? "")"
            details = route.differences.filter { $0.place != "status" }.map(\.description) + route.bodyLines
        case .trouble(let reason):
            head = "\(mark("✗", 31)) \(route.route)  \(reason)"
        case .skipped(let reason):
            head = "\(mark("-", 2)) \(route.route)  skipped: \(reason)"
        }
        var lines = [Self.clip(masking(head))]
        for detail in details.prefix(limit) { lines.append("    " + Self.clip(masking(detail))) }
        if details.count > limit {
            lines.append(
                "    … \(details.count - limit) more (courier diff \(route.route) --env \(environments.0) "
                    + "--env \(environments.1))")
        }
        if !route.noise.isEmpty {
            lines.append("    noise ignored: " + masking(route.noise.map(\.description).joined(separator: ", ")))
        }
        return lines
    }

    /// `development | production: 24 routes: 10 same, 12 different, 1 trouble, 1 skipped · 1.84 s`.
    public func summary(_ comparison: WorkspaceComparison) -> String {
        let totals = comparison.totals
        let seconds = max(comparison.left.duration, comparison.right.duration)
        return "\(comparison.left.environment) | \(comparison.right.environment): "
            + "\(totals.routes) route\(totals.routes == 1 ? "" : "s"): \(totals.same) same, "
            + "\(totals.different) different, \(totals.trouble) trouble, \(totals.skipped) skipped · "
            + "\(Seconds.fixed(seconds, places: 2)) s"
    }

    /// `line` cut to `width` characters, with `…` where it was cut. Masked first, so a cut
    /// cannot leave half a secret unmasked.
    static func clip(_ line: String) -> String {
        line.count > width ? String(line.prefix(width - 1)) + "…" : line
    }

    private func mark(_ text: String, _ code: Int) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
