import CourierCore

/// The open route's recorded exchanges, newest first and from every environment, as the
/// history dialog lists them (DESIGN.md §8).
public struct HistoryBrowser: Sendable, Equatable {
    /// The route whose history this is.
    public var route: String
    /// What the database holds for it, newest first.
    public var entries: [HistoryEntry]
    /// The row under the cursor.
    public var cursor = ListCursor()

    /// A browser over `entries`.
    public init(route: String, entries: [HistoryEntry]) {
        self.route = route
        self.entries = entries
    }

    /// The entry under the cursor, if there is one.
    public var selected: HistoryEntry? {
        entries.indices.contains(cursor.index) ? entries[cursor.index] : nil
    }

    /// One row: `#id  time  environment  status  duration  checks`, columns aligned by the caller's widths.
    public static func row(_ entry: HistoryEntry, environmentWidth: Int) -> String {
        let tally = entry.checkTally.map { "  \($0.description)" } ?? ""
        let env = entry.environment.truncatedInMiddle(to: environmentWidth).padded(to: environmentWidth)
        return "#\(entry.id)  \(HistoryListing.localTime(entry.recordedAt))  \(env)  \(entry.status)  "
            + "\(Seconds.milliseconds(entry.totalTime)) ms\(tally)"
    }
}
