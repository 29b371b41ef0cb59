import ArgumentParser
import CourierCore
import CourierStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `courier seal FILE [-o OUT]`: encrypts a workspace with a password in the RNCryptor v3
/// format (the T21Environment seed's `environments.bin`). `a.json` becomes `a.bin`; the plain
/// file is left for the user to delete.
struct SealCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seal",
        abstract: "Encrypt a workspace with a password (RNCryptor v3, as environments.bin).",
        discussion: "The password comes from COURIER_PASSWORD, or is asked for twice on the terminal."
    )

    @Argument(help: "The plain workspace file.")
    var file: String

    @Option(name: .shortAndLong, help: "Where to write the sealed file (default: FILE with .bin).")
    var output: String?

    @Flag(name: .long, help: "Replace OUT when it exists.")
    var force = false

    func run() throws {
        let plain: [UInt8]
        do {
            let read = try WorkspaceFile(path: file).read()
            plain = read.bytes
            _ = try WorkspaceLoader().load(bytes: plain, fileName: file, baseDirectory: PathText.directory(file))
        } catch .sealed(_, .noPassword) {
            throw CLIFailure("\(file) is sealed already")
        } catch {
            throw CLIFailure(error.description)
        }
        let target = output ?? Self.renamed(file, to: "bin")
        try Self.refuseOverwrite(target, force: force)
        let password = try Self.newPassword()
        do {
            try AtomicFile.write(try WorkspaceSeal.seal(plain, password: password), to: target)
        } catch {
            throw CLIFailure("cannot write \(target): \(Self.reason(error))")
        }
        Console.error("sealed \(file) into \(target); \(file) is still plain text", prefixed: false)
    }

    /// The password for a new seal: `COURIER_PASSWORD`, else typed twice; never empty.
    static func newPassword() throws -> String {
        if let given = ProcessEnvironment.password { return given }
        guard let first = PasswordPrompt.ask("New password: ") else {
            throw CLIFailure("no password: set COURIER_PASSWORD, or run on a terminal to be asked")
        }
        guard !first.isEmpty else { throw CLIFailure("the password is empty") }
        guard PasswordPrompt.ask("Again: ") == first else { throw CLIFailure("the passwords differ") }
        return first
    }

    /// `path` with its extension replaced (`a.json` → `a.bin`), or added.
    static func renamed(_ path: String, to ext: String) -> String {
        let name = PathText.fileName(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return path + "." + ext }
        return String(path.dropLast(name.distance(from: dot, to: name.endIndex))) + "." + ext
    }

    static func refuseOverwrite(_ path: String, force: Bool) throws {
        if !force && FileManager.default.fileExists(atPath: path) {
            throw CLIFailure("\(path) exists (pass --force to replace it)")
        }
    }

    static func reason(_ error: any Error) -> String {
        (error as? SealError)?.description ?? (error as? POSIXError).map { String(cString: strerror($0.code.rawValue)) }
            ?? ErrorText.describe(error)
    }
}
