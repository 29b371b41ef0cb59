import Foundation
import Testing

/// GraphQL routes on the command line against the sample API's `/graphql`: a query with
/// variables, a GET from a `.graphql` file beside the workspace, `--variables`, the server's
/// errors failing the implicit check, and what cannot be sent refused in one line.
@Suite("GraphQL routes on the command line", .serialized)
final class GraphQLCommandTests {
    let demo: DemoProcess
    let folder: URL
    var workspace: String { folder.appendingPathComponent("environments.json").path }

    init() async throws {
        (demo, folder) = try await DemoProcess.startWithFolder("courier-graphql")
        let queries = folder.appendingPathComponent("queries")
        try FileManager.default.createDirectory(at: queries, withIntermediateDirectories: true)
        try "# Users of a city\nquery Users($city: String) {\n  users(city: $city) { name city }\n}\n".write(
            to: queries.appendingPathComponent("users.graphql"), atomically: true, encoding: .utf8)
        try """
        {"environments": {"dev": {"base_url": "http://127.0.0.1:${COURIER_DEMO_PORT}/dev/v1", "variables": {"id": "1"}}},
         "routes": [
           {"name": "user", "method": "POST", "path": "/graphql",
            "graphql": {"query": "query User($id: ID!) { user(id: $id) { name posts { title } } }",
                        "variables": {"id": "{{id}}"}}},
           {"name": "users", "method": "GET", "path": "/graphql",
            "graphql": {"file": "queries/users.graphql", "variables": {"city": "London"}}},
           {"name": "rename.get", "method": "GET", "path": "/graphql",
            "graphql": {"query": "mutation { renameUser(id: 1, name: \\"x\\") { name } }"}},
           {"name": "typo", "method": "POST", "path": "/graphql", "graphql": {"query": "{ users { nme } }"}},
           {"name": "not.graphql", "method": "POST", "path": "/echo", "graphql": {"query": "{ users { name } }"}}
         ]}
        """.write(toFile: workspace, atomically: true, encoding: .utf8)
    }

    deinit { demo.end(removing: folder) }

    private func courier(_ arguments: [String]) async throws -> RunResult {
        var environment = demo.environment
        environment["XDG_STATE_HOME"] = folder.appendingPathComponent("state").path
        return try await CourierBinary.run(arguments + ["--config", workspace], environment: environment)
    }

    @Test("a query with variables, and a GET from a .graphql file, answer as the server's data")
    func queries() async throws {
        let user = try await courier(["call", "user", "--env", "dev", "--json-path", "data.user.name"])
        #expect(user.code == 0 && user.stdout.contains("Ada"), "\(user.stdout)\(user.stderr)")
        let users = try await courier(["call", "users", "--env", "dev", "--raw"])
        #expect(users.code == 0, "\(users.stderr)")
        #expect(users.stdout == #"{"data":{"users":[{"name":"Ada","city":"London"}]}}"#)
        // The GET carries the query in its URL, as the curl command it copies to shows.
        let log = try await courier(["call", "users", "--env", "dev", "--curl"])
        #expect(log.stdout.contains("query=%23%20Users%20of%20a%20city"), "\(log.stdout)")
        let passed = try await courier(["check", "user", "users", "--env", "dev"])
        #expect(passed.code == 0, "\(passed.stdout)\(passed.stderr)")
    }

    @Test(
        "the server's errors in a 200 answer fail the check with their message and path; --variables replaces the route's"
    )
    func errors() async throws {
        let missing = try await courier(["check", "user", "--env", "dev", "--var", "id=99"])
        // `check` exits 4 when a check failed.
        #expect(missing.code == 4)
        #expect(missing.stdout.contains("GraphQL error: no user with id 99 (at user)"), "\(missing.stdout)")
        let replaced = try await courier(["call", "user", "--env", "dev", "--variables", #"{"id": "2"}"#])
        #expect(replaced.code == 0 && replaced.stdout.contains("Núria"), "\(replaced.stdout)\(replaced.stderr)")
        let typo = try await courier(["check", "typo", "--env", "dev"])
        #expect(typo.code == 4)
        #expect(
            typo.stdout.contains(
                #"GraphQL error: Cannot query field "nme" on type "User". (at users.0.nme) (and 2 more)"#),
            "\(typo.stdout)")
        let echo = try await courier(["check", "not.graphql", "--env", "dev"])
        #expect(echo.code == 4)
        #expect(
            echo.stdout.contains("not a GraphQL response: it has neither \"data\" nor \"errors\""), "\(echo.stdout)")
    }

    @Test("what cannot be sent is one line and nothing reaches the server")
    func refused() async throws {
        let get = try await courier(["call", "rename.get", "--env", "dev"])
        #expect(get.code == 1)
        #expect(get.stderr.contains("a mutation is not sent with GET"), "\(get.stderr)")
        let bad = try await courier(["call", "user", "--env", "dev", "--variables", "[1]"])
        #expect(bad.code == 1 && bad.stderr.contains("GraphQL variables are a JSON object, not an array"))
        try "{ users(".write(
            to: folder.appendingPathComponent("queries/users.graphql"), atomically: true, encoding: .utf8)
        let broken = try await courier(["call", "users", "--env", "dev"])
        #expect(broken.code == 1)
        #expect(
            broken.stderr.contains("the GraphQL query does not parse: line 1, column 9: expected a name"),
            "\(broken.stderr)")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("queries/users.graphql"))
        let gone = try await courier(["call", "users", "--env", "dev"])
        #expect(gone.code == 1 && gone.stderr.contains("the GraphQL query queries/users.graphql: "), "\(gone.stderr)")
    }

    @Test(
        "graphql schema lists the endpoint's operations and keeps the answer private; a non-GraphQL endpoint is exit 2")
    func schema() async throws {
        let listed = try await courier(["graphql", "schema", "user", "--env", "dev"])
        #expect(listed.code == 0, "\(listed.stderr)")
        #expect(
            listed.stdout == """
                query users(city: String): [User!]!
                query user(id: ID!): User
                query posts: [Post!]!
                mutation renameUser(id: ID!, name: String!): User

                """)
        #expect(listed.stderr.contains("4 operations from http://127.0.0.1:"))
        let cache = folder.appendingPathComponent("state/courier/graphql")
        let files = try FileManager.default.contentsOfDirectory(atPath: cache.path)
        #expect(files.count == 1 && files[0].hasSuffix(".json"))
        let attributes = try FileManager.default.attributesOfItem(atPath: cache.appendingPathComponent(files[0]).path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let folderAttributes = try FileManager.default.attributesOfItem(atPath: cache.path)
        #expect((folderAttributes[.posixPermissions] as? Int) == 0o700)
        let json = try await courier(["graphql", "schema", "user", "--env", "dev", "--json"])
        #expect(json.code == 0 && json.stdout.hasPrefix(#"{"data":{"__schema":"#), "\(json.stdout.prefix(80))")

        let echo = try await courier(["graphql", "schema", "not.graphql", "--env", "dev"])
        #expect(echo.code == 2)
        #expect(echo.stderr.contains("the answer is not a GraphQL introspection result (no data.__schema)"))
    }
}
