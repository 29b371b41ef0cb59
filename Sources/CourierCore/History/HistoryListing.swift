#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How recorded exchanges are printed: the table of `courier history`, its `--json`, and
/// the head of `history show -i`.
public enum HistoryListing {
    /// The table's rows, header first: id, time, environment, route, status, duration, checks;
    /// a failed attempt has `—` for its status and why in place of checks.
    public static func rows(_ entries: [HistoryEntry]) -> [[String]] {
        [["ID", "RECORDED", "ENVIRONMENT", "ROUTE", "STATUS", "TIME", "CHECKS"]]
            + entries.map { entry in
                [
                    String(entry.id), localTime(entry.recordedAt), entry.environment, entry.route,
                    entry.failure == nil ? String(entry.status) : "—", "\(Seconds.milliseconds(entry.totalTime)) ms",
                    entry.failure.map { "✗ " + $0 } ?? entry.checkTally?.description ?? "",
                ]
            }
    }

    /// `[{"id", "recorded_at", "environment", "route", "method", "url", "status", "time_ms",
    /// "size", "checks"?, "run"?, "error"?}]`; a failed attempt's status is null.
    public static func json(_ entries: [HistoryEntry]) -> JSONValue {
        .array(
            entries.map { entry in
                var members = [
                    JSONMember("id", .number(String(entry.id))),
                    JSONMember("recorded_at", .string(entry.recordedAt.formatted(.iso8601))),
                    JSONMember("environment", .string(entry.environment)),
                    JSONMember("route", .string(entry.route)),
                    JSONMember("method", .string(entry.method)),
                    JSONMember("url", .string(entry.url)),
                    JSONMember("status", entry.failure == nil ? .number(String(entry.status)) : .null),
                    JSONMember("time_ms", .number(String(Seconds.milliseconds(entry.totalTime)))),
                    JSONMember("size", .number(String(entry.bodySize))),
                ]
                if let tally = entry.checkTally {
                    members.append(
                        JSONMember(
                            "checks",
                            .object([
                                JSONMember("passed", .number(String(tally.passed))),
                                JSONMember("total", .number(String(tally.total))),
                            ])))
                }
                if let run = entry.run { members.append(JSONMember("run", .string(run))) }
                if let failure = entry.failure { members.append(JSONMember("error", .string(failure))) }
                return .object(members)
            })
    }

    /// What `history show -i` prints before the status line: where and when, the request
    /// line and the failed checks.
    public static func head(_ record: HistoryRecord) -> String {
        let exchange = record.exchange
        var lines = [
            "# recorded \(localTime(record.recordedAt)) · \(exchange.origin.environmentName) · "
                + exchange.origin.routeName + (record.run.map { " · run \($0)" } ?? ""),
            "# \(exchange.request.method.rawValue) \(exchange.request.url)",
        ]
        if let failure = record.failure { lines.append("# failed: \(failure)") }
        if let tally = exchange.checkTally { lines.append("# checks \(tally.description)") }
        for check in exchange.checks where !check.passed { lines.append("# ✗ \(check.line)") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `2026-11-23 15:02:11` in the machine's time zone.
    public static func localTime(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return date.formatted(.iso8601) }
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : String(value) }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }
}
