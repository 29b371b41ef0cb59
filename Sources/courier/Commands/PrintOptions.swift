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

    /// Prints `exchange`; `defaultPath` (the route's `json_path`) applies without `--json-path`.
    func print(_ exchange: Exchange, defaultPath: String? = nil) throws {
        try ResponsePrinter(include: include, raw: raw, color: Console.useColor)
            .print(exchange, jsonPath: jsonPath ?? defaultPath)
    }
}
