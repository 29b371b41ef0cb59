import ArgumentParser
import CourierCore

/// `-i --raw --json-path -v`: how a response is printed, by `call` and by `history show`.
struct PrintOptions: ParsableArguments {
    @Flag(name: CallFlag.include.name, help: CallFlag.include.help)
    var include = false

    @Flag(name: CallFlag.raw.name, help: CallFlag.raw.help)
    var raw = false

    @Flag(name: CallFlag.timing.name, help: CallFlag.timing.help)
    var timing = false

    @Option(name: CallFlag.jsonPath.name, help: CallFlag.jsonPath.help)
    var jsonPath: String?

    /// The flags as plain values (reading them is what costs in ArgumentParser's types).
    var settings: PrintSettings { PrintSettings(include: include, raw: raw, jsonPath: jsonPath, timing: timing) }
}
