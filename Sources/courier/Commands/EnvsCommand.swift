import ArgumentParser
import CourierCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `courier envs`: one environment per line, in file order.
struct EnvsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "envs",
        abstract: "List environments: name, base URL, and whether it is protected."
    )

    @OptionGroup var workspace: WorkspaceOptions

    func run() throws {
        let loaded = try workspace.load()
        let remembered = workspace.session().environment
        let builder = RequestBuilder(workspace: loaded, processEnvironment: ProcessEnvironment.values)
        let width = loaded.environments.map(\.name.count).max() ?? 0
        var rows: [[String]] = []
        for environment in loaded.environments {
            let context = builder.context(environment: environment, input: RequestInput())
            let base = (try? Template.render(environment.baseURL, in: context)) ?? environment.baseURL
            let marker = environment.name == remembered ? "*" : " "
            rows.append([
                marker + " " + environment.name + String(repeating: " ", count: max(0, width - environment.name.count)),
                base, environment.isProtected ? "protected" : "",
            ])
        }
        Console.out(TextTable.render(rows))
    }
}
