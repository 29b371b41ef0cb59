/// The terminal lines of a whole-workspace comparison: one per route (`= users.index`,
/// `≠ users.show  json address.city: "Madrid" | "Manchester"`, `✗ orders.list  502 | 200`,
/// `▲ headlines  p95 3.0 | 85.0 ms (+2733 %)` for the same answer, slower), the rest of a
/// route's differences indented below it, then one summary line.
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
    @_optimize(size) public func lines(
        for route: RouteComparison, environments: (String, String), masking: (String) -> String
    ) -> [String] {
        var details = route.differences.map { $0.masked(masking).description } + route.bodyLines
        var head: String
        let slower = Self.slowerText(route)
        switch route.verdict {
        case .same where slower != nil:
            head = "\(mark("▲", 33)) \(route.route)  \(slower ?? "")"
        case .same:
            head = "\(mark("=", 32)) \(route.route)"
        case .different:
            head = "\(mark("≠", 33)) \(route.route)"
            if !details.isEmpty { head += "  " + details.removeFirst() }
        case .statusDiffers:
            let status = route.differences.first { $0.place == "status" }
            head = "\(mark("✗", 31)) \(route.route)  \(status.map { "\($0.left) | \($0.right)" } ?? "")"
            details =
                route.differences.filter { $0.place != "status" }.map { $0.masked(masking).description }
                + route.bodyLines
        case .trouble(let reason):
            head = "\(mark("✗", 31)) \(route.route)  \(reason)"
        case .skipped(let reason):
            head = "\(mark("-", 2)) \(route.route)  skipped: \(reason)"
        }
        if let slower, route.verdict != .same { details.insert(slower, at: 0) }
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

    /// `p95 3.0 | 85.0 ms (+2733 %)` for a route flagged slower; nil for any other.
    @_optimize(size) static func slowerText(_ route: RouteComparison) -> String? {
        guard route.slower, let left = route.leftLatency, let right = route.rightLatency else { return nil }
        let growth = left.p95 > 0 ? "+\(Int(((right.p95 / left.p95 - 1) * 100).rounded())) %" : "slower"
        return "p95 \(LatencyTable.milliseconds(left.p95)) | \(LatencyTable.milliseconds(right.p95)) ms (\(growth))"
    }

    /// `development | production: 24 routes: 10 same, 12 different, 1 trouble, 1 skipped · 1.84 s`;
    /// with times recorded, the routes that got slower too (`…, 1 skipped, 1 slower · …`).
    @_optimize(size) public func summary(_ comparison: WorkspaceComparison) -> String {
        let totals = comparison.totals
        let seconds = max(comparison.left.duration, comparison.right.duration)
        let timed = comparison.routes.contains { $0.leftLatency != nil }
        return "\(comparison.left.environment) | \(comparison.right.environment): "
            + "\(totals.routes) route\(totals.routes == 1 ? "" : "s"): \(totals.same) same, "
            + "\(totals.different) different, \(totals.trouble) trouble, \(totals.skipped) skipped"
            + (timed ? ", \(totals.slower) slower" : "") + " · \(Seconds.fixed(seconds, places: 2)) s"
    }

    /// `line` cut to `width` characters, with `…` where it was cut. Masked first, so a cut
    /// cannot leave half a secret unmasked.
    @_optimize(size) static func clip(_ line: String) -> String {
        line.count > width ? String(line.prefix(width - 1)) + "…" : line
    }

    @_optimize(size) private func mark(_ text: String, _ code: Int) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
