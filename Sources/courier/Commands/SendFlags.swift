import ArgumentParser
import CourierCore
import CourierHTTP
import Foundation

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

    /// The OAuth2 token cache for what this command sends (in memory for a sealed workspace).
    func tokens(for workspace: Workspace) -> OAuth2Tokens {
        OAuth2Tokens.kept(for: workspace, processEnvironment: ProcessInfo.processInfo.environment)
    }

    /// The cookie jars for what this command sends (none with `--no-cookies`).
    func cookies(for workspace: Workspace) -> CookieKeeper {
        CookieKeeper(workspace: workspace, disabled: noCookies, processEnvironment: ProcessInfo.processInfo.environment)
    }

    /// The recorder for what this command sends, or nil when history is off; `opening` says
    /// when it opens the database (`call` spools its one exchange instead).
    func recorder(for workspace: Workspace, opening: HistoryRecorder.Opening = .now) -> HistoryRecorder? {
        HistoryRecorder(
            workspace: workspace, disabled: noHistory, processEnvironment: ProcessInfo.processInfo.environment,
            opening: opening, report: { Console.error($0) })
    }

    /// Adds the flags to `input`. The language is `--lang`, else the remembered one if the
    /// workspace still lists it, else the workspace's first.
    func apply(to input: inout RequestInput, languages: [String], rememberedLanguage: String?) throws {
        for item in variables {
            let (name, value) = try RequestOptions.split(item, option: "--var")
            input.variables[name] = value
        }
        if let language {
            input.language = language
        } else if let rememberedLanguage, languages.contains(rememberedLanguage) {
            input.language = rememberedLanguage
        } else {
            input.language = languages.first
        }
        if let timeout {
            guard timeout > 0 else { throw CLIFailure("--timeout must be more than 0 seconds") }
            input.timeout = timeout
        }
        if let retries {
            guard retries >= 0 else { throw CLIFailure("--retries must be 0 or more") }
            input.retries = retries
        }
        if let retryDelay {
            guard retryDelay >= 0 else { throw CLIFailure("--retry-delay must be 0 or more seconds") }
            input.retryDelay = retryDelay
        }
        if noFollow { input.followRedirects = false }
    }
}
