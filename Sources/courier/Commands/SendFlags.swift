import ArgumentParser

/// The flags that apply to every request a command sends: `--var --lang --timeout --retries
/// --retry-delay --no-follow --no-history`. `call` takes them inside `RequestOptions`; `check` takes them
/// alone, since path parameters, query, headers and body belong to each route.
struct SendFlags: ParsableArguments {
    @Option(name: .customLong("var"), help: ArgumentHelp("Template variable.", valueName: "NAME=VALUE"))
    var variables: [String] = []

    @Option(name: .customLong("lang"), help: ArgumentHelp("Accept-Language to send.", valueName: "CODE"))
    var language: String?

    @Option(name: .long, help: ArgumentHelp("Seconds before giving up.", valueName: "S"))
    var timeout: Double?

    @Option(
        name: .long,
        help: ArgumentHelp("Extra attempts for idempotent requests after transient failures.", valueName: "N"))
    var retries: Int?

    @Option(name: .customLong("retry-delay"), help: ArgumentHelp("Seconds between attempts.", valueName: "S"))
    var retryDelay: Double?

    @Flag(name: .customLong("no-follow"), help: "Do not follow redirects.")
    var noFollow = false

    @Flag(name: .customLong("no-history"), help: "Record nothing in the history database.")
    var noHistory = false

    @Flag(name: .customLong("no-cookies"), help: "Send no cookie and keep none.")
    var noCookies = false

    /// The flags as plain values (reading them is what costs in ArgumentParser's types).
    var settings: SendSettings {
        SendSettings(
            variables: variables, language: language, timeout: timeout, retries: retries, retryDelay: retryDelay,
            noFollow: noFollow, noHistory: noHistory, noCookies: noCookies)
    }
}
