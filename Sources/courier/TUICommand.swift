import ArgumentParser
import CourierCore

/// `courier [--config FILE] [--env NAME] [--demo]`: the interactive screen (the default command).
struct TUICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tui",
        abstract: "Open the interactive screen (the default when no command is given)."
    )

    @OptionGroup var workspace: WorkspaceOptions

    @Option(name: .long, help: "The environment to start in.")
    var env: String?

    @Flag(name: .long, help: "Start the embedded sample API too.")
    var demo = false

    func run() async throws {
        if demo {
            try await DemoCommand.serve(port: DemoCommand.defaultPort, fallbackToFreePort: true)
            return
        }
        let loaded = try workspace.load()
        if let env { _ = try loaded.environment(named: env) }
        Console.out(Courier.helpMessage() + "\n")
        Console.line("\nThe interactive screen is not part of this build yet; use the commands above.")
    }
}
