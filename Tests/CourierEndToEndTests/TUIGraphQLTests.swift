import Foundation
import Testing

/// `O` on a GraphQL route, through tmux against the sample API: the endpoint is asked for its
/// schema (kept for the next time), an operation is found by typing, goes in the form with its
/// variables, is sent, and Ctrl-S writes it into the route.
@Suite("courier TUI: a GraphQL route's operations", .serialized)
final class TUIGraphQLTests {
    let demo: DemoProcess
    let folder: URL

    init() async throws {
        (demo, folder) = try await DemoProcess.startWithFolder("courier-tui-graphql")
    }

    deinit { demo.end(removing: folder) }

    @Test(
        "the schema's operations are offered; the one picked is sent, kept for the next time, and saved into the route")
    func operations() async throws {
        let file = folder.appendingPathComponent("environments.json")
        let workspace = """
            {"environments": {"local": {"base_url": "http://127.0.0.1:\(demo.port)/dev/v1"}},
             "routes": [
               {"name": "user", "method": "POST", "path": "/graphql",
                "graphql": {"query": "query User($id: ID!) { user(id: $id) { name } }", "variables": {"id": "1"}}}]}
            """
        try Data(workspace.utf8).write(to: file)
        let command =
            "env XDG_STATE_HOME=\(folder.path)/state NO_COLOR= TERM=screen-256color "
            + "\(CourierBinary.url.path) --config \(file.path)"
        let tmux = try TmuxSession(command: command)
        defer { tmux.kill() }
        try await tmux.waitFor("POST user")
        try tmux.send("O")
        let picker = try await tmux.waitFor("Operations · user @ local")
        #expect(picker.contains("query users(city: String): [User!]!"), "\(picker)")
        #expect(picker.contains("mutation renameUser(id: ID!, name: String!): User"), "\(picker)")
        // The schema is kept under the state folder, private.
        let kept = try FileManager.default.contentsOfDirectory(atPath: "\(folder.path)/state/courier/graphql")
        #expect(kept.count == 1)

        try tmux.type("renam")
        try tmux.send("Enter")
        try await tmux.waitFor("picked mutation RenameUser($id: ID!, $name: String!)")
        try tmux.send("Down")
        try tmux.type("Grace")
        try tmux.send("Enter")
        let answered = try await tmux.waitFor("200 OK", also: { $0.contains("\"email\"") })
        #expect(answered.contains("\"name\": \"Grace\""), "\(answered)")

        // Saved into the route: the file now holds the picked query and its variables.
        try tmux.send("C-s")
        try await tmux.waitFor("Save the form as a route")
        try tmux.send("Enter")
        try await tmux.waitFor("saved 'user'")
        let saved = try String(contentsOf: file, encoding: .utf8)
        #expect(saved.contains("mutation RenameUser($id: ID!, $name: String!)"), "\(saved)")
        #expect(saved.contains("\"operation_name\": \"RenameUser\""), "\(saved)")
        try await tmux.quit()

        // The next session offers the kept schema without asking: the demo is gone.
        demo.terminate()
        let again = try TmuxSession(command: command)
        defer { again.kill() }
        try await again.waitFor("POST user")
        try again.send("O")
        let offline = try await again.waitFor("Operations · user @ local")
        #expect(offline.contains("query user(id: ID!): User"), "\(offline)")
        try await again.quit()
    }
}
