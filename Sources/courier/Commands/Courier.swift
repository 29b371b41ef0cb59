import ArgumentParser
import CourierCore

/// `courier`: the root command. With no subcommand it runs `tui` (the interactive screen).
struct Courier: AsyncParsableCommand {
    /// The version `--version` prints and exports name as their creator.
    static let version = CourierVersion.current

    static let configuration = CommandConfiguration(
        commandName: "courier",
        abstract: "A fast terminal API client for switching between deployments and QA-ing backends.",
        version: version,
        subcommands: [
            TUICommand.self, CallCommand.self, CheckCommand.self, DiffCommand.self, HistoryCommand.self,
            ImportCommand.self, SealCommand.self, UnsealCommand.self, CookiesCommand.self, CapturesCommand.self,
            RoutesCommand.self, TrustCommand.self, GraphQLCommand.self,
            EnvsCommand.self,
            FormatCommand.self,
            DemoCommand.self,
        ],
        defaultSubcommand: TUICommand.self
    )
}
