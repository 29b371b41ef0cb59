import ArgumentParser
import CourierCore
import CourierStore

/// `courier history export --har FILE [ROUTE] [--env NAME] [--limit N]` (DESIGN.md §9).
struct HistoryExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write recorded exchanges as HAR 1.2, oldest first (one entry per redirect hop).")

    @Option(name: .long, help: ArgumentHelp("The HAR file to write.", valueName: "FILE"))
    var har: String

    @OptionGroup var filter: HistoryFilter

    @Option(name: .long, help: "The newest this many exchanges.")
    var limit = 50

    func run() async throws {
        guard limit > 0 else { throw CLIFailure("--limit must be at least 1") }
        try ReportFile.checkWritable(har, flag: "--har")
        let key = try filter.workspaceKey()
        let (route, env, limit) = (filter.route, filter.env, self.limit)
        let records = try HistoryCommand.withStore { (store) throws(HistoryError) in
            try store.records(workspace: key, route: route, environment: env, limit: limit)
        }
        guard !records.isEmpty else {
            throw CLIFailure(
                "nothing recorded" + (route.map { " for \($0)" } ?? "") + (env.map { " in \($0)" } ?? "")
                    + "; no file written")
        }
        // Records were masked before they were written; the export adds nothing secret.
        try ReportFile.write(HARExport(creatorVersion: Courier.version).document(records), to: har)
        let entries = records.reduce(0) { $0 + max(1, $1.exchange.response.hops.count) }
        Console.error("wrote \(records.count) exchange\(records.count == 1 ? "" : "s") (\(entries) entries) to \(har)")
    }
}
