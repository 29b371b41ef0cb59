import ArgumentParser
import CourierCore

/// `courier routes`: the routes table, like `rake routes`.
struct RoutesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "routes",
        abstract: "List routes (NAME  VERB  PATH), routes first, then expanded resources."
    )

    @OptionGroup var workspace: WorkspaceOptions

    func run() throws {
        let loaded = try workspace.load()
        var rows = [["NAME", "VERB", "PATH"]]
        for route in loaded.routes { rows.append([route.name, route.method.rawValue, route.path]) }
        Console.out(TextTable.render(rows))
    }
}
