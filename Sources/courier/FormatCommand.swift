import ArgumentParser
import CourierCore
import Foundation

/// `courier format [FILE]`: pretty-prints JSON, changing whitespace only.
struct FormatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "format",
        abstract: "Pretty-print JSON from FILE or stdin, keeping key order and literals exactly."
    )

    @Argument(help: "A JSON file; stdin when omitted or '-'.")
    var file: String?

    func run() throws {
        let bytes: [UInt8]
        if let file, file != "-" {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw CLIFailure("\(file): cannot read the file")
            }
            bytes = [UInt8](data)
        } else {
            bytes = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
        }
        do {
            let formatter = JSONFormatter(style: Console.useColor ? .terminal : nil)
            Console.write(try formatter.format(bytes))
        } catch {
            throw CLIFailure(error.description, plain: true)
        }
    }
}
