import ArgumentParser
import CourierCore
import CourierStore

/// `--config FILE`, shared by every command that reads a workspace. A sealed file (RNCryptor)
/// is opened with `COURIER_PASSWORD`, or with a password asked for on the terminal.
struct WorkspaceOptions: ParsableArguments {
    @Option(name: CallFlag.config.name, help: CallFlag.config.help)
    var config: String = "environments.json"

    /// The file, as a plain value (see `SendSettings`).
    var source: WorkspaceSource { WorkspaceSource(config: config) }

    /// Loads the workspace or fails with the loader's one-line message.
    func load() throws -> Workspace { try source.load() }

    /// The file's plain bytes (nil when it does not exist yet) and the file to write them back to.
    func read() throws -> (bytes: [UInt8]?, sealed: Bool, file: WorkspaceFile) { try source.read() }

    /// What was remembered for this workspace (environment, language).
    func session() -> SessionState { source.session() }
}
