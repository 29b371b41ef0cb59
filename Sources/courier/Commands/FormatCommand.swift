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

/// `courier format [FILE]`: pretty-prints JSON, changing whitespace only.
struct FormatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "format",
        abstract: "Pretty-print JSON from FILE or stdin, keeping key order and literals exactly."
    )

    @Argument(help: "A JSON file; stdin when omitted or '-'.")
    var file: String?

    func run() throws {
        try Self.format(file: file)
    }

    /// Formats `file` (stdin when nil or `-`) to stdout.
    static func format(file: String?) throws {
        let formatter = JSONFormatter(style: Console.useColor ? .terminal : nil)
        var failure: JSONSyntaxError?
        if let file, file != "-" {
            // A mapped file costs no copy, and its pages can be dropped once printed.
            guard let data = try? Data(contentsOf: URL(fileURLWithPath: file), options: .alwaysMapped) else {
                throw CLIFailure("\(file): cannot read the file")
            }
            data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
                failure = write(formatter, raw.bindMemory(to: UInt8.self), releasingInput: true)
            }
        } else {
            let bytes = FileBytes.read(descriptor: STDIN_FILENO) ?? []
            bytes.withUnsafeBufferPointer { buffer in
                failure = write(formatter, buffer, releasingInput: false)
            }
        }
        if let failure { throw CLIFailure(failure.description, plain: true) }
    }

    /// Formats to stdout; returns the syntax error instead of throwing (kept out of closures).
    private static func write(_ formatter: JSONFormatter, _ bytes: UnsafeBufferPointer<UInt8>, releasingInput: Bool)
        -> JSONSyntaxError?
    {
        do {
            try formatter.write(bytes, releasingInput: releasingInput) { Console.write($0) }
            return nil
        } catch {
            return error
        }
    }
}
