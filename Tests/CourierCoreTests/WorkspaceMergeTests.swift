import Foundation
import Testing

@testable import CourierCore
@testable import CourierImport

/// Merging an import into a workspace file (DESIGN.md §9): what the file holds stays as
/// written and in order, environments match by base URL, names clash loudly.
@Suite("Import: merging into a workspace")
struct WorkspaceMergeTests {
    static let existing = #"""
        {
          "_comment": "kept as written",
          "environments": {
            "dev": {"base_url": "http://api.test/{{version}}", "variables": {"version": "v1", "token": "old"}},
            "prod": {"base_url": "https://prod.test"}
          },
          "routes": [
            {"name": "users.show", "path": "/users/:id"},
            {"name": "b", "path": "/b", "checks": ["status == 200"]}
          ],
          "resources": [{"name": "posts", "path": "/posts", "actions": ["index"]}]
        }
        """#

    /// A plan of one environment `origin` holding `variables` (all secret) and `routes`.
    private func plan(origin: String, name: String = "api.test", variables: [String: String] = [:], routes: [Route])
        -> ImportPlan
    {
        var plan = ImportPlan()
        plan.environments = [
            Environment(name: name, baseURL: origin, variables: variables, secrets: Set(variables.keys))
        ]
        for route in routes { plan.add(route, environment: name) }
        return plan
    }

    private func merge(_ plan: ImportPlan, replace: Bool = false, into text: String? = Self.existing) throws
        -> WorkspaceMerge.Outcome
    {
        try WorkspaceMerge(fileName: "environments.json", baseDirectory: "/ws", replace: replace)
            .merge(plan, into: text.map { Array($0.utf8) })
    }

    private func load(_ bytes: [UInt8]) throws -> Workspace {
        try WorkspaceLoader().load(bytes: bytes, fileName: "environments.json", baseDirectory: "/ws")
    }

    @Test("a route under a matched environment's base path loses that path; variables it lacks are added")
    func matchedEnvironment() throws {
        let imported = plan(
            origin: "http://api.test", variables: ["token": "new", "key": "k"],
            routes: [Route(name: "get.v1.items", method: .get, path: "/v1/items")])
        let outcome = try merge(imported)
        let workspace = try load(outcome.bytes)
        #expect(workspace.environments.map(\.name) == ["dev", "prod"])
        #expect(workspace.environments[0].variables == ["version": "v1", "token": "old", "key": "k"])
        #expect(workspace.environments[0].secrets == ["token", "key"])
        #expect(workspace.routes.map(\.name) == ["users.show", "b", "get.v1.items", "posts.index"])
        #expect(workspace.routes[2].path == "/items")
        #expect(outcome.warnings == ["dev already has a value for 'token'; it was kept"])
        let text = String(decoding: outcome.bytes, as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"_comment\": \"kept as written\",\n  \"environments\""))
        #expect(text.contains(#"    {"name": "b", "path": "/b", "checks": ["status == 200"]},"#))
        #expect(text.contains(#""variables": {"version": "v1", "token": "old", "key": "k"}"#))
    }

    @Test("a pasted credential is the request's own: kept under a free name when the environment holds another")
    func liftedCredential() throws {
        let importer = CurlImporter(currentDirectory: "/ws")
        let pasted = try importer.plan("curl -H 'Authorization: Bearer abc123' 'http://api.test/v1/users?api_key=k1'")
        #expect(pasted.lifted.values.flatMap { $0 }.sorted() == ["api_key", "token"])
        let outcome = try merge(pasted)
        let workspace = try load(outcome.bytes)
        let dev = workspace.environments[0]
        #expect(
            dev.variables["token"] == "old" && dev.variables["token_2"] == "abc123" && dev.variables["api_key"] == "k1")
        #expect(dev.secrets.isSuperset(of: ["token_2", "api_key"]) && !dev.secrets.contains("token"))
        let route = try #require(workspace.routes.first { $0.name == outcome.routes.first })
        #expect(route.headers == [HeaderField("Authorization", "Bearer {{token_2}}")])
        #expect(route.query == [QueryItem("api_key", "{{api_key}}")])
        #expect(
            outcome.credentials.map { "\($0.variable) of \($0.environment)" } == ["api_key of dev", "token_2 of dev"])
        #expect(outcome.environments[route.name] == "dev" && outcome.warnings.isEmpty)
        // Pasted again: the same value is found under its name, not stored a third time.
        var again = try importer.plan("curl -H 'Authorization: Bearer abc123' 'http://api.test/v1/users?api_key=k1'")
        again.routes[0].route.name = "again"
        let twice = try merge(again, into: String(decoding: outcome.bytes, as: UTF8.self))
        let reloaded = try load(twice.bytes)
        #expect(reloaded.environments[0].variables.keys.sorted() == ["api_key", "token", "token_2", "version"])
        #expect(
            reloaded.routes.first { $0.name == "again" }?.headers == [
                HeaderField("Authorization", "Bearer {{token_2}}")
            ])
        // A new host: a new environment holding it, named in the outcome.
        let other = try merge(try importer.plan("curl -H 'Authorization: Bearer xyz' https://new.test/a"))
        #expect(other.addedEnvironments == ["new.test"])
        #expect(other.credentials.map { "\($0.variable) of \($0.environment)" } == ["token of new.test"])
        #expect(other.environments[other.routes[0]] == "new.test")
        #expect(try load(other.bytes).environments.last?.variables["token"] == "xyz")
    }

    @Test("a new origin becomes an environment; a name taken by another base URL gets a suffix")
    func newEnvironment() throws {
        let imported = plan(
            origin: "https://other.test", name: "prod", routes: [Route(name: "x", method: .get, path: "/x")])
        let outcome = try merge(imported)
        #expect(outcome.addedEnvironments == ["prod.2"])
        #expect(try load(outcome.bytes).environments.map(\.baseURL).last == "https://other.test")
    }

    @Test("a clash is refused unless --replace, which swaps the route where it stands; a resource's route cannot be")
    func clashes() throws {
        let clash = plan(origin: "https://prod.test", routes: [Route(name: "users.show", method: .delete, path: "/u")])
        #expect(throws: ImportError("environments.json: a route named 'users.show' exists; --replace overwrites it")) {
            try merge(clash)
        }
        let replaced = try load(try merge(clash, replace: true).bytes)
        #expect(replaced.routes.map(\.name) == ["users.show", "b", "posts.index"])
        #expect(replaced.routes[0].method == .delete)
        let resource = plan(origin: "https://prod.test", routes: [Route(name: "posts.index", method: .get, path: "/p")])
        #expect(throws: ImportError("environments.json: 'posts.index' is a route of a resource and cannot be replaced"))
        {
            try merge(resource, replace: true)
        }
    }

    @Test("a file that does not load is named; no file makes a new one; secrets are masked in the preview")
    func newAndBroken() throws {
        #expect(throws: ImportError.self) { try merge(plan(origin: "http://a", routes: []), into: "{\"routes\": 1}") }
        let fresh = try merge(
            plan(
                origin: "http://a", name: "a", variables: ["token": "t0k"],
                routes: [Route(name: "r", method: .get, path: "/")]),
            into: nil)
        #expect(try load(fresh.bytes).environments.first?.variables == ["token": "t0k"])
        let preview = String(decoding: fresh.masked, as: UTF8.self)
        #expect(preview.contains("\"token\": \"••••••\"") && !preview.contains("t0k"))
    }

    @Test("importing into the demo workspace changes only the lines of what it adds")
    func demoKeptAsWritten() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../environments.json")
        let before = try Array(Data(contentsOf: file))
        let imported = plan(
            origin: "https://qa.example.com", name: "qa", variables: ["token": "t"],
            routes: [Route(name: "orders.list", method: .get, path: "/orders")])
        var staging = plan(
            origin: "https://staging.example.com/api", name: "staging", variables: ["api_key": "k"],
            routes: [Route(name: "orders.show", method: .get, path: "/orders/1")])
        staging.environments += imported.environments
        staging.routes += imported.routes
        let after = try merge(staging, into: String(decoding: before, as: UTF8.self)).bytes
        let old = String(decoding: before, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let new = String(decoding: after, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let (removed, added) = Self.lineDiff(old, new)
        // The staging environment's variables and secrets lines gain a member each; the lines
        // closing the last environment and the last route gain a comma; nothing else changes.
        let changed: Set<Substring> = [
            #"      "variables": { "token": "${STAGING_TOKEN}", "city": "Madrid", "user_id": "1", "password": "${STAGING_PASSWORD}" },"#,
            #"      "secrets": ["token", "password", "session"],"#,
            "    }",
            #"      "description": "Needs the session captured by auth.login" }"#,
        ]
        // (Which of the equal `    }` lines gains the comma is the diff's choice.)
        #expect(removed.count >= 3 && removed.allSatisfy(changed.contains), "\(removed)")
        #expect(added.count - removed.count == 19, "\(added.joined(separator: "\n"))")
        #expect(
            added.contains(
                #"      "variables": { "token": "${STAGING_TOKEN}", "city": "Madrid", "user_id": "1", "password": "${STAGING_PASSWORD}", "api_key": "k" },"#
            ))
        let workspace = try load(after)
        #expect(workspace.environments.map(\.name) == ["development", "production", "candidate", "staging", "qa"])
        #expect(workspace.environments[3].variables["api_key"] == "k")
        #expect(workspace.environments[3].secrets == ["token", "password", "session", "api_key"])
    }

    @Test(
        "an import from a URL is recorded; refreshing it replaces its own routes, lists changes, removes what it lost")
    func refreshedSource() throws {
        func source(_ routes: [Route]) -> ImportPlan { plan(origin: "https://prod.test", routes: routes) }
        var merge = WorkspaceMerge(fileName: "environments.json", baseDirectory: "/ws", replace: false)
        merge.source = ImportSource(url: "https://docs.test/openapi.json", format: "openapi")
        let first = try merge.merge(
            source([Route(name: "a.list", method: .get, path: "/a"), Route(name: "a.gone", method: .get, path: "/g")]),
            into: Array(Self.existing.utf8))
        #expect(first.added == ["a.list", "a.gone"])
        let recorded = try load(first.bytes)
        #expect(
            recorded.imports == [
                ImportSource(url: "https://docs.test/openapi.json", format: "openapi", routes: ["a.list", "a.gone"])
            ])
        // The same names again need no --replace: they are the source's own.
        let second = try merge.merge(
            source([Route(name: "a.list", method: .get, path: "/a"), Route(name: "a.new", method: .post, path: "/n")]),
            into: first.bytes)
        #expect(second.added == ["a.new"], "\(second.added)")
        #expect(second.unchanged == ["a.list"], "\(second.unchanged) \(second.changed)")
        #expect(second.removed == ["a.gone"], "\(second.removed)")
        let third = try merge.merge(source([Route(name: "a.list", method: .get, path: "/a2")]), into: second.bytes)
        #expect(third.changed == ["a.list"] && third.removed == ["a.new"])
        let workspace = try load(third.bytes)
        #expect(workspace.routes.map(\.name) == ["users.show", "b", "a.list", "posts.index"])
        #expect(workspace.imports.first?.routes == ["a.list"])
        // Another route of that name, not the source's, still needs --replace.
        #expect(throws: ImportError("environments.json: a route named 'b' exists; --replace overwrites it")) {
            try merge.merge(source([Route(name: "b", method: .get, path: "/b")]), into: third.bytes)
        }
        #expect(throws: WorkspaceError.self) {
            try load(
                Array(#"{"environments": {}, "imports": [{"url": "file:///etc/passwd", "format": "openapi"}]}"#.utf8))
        }
        #expect(throws: WorkspaceError.self) {
            try load(Array(#"{"environments": {}, "imports": [{"url": "https://a", "format": "soap"}]}"#.utf8))
        }
    }

    @Test("a seed (T21Environment) file is rewritten in the native format, its configurations kept")
    func seed() throws {
        let seed = #"{"languages": ["en"], "configurations": {"Debug": {"base_url": "http://debug.test", "key": "1"}}}"#
        let outcome = try merge(
            plan(origin: "http://debug.test", routes: [Route(name: "r", method: .get, path: "/r")]), into: seed)
        let workspace = try load(outcome.bytes)
        #expect(workspace.environments.map(\.name) == ["Debug"])
        #expect(workspace.routes.map(\.name) == ["r"])
        #expect(workspace.languages == ["en"])
    }

    @Test("repeated headers go out repeated, in order, after the layers below them")
    func repeatedHeaders() {
        let merged = [HeaderField("X-Tag", "base"), HeaderField("Accept", "*/*")]
            .merging([
                HeaderField("x-tag", "a"), HeaderField("X-Tag", "b"), HeaderField("New", "1"), HeaderField("New", "2"),
            ])
        #expect(
            merged == [
                HeaderField("x-tag", "a"), HeaderField("X-Tag", "b"), HeaderField("Accept", "*/*"),
                HeaderField("New", "1"),
                HeaderField("New", "2"),
            ])
        #expect([HeaderField("A", "1"), HeaderField("A", "2")].merging([HeaderField("a", "")]) == [])
    }

    @Test("a header kept empty is sent empty: null in the file, Name; on the command line, Name; in curl")
    func emptyHeaders() throws {
        #expect([HeaderField("A", "1")].merging([.empty("a")]) == [.empty("a")])
        #expect([HeaderField("A", "1")].merging([.empty("B")]) == [HeaderField("A", "1"), .empty("B")])
        #expect(try HeaderField.parse("X-Empty;") == .empty("X-Empty"))
        #expect(try HeaderField.parse("X-Gone:") == HeaderField("X-Gone", ""))
        #expect(throws: RequestError.self) { try HeaderField.parse("bad name;") }
        let file =
            #"{"environments": {"e": {"base_url": "http://a"}}, "routes": [{"name": "r", "path": "/", "headers": {"X-Empty": null, "X-Tag": ["a", "b"], "X-Gone": ""}}]}"#
        let route = try #require(try load(Array(file.utf8)).routes.first)
        #expect(
            route.headers == [
                .empty("X-Empty"), HeaderField("X-Tag", "a"), HeaderField("X-Tag", "b"), HeaderField("X-Gone", ""),
            ])
        #expect(
            WorkspaceWriter().headers(route.headers)
                == .object([
                    JSONMember("X-Empty", .null), JSONMember("X-Tag", .array([.string("a"), .string("b")])),
                    JSONMember("X-Gone", .string("")),
                ]))
    }

    @Test("a name taken gets the first free numeric suffix; two requests of one source with a name are told apart")
    func freeNames() {
        let taken: Set = ["a", "a.2", "b"]
        #expect(["a", "b", "c"].map { ImportPlan.freeName($0, taken: taken.contains) } == ["a.3", "b.2", "c"])
        var plan = ImportPlan()
        plan.add(Route(name: "users.show", method: .get, path: "/u/1"), environment: nil)
        plan.add(Route(name: "users.show", method: .get, path: "/u/2"), environment: nil)
        #expect(plan.routes.map(\.route.name) == ["users.show", "users.show.2"])
        #expect(plan.warnings == ["two requests are named 'users.show'; the second is 'users.show.2'"])
    }

    @Test(
        "an import that would write past 16 MB is refused, naming the route; a tree standing for 8 TB is measured at once"
    )
    func importBudget() throws {
        var doubled = JSONValue.string(String(repeating: "x", count: 14))
        for _ in 0..<40 { doubled = .array([doubled, doubled]) }
        #expect(doubled.serializedSize(upTo: 1000) > 1000)
        #expect(
            JSONValue.array([.string("ab"), .number("12"), .null]).serializedSize(upTo: 100) == "[\"ab\",12,null]".count
        )

        var plan = ImportPlan()
        var route = Route(name: "bomb", method: .post, path: "/x")
        route.body = .object([JSONMember("example", doubled)])
        plan.add(route, environment: nil)
        var merge = WorkspaceMerge(fileName: "environments.json", baseDirectory: "/p", replace: false)
        #expect(merge.budget == 16 << 20)
        merge.budget = 64 << 10  // quick under the thread sanitizer; the rule is the same
        #expect(
            throws: ImportError(
                "environments.json: route 'bomb' takes the import past 64.0 KB, the most a workspace file may hold; nothing was written"
            )
        ) { try merge.merge(plan, into: nil) }
    }

    /// The lines only `old` has and the lines only `new` has (a longest common subsequence).
    static func lineDiff(_ old: [Substring], _ new: [Substring]) -> (removed: [Substring], added: [Substring]) {
        var length = [[Int]](repeating: [Int](repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in old.indices.reversed() {
            for j in new.indices.reversed() {
                length[i][j] = old[i] == new[j] ? length[i + 1][j + 1] + 1 : max(length[i + 1][j], length[i][j + 1])
            }
        }
        var (i, j) = (0, 0)
        var removed: [Substring] = []
        var added: [Substring] = []
        while i < old.count || j < new.count {
            if i < old.count && j < new.count && old[i] == new[j] {
                (i, j) = (i + 1, j + 1)
            } else if j < new.count && (i == old.count || length[i][j + 1] >= length[i + 1][j]) {
                added.append(new[j])
                j += 1
            } else {
                removed.append(old[i])
                i += 1
            }
        }
        return (removed, added)
    }
}
