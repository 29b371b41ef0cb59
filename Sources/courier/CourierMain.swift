import ArgumentParser
import CourierCore
import CourierHTTP

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

/// Entry point. Parses arguments itself so every error exits with code 1 (DESIGN.md §4:
/// HTTPie's `--check-status` codes), not ArgumentParser's 64.
@main
enum CourierMain {
    static func main() async {
        MemoryTuning.apply()
        if let call = quickCall(CommandLine.arguments) {
            // The whole call on one thread: this one becomes the engine's event loop, and the
            // process exits from it when the call ends.
            HTTPEngine.withCurrentThreadAsLoop { engine in
                exit(await outcome { try await call.run(on: engine) })
            }
            exit(1)
        }
        exit(
            await outcome {
                if let check = quickCheck(CommandLine.arguments) {
                    try await check.run()
                } else if let file = quickFormat(CommandLine.arguments) {
                    try FormatCommand.format(file: file)
                } else {
                    var command = try parse(CommandLine.arguments)
                    if var asyncCommand = command as? AsyncParsableCommand {
                        try await asyncCommand.run()
                    } else {
                        try command.run()
                    }
                }
            })
    }

    /// The exit code of `body`: 0, or what its error says (one line on stderr).
    nonisolated(nonsending) static func outcome(of body: () async throws -> Void) async -> Int32 {
        let code: Int32
        do {
            try await body()
            code = 0
        } catch let exit as ExitCode {
            code = exit.rawValue
        } catch let failure as CLIFailure {
            Console.error(failure.message, prefixed: !failure.plain)
            code = failure.code
        } catch let error as WorkspaceError {
            Console.error(error.description)
            code = 1
        } catch let error as RequestError {
            Console.error(error.description)
            code = 1
        } catch {
            if Courier.exitCode(for: error) == .success {
                Console.out(Courier.fullMessage(for: error) + "\n")  // --help, --version
                code = 0
            } else {
                // One line, as every other error: the usage text is one `--help` away.
                let message = Courier.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
                Console.error(message + " (see 'courier --help')")
                // diff keeps diff(1)'s codes: 1 means "different", so a usage error is 2.
                code = CommandLine.arguments.dropFirst().first == "diff" ? 2 : 1
            }
        }
        return code
    }

    /// `courier call …` in a shape `CallQuickParser` reads, as plain values: ArgumentParser is
    /// then never touched: a fifth of a small call's CPU time.
    static func quickCall(_ arguments: [String]) -> CallInvocation? {
        guard arguments.count > 2, arguments[1] == "call" else { return nil }
        return CallQuickParser.invocation(Array(arguments.dropFirst(2)))
    }

    /// `courier check …` in a shape `CheckQuickParser` reads, as plain values: ArgumentParser is
    /// then never touched (about 2 ms of each check's start).
    static func quickCheck(_ arguments: [String]) -> CheckInvocation? {
        // `help` is the root's word (`courier check help`), as in `shortcut`.
        guard arguments.count > 1, arguments[1] == "check", !arguments.contains("help") else { return nil }
        return CheckQuickParser.invocation(Array(arguments.dropFirst(2)))
    }

    /// `courier format [FILE]` with at most one plain argument: the file (`.some(nil)` for
    /// stdin), read without ArgumentParser, whose start is most of a small file's time.
    /// Anything else (help, flags) goes through the root's parse, with its messages.
    static func quickFormat(_ arguments: [String]) -> String?? {
        guard arguments.count == 2 || arguments.count == 3, arguments[1] == "format" else { return nil }
        guard arguments.count == 3 else { return .some(nil) }
        let file = arguments[2]
        guard file == "-" || !file.hasPrefix("-"), file != "help" else { return nil }
        return .some(file)
    }

    /// The command `arguments` ask for: a subcommand by its shortcut when it applies, else the
    /// root's parse.
    static func parse(_ arguments: [String]) throws -> any ParsableCommand {
        if let command = shortcut(arguments) { return command }
        return try Courier.parseAsRoot(Array(arguments.dropFirst()))
    }

    /// `courier SUBCOMMAND …` parsed by that subcommand alone: the root's parse first walks every
    /// subcommand (help names, completion requests), reflecting each one's arguments, which was
    /// a tenth of a 500-route `check` run's instructions. Only for a subcommand without
    /// subcommands of its own; nil for help and for anything it cannot parse, which then go
    /// through the root, so every message and exit code stays the root's.
    static func shortcut(_ arguments: [String]) -> (any ParsableCommand)? {
        guard arguments.count > 1,
            let command = Courier.configuration.subcommands.first(where: { $0._commandName == arguments[1] }),
            command.configuration.subcommands.isEmpty
        else { return nil }
        let rest = Array(arguments.dropFirst(2))
        let rootsOwn = ["-h", "--help", "help", "--version"]
        guard
            !rest.contains(where: {
                rootsOwn.contains($0) || $0.hasPrefix("--generate-") || $0.hasPrefix("--experimental")
            })
        else { return nil }
        return try? command.parse(rest)
    }

    /// `courier call …` by the shortcut (nil when it does not apply).
    static func callShortcut(_ arguments: [String]) -> CallCommand? {
        guard arguments.count > 1, arguments[1] == "call" else { return nil }
        return shortcut(arguments) as? CallCommand
    }
}
