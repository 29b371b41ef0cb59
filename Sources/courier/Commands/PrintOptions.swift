import ArgumentParser
import CourierCore

/// `-i --raw --json-path`: how a response is printed, by `call` and by `history show`.
struct PrintOptions: ParsableArguments {
    @Flag(name: [.customShort("i"), .long], help: "Print the status line and headers first.")
    var include = false

    @Flag(name: .long, help: "Print the body as received (after gzip/deflate decoding).")
    var raw = false

    @Option(
        name: .customLong("json-path"),
        help: ArgumentHelp("Print only this part of a JSON body ('' for all).", valueName: "PATH"))
    var jsonPath: String?

    /// The flags as plain values (reading them is what costs in ArgumentParser's types).
    var settings: PrintSettings { PrintSettings(include: include, raw: raw, jsonPath: jsonPath) }
}
