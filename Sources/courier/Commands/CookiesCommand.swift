import ArgumentParser
import CourierCore
import CourierStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `courier cookies [--env NAME] [--clear]`: the workspace's cookie jars (DESIGN.md §10), one
/// cookie per line with its environment, name, domain, path, expiry and flags; values masked.
struct CookiesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cookies",
        abstract: "List (or clear) the cookies kept for this workspace's environments; values masked."
    )

    @OptionGroup var workspace: WorkspaceOptions

    @Option(name: .long, help: "Only this environment's jar.")
    var env: String?

    @Flag(name: .long, help: "Empty the jar (of --env, else of every environment).")
    var clear = false

    func run() throws {
        let loaded = try workspace.load()
        if let env { _ = try loaded.environment(named: env) }
        guard !loaded.isSealed else {
            throw CLIFailure("a sealed workspace keeps its cookies in memory only, for the screen that opened it")
        }
        let store = CookieStore(configPath: workspace.config, processEnvironment: ProcessEnvironment.values)
        if clear {
            do {
                try store.clear(environment: env)
            } catch {
                throw CLIFailure("cannot write \(store.path): \(ErrorText.describe(error))")
            }
            Console.error("cleared the cookies of \(env ?? "every environment")", prefixed: false)
            return
        }
        let jars = store.load()
        let names = loaded.environments.map(\.name).filter { env == nil || $0 == env }
        var rows = [["ENVIRONMENT", "NAME", "VALUE", "DOMAIN", "PATH", "EXPIRES", "FLAGS"]]
        for name in names {
            for cookie in jars[name]?.cookies ?? [] {
                let flags = [cookie.secure ? "secure" : nil, cookie.httpOnly ? "httponly" : nil].compactMap { $0 }
                rows.append([
                    name, cookie.name, SecretMask.mask, cookie.hostOnly ? cookie.domain : "." + cookie.domain,
                    cookie.path, cookie.expiryText, flags.joined(separator: ","),
                ])
            }
        }
        guard rows.count > 1 else {
            Console.error("no cookies kept for \(env ?? "this workspace")", prefixed: false)
            return
        }
        Console.out(TextTable.render(rows))
    }
}
