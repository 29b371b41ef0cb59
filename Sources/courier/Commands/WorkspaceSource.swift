import CourierCore
import CourierStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The workspace file a command reads (`--config`), and how it is read. A sealed file
/// (RNCryptor) is opened with `COURIER_PASSWORD`, or with a password asked for on the terminal.
struct WorkspaceSource {
    var config = "environments.json"

    /// Loads the workspace or fails with the loader's one-line message.
    func load() throws -> Workspace {
        try unlock { (file) throws(WorkspaceError) in try file.load() }.value
    }

    /// The file's plain bytes (nil when it does not exist yet) and the file to write them back to.
    func read() throws -> (bytes: [UInt8]?, sealed: Bool, file: WorkspaceFile) {
        if case .failure(.missing) = FileBytes.read(config) { return (nil, false, WorkspaceFile(path: config)) }
        let (read, file) = try unlock { (file) throws(WorkspaceError) in try file.read() }
        return (read.bytes, read.sealed, file)
    }

    /// Runs `body` on the file; a sealed one without a password gets up to three tries at the
    /// terminal (none when `COURIER_PASSWORD` is set: a script must not hang on a prompt).
    private func unlock<T>(_ body: (WorkspaceFile) throws(WorkspaceError) -> T) throws -> (
        value: T, file: WorkspaceFile
    ) {
        let given = ProcessEnvironment.password
        var file = WorkspaceFile(path: config, password: given)
        do {
            return (try body(file), file)
        } catch .sealed(_, .noPassword) where given == nil {
            for attempt in 1...3 {
                guard let password = PasswordPrompt.ask("Password for \(config): ") else { break }
                file.password = password
                do {
                    return (try body(file), file)
                } catch .sealed(_, .wrongPasswordOrDamaged) where attempt < 3 {
                    Console.error("wrong password or damaged file; try again", prefixed: false)
                } catch {
                    throw CLIFailure(error.description)
                }
            }
            throw CLIFailure(WorkspaceError.sealed(file: config, .noPassword).description)
        } catch {
            throw CLIFailure(error.description)
        }
    }

    /// What was remembered for this workspace (environment, language).
    func session() -> SessionState {
        SessionStore(configPath: config, processEnvironment: ProcessEnvironment.values).load().state
    }

    /// The environments a command sends to, for every command alike: those `named` (each
    /// once, in order), else the remembered one while the workspace still has it, else the
    /// first.
    static func environments(named names: [String], in workspace: Workspace, remembered: String?) throws
        -> [Environment]
    {
        var chosen: [Environment] = []
        for name in names where !chosen.contains(where: { $0.name == name }) {
            chosen.append(try workspace.environment(named: name))
        }
        if !chosen.isEmpty { return chosen }
        if let remembered, let match = workspace.environments.first(where: { $0.name == remembered }) {
            return [match]
        }
        guard let first = workspace.environments.first else { throw CLIFailure("the workspace has no environments") }
        return [first]
    }
}
