import ArgumentParser

/// The flags that apply to every request a command sends: `--var --lang --timeout --retries
/// --retry-delay --no-follow --no-history`. `call` takes them inside `RequestOptions`; `check` takes them
/// alone, since path parameters, query, headers and body belong to each route.
struct SendFlags: ParsableArguments {
    @Option(name: CallFlag.variable.name, help: CallFlag.variable.help)
    var variables: [String] = []

    @Option(name: CallFlag.language.name, help: CallFlag.language.help)
    var language: String?

    @Option(name: CallFlag.timeout.name, help: CallFlag.timeout.help)
    var timeout: Double?

    @Option(name: CallFlag.retries.name, help: CallFlag.retries.help)
    var retries: Int?

    @Option(name: CallFlag.retryDelay.name, help: CallFlag.retryDelay.help)
    var retryDelay: Double?

    @Flag(name: CallFlag.noFollow.name, help: CallFlag.noFollow.help)
    var noFollow = false

    @Flag(name: CallFlag.noHistory.name, help: CallFlag.noHistory.help)
    var noHistory = false

    @Flag(name: CallFlag.noCookies.name, help: CallFlag.noCookies.help)
    var noCookies = false

    /// The flags as plain values (reading them is what costs in ArgumentParser's types).
    var settings: SendSettings {
        SendSettings(
            variables: variables, language: language, timeout: timeout, retries: retries, retryDelay: retryDelay,
            noFollow: noFollow, noHistory: noHistory, noCookies: noCookies)
    }
}
