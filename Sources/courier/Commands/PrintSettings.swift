import CourierCore

/// What `PrintOptions` say, as plain values (see `SendSettings`), and the printing itself.
struct PrintSettings {
    var include = false
    var raw = false
    var jsonPath: String?
    /// `-v`/`--timing`: a line per hop on stderr with its phases.
    var timing = false

    /// Prints `exchange`; `defaultPath` (the route's `json_path`) applies without `--json-path`.
    func print(_ exchange: Exchange, defaultPath: String? = nil) throws {
        try ResponsePrinter(include: include, raw: raw, color: Console.useColor)
            .print(exchange, jsonPath: jsonPath ?? defaultPath)
        if timing { printTiming(exchange) }
    }

    /// The phases of each hop, one line each, after the body (on stderr, so a pipe keeps only
    /// the body); the URL masked as everything else.
    func printTiming(_ exchange: Exchange) {
        for hop in exchange.response.hops {
            Console.error("timing  " + exchange.origin.masking(HopPhases.line(hop)), prefixed: false)
        }
    }
}
