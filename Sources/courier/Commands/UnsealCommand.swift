import ArgumentParser
import CourierCore
import CourierStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `courier unseal FILE.bin [-o OUT]`: decrypts a sealed workspace into a plain one
/// (`a.bin` → `a.json`; `-o -` prints it). The new plain file is readable by its owner only.
struct UnsealCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unseal",
        abstract: "Decrypt a sealed workspace (RNCryptor v3) into plain JSON.",
        discussion: "The password comes from COURIER_PASSWORD, or is asked for on the terminal."
    )

    @Argument(help: "The sealed workspace file.")
    var file: String

    @Option(name: .shortAndLong, help: "Where to write the plain file (default: FILE with .json; - for stdout).")
    var output: String?

    @Flag(name: .long, help: "Replace OUT when it exists.")
    var force = false

    func run() throws {
        var options = WorkspaceOptions()
        options.config = file
        let (bytes, sealed, _) = try options.read()
        guard let bytes else { throw CLIFailure("\(file): cannot read the workspace: no such file") }
        guard sealed else { throw CLIFailure("\(file) is not sealed") }
        let target = output ?? SealCommand.renamed(file, to: "json")
        if target == "-" {
            Console.write(bytes)
            return
        }
        try SealCommand.refuseOverwrite(target, force: force)
        do {
            try AtomicFile.write(bytes, to: target, newFileMode: 0o600)
        } catch {
            throw CLIFailure("cannot write \(target): \(SealCommand.reason(error))")
        }
        Console.error("unsealed \(file) into \(target)", prefixed: false)
    }
}
