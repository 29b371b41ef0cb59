import ArgumentParser
import CourierCore
import CourierStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `courier history`: the exchanges recorded for this workspace (DESIGN.md §8).
struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List, show and clear recorded exchanges.",
        discussion: """
            Every exchange sent by the screen, call and check is recorded (secrets, cookie and \
            Authorization values masked; bodies cut to 1 MB) in $XDG_STATE_HOME/courier/history.sqlite.
            """,
        subcommands: [
            HistoryListCommand.self, HistoryShowCommand.self, HistoryClearCommand.self, HistoryExportCommand.self,
        ],
        defaultSubcommand: HistoryListCommand.self
    )

    /// The database, or a one-line failure (a notice about a file moved aside goes to stderr).
    static func store() throws -> HistoryStore {
        do {
            let store = try HistoryStore(
                path: HistoryStore.defaultPath(processEnvironment: ProcessEnvironment.values))
            if let notice = store.notice { Console.error(notice) }
            return store
        } catch {
            throw CLIFailure("history: \(error.description)")
        }
    }

    /// `body` with the database; its failures become one `history: …` line.
    static func withStore<T>(_ body: (HistoryStore) throws(HistoryError) -> T) throws -> T {
        let store = try store()
        do {
            return try body(store)
        } catch {
            throw CLIFailure("history: \(error.description)")
        }
    }
}

/// `[ROUTE] [--env NAME]` and the workspace: which exchanges `list` and `clear` mean.
struct HistoryFilter: ParsableArguments {
    @Argument(help: "Only this route.")
    var route: String?

    @OptionGroup var workspace: WorkspaceOptions

    @Option(name: .long, help: "Only this environment.")
    var env: String?

    /// The workspace's file as history keys it (the absolute path the loader records).
    func workspaceKey() throws -> String {
        try workspace.load().file
    }
}

/// `courier history [ROUTE] [--env NAME] [--limit N] [--json]`.
struct HistoryListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List recorded exchanges, newest first.")

    @OptionGroup var filter: HistoryFilter

    @Option(name: .long, help: "At most this many (newest first).")
    var limit = 20

    @Flag(name: .long, help: "Print a JSON array.")
    var json = false

    func run() async throws {
        guard limit > 0 else { throw CLIFailure("--limit must be at least 1") }
        let key = try filter.workspaceKey()
        let (route, env) = (filter.route, filter.env)
        let entries = try HistoryCommand.withStore { (store) throws(HistoryError) in
            try store.entries(workspace: key, route: route, environment: env, limit: limit)
        }
        if json {
            Console.out(HistoryListing.json(entries).serialized + "\n")
        } else if entries.isEmpty {
            Console.error(
                "nothing recorded" + (filter.route.map { " for \($0)" } ?? "") + (filter.env.map { " in \($0)" } ?? ""))
        } else {
            Console.out(TextTable.render(HistoryListing.rows(entries)))
        }
    }
}

/// `courier history show ID [-i]`.
struct HistoryShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Print one recorded exchange, as call prints a response.")

    @Argument(help: "The id (from 'courier history').")
    var id: Int64

    /// With `-i`, when and where it was recorded, the request line and failed checks come first.
    @OptionGroup var output: PrintOptions

    func run() async throws {
        let id = self.id
        let found = try HistoryCommand.withStore { (store) throws(HistoryError) in try store.record(id: id) }
        guard let record = found else {
            throw CLIFailure("no recorded exchange has id \(id) (see 'courier history')")
        }
        if output.include { Console.out(HistoryListing.head(record)) }
        if record.failure != nil {
            // No answer to print: the attempt and why it failed, with or without -i.
            if !output.include { Console.out(HistoryListing.head(record)) }
            return
        }
        try output.settings.print(record.exchange)
        if record.isBodyCut {
            Console.error(
                "the body was cut to its first \(ByteCount.format(record.exchange.response.body.count)) "
                    + "of \(ByteCount.format(record.exchange.response.bodySize)) when recorded")
        }
    }
}

/// `courier history clear [ROUTE] [--env NAME]`.
struct HistoryClearCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear", abstract: "Delete this workspace's recorded exchanges (of a route, of an environment).")

    @OptionGroup var filter: HistoryFilter

    func run() async throws {
        let key = try filter.workspaceKey()
        let (route, env) = (filter.route, filter.env)
        let count = try HistoryCommand.withStore { (store) throws(HistoryError) in
            try store.clear(workspace: key, route: route, environment: env)
        }
        Console.error("removed \(count) recorded exchange\(count == 1 ? "" : "s")")
    }
}
