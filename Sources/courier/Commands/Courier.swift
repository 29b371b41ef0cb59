import ArgumentParser

/// `courier`: the root command. With no subcommand it runs `tui` (the interactive screen).
struct Courier: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "courier",
        abstract: "A fast terminal API client for switching between deployments and QA-ing backends.",
        version: "0.1.0",
        subcommands: [
            TUICommand.self, CallCommand.self, CheckCommand.self, DiffCommand.self, HistoryCommand.self,
            RoutesCommand.self,
            EnvsCommand.self,
            FormatCommand.self,
            DemoCommand.self,
        ],
        defaultSubcommand: TUICommand.self
    )
}
