import ArgumentParser
import CourierCore
import Foundation

/// Entry point. Parses arguments itself so every error exits with code 1 (DESIGN.md §4:
/// HTTPie's `--check-status` codes), not ArgumentParser's 64.
@main
enum CourierMain {
    static func main() async {
        let code: Int32
        do {
            var command = try Courier.parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
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
        exit(code)
    }
}
