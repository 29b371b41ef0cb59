import ArgumentParser
import CourierCore
import CourierStore

/// `courier trust [--revoke] [--yes]`: shows the commands a workspace's `{{$command "…"}}`
/// placeholders run and, once the user says yes, trusts that file on this machine (by path and
/// SHA-256, so an edit asks again). Until then no command of it runs.
struct TrustCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trust",
        abstract: "Review the commands a workspace runs ({{$command …}}) and allow them on this machine.",
        discussion: "The trust is of the file as it is now: any change to it asks again."
    )

    @OptionGroup var workspace: WorkspaceOptions

    @Flag(name: .long, help: "Forget the trust of this workspace file.")
    var revoke = false

    @Flag(name: .shortAndLong, help: "Trust without asking (after reading the list).")
    var yes = false

    func run() throws {
        let loaded = try workspace.load()
        let store = TrustStore(processEnvironment: ProcessEnvironment.values)
        let file = loaded.file
        do {
            if revoke {
                let had = try store.revoke(file: file)
                Console.error(had ? "\(file) is no longer trusted" : "\(file) was not trusted", prefixed: false)
                return
            }
            let commands = loaded.commands
            guard !commands.isEmpty else {
                Console.error("\(file) runs no command ({{$command …}}); nothing to trust", prefixed: false)
                return
            }
            guard case .success(let contents) = FileBytes.read(file) else { throw CLIFailure("cannot read \(file)") }
            let list = commands.map { "  " + TerminalText.visible($0) + "\n" }.joined()
            Console.out("\(file) runs these commands when a request uses them:\n" + list)
            if !yes {
                guard let answer = PasswordPrompt.ask("Trust them on this machine? [y/N] ", echo: true) else {
                    throw CLIFailure("no terminal to ask on; pass --yes to trust them")
                }
                guard ["y", "yes"].contains(answer.lowercased()) else {
                    Console.error("not trusted", prefixed: false)
                    return
                }
            }
            try store.trust(file: file, contents: contents)
            Console.error("trusted \(file) as it is now (an edit asks again)", prefixed: false)
        } catch let failure as CLIFailure {
            throw failure
        } catch {
            throw CLIFailure("cannot write \(store.path): \(ErrorText.describe(error))")
        }
    }
}
