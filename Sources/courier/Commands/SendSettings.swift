import CourierCore
import CourierHTTP
import CourierPipeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What `SendFlags` say, as plain values: a call parsed by hand (`CallQuickParser`) builds it
/// without touching ArgumentParser, whose property wrappers cost runtime type lookups.
struct SendSettings {
    var variables: [String] = []
    var language: String?
    var timeout: Double?
    var retries: Int?
    var retryDelay: Double?
    var noFollow = false
    var noHistory = false
    var noCookies = false

    /// The pipeline this command sends through: `--no-history` and `--no-cookies` applied,
    /// history's notices on stderr. `opening` says when the history database is opened (`call`
    /// spools its one exchange instead).
    func pipeline(
        for workspace: Workspace, engine: HTTPEngine = HTTPEngine(), opening: HistoryRecorder.Opening = .now
    ) -> SendPipeline {
        SendPipeline(
            workspace: workspace,
            settings: SendPipeline.Settings(noHistory: noHistory, noCookies: noCookies, opening: opening),
            processEnvironment: ProcessEnvironment.values, engine: engine, report: { Console.error($0) })
    }

    /// Adds the flags to `input`. The language is `--lang`, else the remembered one if the
    /// workspace still lists it, else the workspace's first.
    func apply(to input: inout RequestInput, languages: [String], rememberedLanguage: String?) throws {
        for item in variables {
            let (name, value) = try RequestSettings.split(item, option: "--var")
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
