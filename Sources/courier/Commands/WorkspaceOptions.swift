import ArgumentParser
import CourierCore
import CourierStore
import Foundation

/// `--config FILE`, shared by every command that reads a workspace.
struct WorkspaceOptions: ParsableArguments {
    @Option(name: .long, help: "The workspace file.")
    var config: String = "environments.json"

    /// Loads the workspace or fails with the loader's one-line message.
    func load() throws -> Workspace {
        do {
            return try WorkspaceLoader().load(path: config)
        } catch {
            throw CLIFailure(error.description)
        }
    }

    /// What was remembered for this workspace (environment, language).
    func session() -> SessionState {
        SessionStore(configPath: config, processEnvironment: ProcessInfo.processInfo.environment).load().state
    }
}
