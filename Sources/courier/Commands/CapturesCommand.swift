import ArgumentParser
import CourierCore
import CourierStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `courier captures [--env NAME] [--clear]`: the values routes captured and that later
/// commands use (`call auth.login`, then `call account`), one per line with its environment,
/// name, the route that captured it and when it expires; values masked.
struct CapturesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "captures",
        abstract: "List (or clear) the values routes captured for later commands; values masked."
    )

    @OptionGroup var workspace: WorkspaceOptions

    @Option(name: .long, help: "Only this environment's values.")
    var env: String?

    @Flag(name: .long, help: "Forget the values (of --env, else of every environment).")
    var clear = false

    func run() throws {
        let loaded = try workspace.load()
        if let env { _ = try loaded.environment(named: env) }
        guard !loaded.isSealed else {
            throw CLIFailure(
                "a sealed workspace keeps its captured values in memory only, for the screen that opened it")
        }
        let store = CaptureStore(configPath: workspace.config, processEnvironment: ProcessEnvironment.values)
        if clear {
            do {
                try store.clear(environment: env)
            } catch {
                throw CLIFailure("cannot write \(store.path): \(ErrorText.describe(error))")
            }
            Console.error("forgot the captured values of \(env ?? "every environment")", prefixed: false)
            return
        }
        let now = Date().timeIntervalSince1970
        let kept = store.load(now: now)
        var rows = [["ENVIRONMENT", "NAME", "VALUE", "CAPTURED BY", "EXPIRES IN"]]
        for environment in loaded.environments.map(\.name) where env == nil || environment == env {
            for (name, value) in (kept[environment] ?? [:]).sorted(by: { $0.key < $1.key }) {
                rows.append([environment, name, SecretMask.mask, value.route, Self.duration(value.expires - now)])
            }
        }
        guard rows.count > 1 else {
            Console.error("nothing captured for \(env ?? "this workspace")", prefixed: false)
            return
        }
        Console.out(TextTable.render(rows))
    }

    /// `3 h 12 min`, `45 min`, `30 s`.
    static func duration(_ seconds: Double) -> String {
        let whole = max(0, Int(seconds))
        if whole >= 3600 { return "\(whole / 3600) h \(whole % 3600 / 60) min" }
        if whole >= 60 { return "\(whole / 60) min" }
        return "\(whole) s"
    }
}
