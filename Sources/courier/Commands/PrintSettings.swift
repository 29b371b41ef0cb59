import CourierCore

/// What `PrintOptions` say, as plain values (see `SendSettings`), and the printing itself.
struct PrintSettings {
    var include = false
    var raw = false
    var jsonPath: String?

    /// Prints `exchange`; `defaultPath` (the route's `json_path`) applies without `--json-path`.
    func print(_ exchange: Exchange, defaultPath: String? = nil) throws {
        try ResponsePrinter(include: include, raw: raw, color: Console.useColor)
            .print(exchange, jsonPath: jsonPath ?? defaultPath)
    }
}
