import Foundation
import Testing

/// `courier import`, run as a user runs it, and the measure of an import (issue 11): the
/// imported route, sent by Courier, puts on the wire what the source sends. For curl, the
/// fixture commands run for real with bash and curl against the sample API's echo route,
/// beside `courier call` of what they imported.
@Suite("courier import", .serialized)
final class ImportEndToEndTests {
    let demo: DemoProcess
    let folder: URL

    /// The curl fixtures, shared with the importer's unit tests.
    static let fixtures = CourierBinary.packageRoot.appendingPathComponent("Tests/CourierCoreTests/Fixtures/curl")

    init() async throws {
        (demo, folder) = try await DemoProcess.startWithFolder("courier-import")
    }

    deinit { demo.end(removing: folder) }

    private func command(_ fixture: String) throws -> String {
        let text = try String(contentsOf: Self.fixtures.appendingPathComponent(fixture + ".curl"), encoding: .utf8)
        return text.replacingOccurrences(of: "127.0.0.1:4010", with: "127.0.0.1:\(demo.port)")
    }

    /// Runs `script` with bash in the fixtures folder (where `@FILE` arguments are).
    private func bash(_ script: String) throws -> String { try Bash.run(script, in: Self.fixtures).stdout }

    @Test(
        "curl fixtures: courier sends what curl sends (method, path, query, headers, body)",
        arguments: [
            "chrome-get", "chrome-post-json", "chrome-ansi", "firefox-form", "basic-auth", "get-urlencode",
            "json-flag", "json-file", "multipart", "put-text", "repeated-headers", "pretty-json", "empty-header",
            "url-query", "here-document", "here-string", "stdin-file", "bearer-after-user", "pipeline",
        ])
    func curlFidelity(fixture: String) async throws {
        let workspace = folder.appendingPathComponent("\(fixture).json").path
        let line = try command(fixture)
        // The files a command uploads sit beside the workspace, as in a project: a file outside
        // its folder would be refused when sent (docs/DECISIONS.md, "Uploads stay…").
        for file in ["photo.png", "notes.txt", "rows.csv", "payload.json"]
        where !FileManager.default.fileExists(atPath: folder.path + "/" + file) {
            try FileManager.default.copyItem(
                at: Self.fixtures.appendingPathComponent(file), to: folder.appendingPathComponent(file))
        }
        let imported = try await CourierBinary.run(
            ["import", "curl", line, "--config", workspace, "--name", "it"], in: folder)
        #expect(imported.code == 0, "\(imported.stderr)")
        #expect(imported.stderr.contains("imported 1 route into"))
        let sent = try await CourierBinary.run(["call", "it", "--config", workspace, "--raw", "--no-history"])
        #expect(sent.code == 0, "\(sent.stderr)")
        let fromCurl = try bash(line)
        // curl's own defaults are not part of the request the command describes; Courier asks
        // for the encodings it decodes itself (see docs/DECISIONS.md).
        var dropping: Set<String> = ["accept-encoding"]
        let lower = line.lowercased()
        if !lower.contains("user-agent") { dropping.insert("user-agent") }
        if !lower.contains("accept:") && !lower.contains("--json") { dropping.insert("accept") }
        let courierSide = try EchoedRequest.normalized(sent.stdout, dropping: dropping)
        let curlSide = try EchoedRequest.normalized(fromCurl, dropping: dropping)
        #expect(courierSide != nil && courierSide == curlSide, "courier: \(sent.stdout)\ncurl: \(fromCurl)")

        // The round trip: the route exported as curl again is an equivalent command.
        let exported = try await CourierBinary.run(
            ["call", "it", "--config", workspace, "--curl", "--show-secrets", "--no-history"])
        let again = try EchoedRequest.normalized(try bash(exported.stdout), dropping: dropping)
        #expect(again == curlSide, "\(exported.stdout)")
    }

    @Test("curl --digest: the imported route answers the challenge, and both get the same answer")
    func digest() async throws {
        let workspace = folder.appendingPathComponent("digest.json").path
        let line = try command("digest-sample")
        let imported = try await CourierBinary.run(["import", "curl", line, "--config", workspace, "--name", "it"])
        #expect(imported.code == 0, "\(imported.stderr)")
        #expect(try String(contentsOfFile: workspace, encoding: .utf8).contains("\"type\": \"digest\""))
        let sent = try await CourierBinary.run(["call", "it", "--config", workspace, "--raw", "--no-history"])
        #expect(sent.code == 0 && sent.stdout.contains("\"authenticated\""), "\(sent.stdout)\(sent.stderr)")
        #expect(try bash(line) == sent.stdout)
    }

    @Test("into an empty folder: the file is created and `courier routes` lists the route; --dry-run masks secrets")
    func emptyFolder() async throws {
        let workspace = folder.appendingPathComponent("fresh/environments.json")
        try FileManager.default.createDirectory(
            at: workspace.deletingLastPathComponent(), withIntermediateDirectories: true)
        let line = try command("chrome-get")
        let dry = try await CourierBinary.run(["import", "curl", line, "--config", workspace.path, "--dry-run"])
        #expect(dry.code == 0 && dry.stdout.contains("\"token\": \"••••••\"") && !dry.stdout.contains("eyJhbGci"))
        #expect(!FileManager.default.fileExists(atPath: workspace.path))
        let imported = try await CourierBinary.run(
            ["import", "curl", "-", "--config", workspace.path], stdin: Array(line.utf8))
        #expect(imported.code == 0 && imported.stdout.isEmpty && !imported.stderr.contains("eyJhbGci"))
        let routes = try await CourierBinary.run(["routes", "--config", workspace.path])
        #expect(routes.stdout.contains("get.dev.v1.echo.users") && routes.stdout.contains("/dev/v1/echo/users"))
        let again = try await CourierBinary.run(["import", "curl", line, "--config", workspace.path])
        #expect(again.code == 1 && again.stderr.contains("a route named 'get.dev.v1.echo.users' exists; --replace"))
        let replaced = try await CourierBinary.run(["import", "curl", line, "--config", workspace.path, "--replace"])
        #expect(replaced.code == 0)
    }

    @Test(
        "bad input: one line, exit 1, the workspace untouched",
        arguments: [
            ("wget http://x", "not a curl command: it starts with 'wget'"),
            ("curl ftp://example.com/x", "only http and https URLs can be imported, not ftp"),
            ("curl 'http://x", "curl: line 1, column 6: the single quote opened here is never closed"),
            ("curl -X", "curl: -X needs a value"),
        ])
    func badInput(line: String, message: String) async throws {
        let workspace = folder.appendingPathComponent("bad.json")
        let original = Array("{\"environments\": {\"a\": {\"base_url\": \"http://a\"}}}\n".utf8)
        try Data(original).write(to: workspace)
        let result = try await CourierBinary.run(["import", "curl", line, "--config", workspace.path])
        #expect(result.code == 1 && result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try [UInt8](Data(contentsOf: workspace)) == original)
    }

    @Test("a collection imports what can come across: the rest is skipped by name; --strict writes nothing")
    func skips() async throws {
        let collection = Self.fixtures.deletingLastPathComponent().appendingPathComponent(
            "postman/skips/collection.json")
        let workspace = folder.appendingPathComponent("skips/environments.json")
        try FileManager.default.createDirectory(
            at: workspace.deletingLastPathComponent(), withIntermediateDirectories: true)
        let strict = try await CourierBinary.run(
            ["import", "postman", collection.path, "--config", workspace.path, "--strict"])
        #expect(
            strict.code == 1 && strict.stderr.contains("1 of 4 requests could not be imported; --strict writes nothing")
        )
        #expect(!FileManager.default.fileExists(atPath: workspace.path))
        let result = try await CourierBinary.run(["import", "postman", collection.path, "--config", workspace.path])
        #expect(result.code == 0, "\(result.stderr)")
        #expect(result.stderr.contains("warning: skipped over-ftp: 'ftp://files.example.com/report.csv'"))
        #expect(result.stderr.contains("imported 3 of 4 requests into \(workspace.path) (1 skipped: over-ftp)"))
        let routes = try await CourierBinary.run(["routes", "--config", workspace.path])
        #expect(
            routes.stdout.contains("get-no-scheme-as-postman-s-own-examples-write-it")
                && !routes.stdout.contains("over-ftp"))
    }

    @Test("a URL with no scheme comes in as http://, as curl sends it, and says so")
    func noScheme() async throws {
        let workspace = folder.appendingPathComponent("noscheme/environments.json")
        try FileManager.default.createDirectory(
            at: workspace.deletingLastPathComponent(), withIntermediateDirectories: true)
        let result = try await CourierBinary.run(
            ["import", "curl", "curl 127.0.0.1:\(demo.port)/dev/v1/echo", "--config", workspace.path, "--name", "echo"])
        #expect(result.code == 0 && result.stderr.contains("names no scheme: imported as http://"), "\(result.stderr)")
        let sent = try await CourierBinary.run(["call", "echo", "--config", workspace.path, "--no-history"])
        #expect(sent.code == 0, "\(sent.stderr)")
    }

    @Test("a workspace that does not load is named, and left as it is")
    func brokenWorkspace() async throws {
        let workspace = folder.appendingPathComponent("broken.json")
        try Data("{\"environments\": {".utf8).write(to: workspace)
        let result = try await CourierBinary.run(["import", "curl", "curl http://x/y", "--config", workspace.path])
        #expect(result.code == 1 && result.stderr.contains("broken.json: line 1"))
        #expect(result.stderr.contains("must load before anything is imported"))
        #expect(try String(contentsOf: workspace, encoding: .utf8) == "{\"environments\": {")
    }

    /// A copy of a fixture folder (`http/jetbrains`) with the sample API's port in place of 4010.
    private func copyFixture(_ name: String) throws -> URL {
        let source = Self.fixtures.deletingLastPathComponent().appendingPathComponent(name)
        let copy = folder.appendingPathComponent(name.replacingOccurrences(of: "/", with: "-"))
        try FileManager.default.copyItem(at: source, to: copy)
        for file in try FileManager.default.contentsOfDirectory(atPath: copy.path) {
            let url = copy.appendingPathComponent(file)
            let text = try String(contentsOf: url, encoding: .utf8)
            let moved = text.replacingOccurrences(of: "127.0.0.1:4010", with: "127.0.0.1:\(demo.port)")
                .replacingOccurrences(of: "@port = 4010", with: "@port = \(demo.port)")
            try Data(moved.utf8).write(to: url)
        }
        return copy
    }

    /// What the echo route received for `route`, as a dictionary.
    private func echo(_ route: String, _ workspace: URL, _ extra: [String] = [], environment: [String: String] = [:])
        async throws -> [String: Any]
    {
        let sent = try await CourierBinary.run(
            ["call", route, "--config", workspace.path, "--raw", "--no-history"] + extra, environment: environment)
        #expect(sent.code == 0, "\(route): \(sent.stderr)")
        return (try JSONSerialization.jsonObject(with: Data(sent.stdout.utf8)) as? [String: Any]) ?? [:]
    }

    @Test(".http with env files: imported into an empty folder, sent as the file says once its variables resolve")
    func httpFile() async throws {
        let copy = try copyFixture("http/jetbrains")
        let workspace = copy.appendingPathComponent("environments.json")
        let imported = try await CourierBinary.run(
            ["import", "http", copy.appendingPathComponent("requests.http").path, "--config", workspace.path])
        #expect(
            imported.code == 0 && imported.stderr.contains("imported 4 routes") && !imported.stderr.contains("secret"))
        let routes = try await CourierBinary.run(["routes", "--config", workspace.path])
        #expect(routes.stdout.contains("get-all-users") && routes.stdout.contains("report-as-csv"))

        let users = try await echo("get-all-users", workspace, ["--env", "dev"])
        #expect(users["path"] as? String == "/dev/v1/echo/users")
        #expect(users["query"] as? [String: String] == ["page": "1", "per_page": "20"])
        let headers = users["headers"] as? [String: String]
        #expect(headers?["authorization"] == "Bearer dev-secret" && headers?["accept"] == "application/json")
        let created = try await echo("create-a-user", workspace, ["--env", "dev"])
        #expect(created["method"] as? String == "POST")
        #expect(created["body"] as? NSDictionary == ["name": "Ana", "email": "ana@example.com", "roles": ["qa"]])
        let login = try await echo("login-with-a-form", workspace, ["--env", "dev"])
        // The form goes out encoded, so the password's space and `&` stay its own.
        #expect(login["body"] as? String == "username=ana&password=pw+dev%261")
    }

    @Test(".rest with file variables, a body from a file and a relative URL with Host")
    func restFile() async throws {
        let copy = try copyFixture("http/vscode")
        let workspace = copy.appendingPathComponent("environments.json")
        let imported = try await CourierBinary.run(
            ["import", "http", copy.appendingPathComponent("requests.rest").path, "--config", workspace.path])
        #expect(imported.code == 0, "\(imported.stderr)")
        let comments = try await echo("get.dev.v1.echo.comments", workspace, environment: ["COMMENTS_KEY": "ck-1"])
        #expect(comments["query"] as? [String: String] == ["page": "2", "pageSize": "10"])
        #expect((comments["headers"] as? [String: String])?["x-api-key"] == "ck-1")
        let upload = try await echo("upload", workspace)
        #expect(upload["method"] as? String == "PUT" && upload["body"] as? String == "a tiny avatar\n")
        #expect((upload["headers"] as? [String: String])?["content-type"] == "text/plain")
        let health = try await echo("a-relative-url-with-a-host-header", workspace)
        #expect(health["path"] as? String == "/dev/v1/echo/health")
    }

    @Test("a Postman collection with two environments: folders, auth, every body kind, sent as Postman would")
    func postman() async throws {
        let copy = try copyFixture("postman/shop-v21")
        let workspace = copy.appendingPathComponent("environments.json")
        let imported = try await CourierBinary.run([
            "import", "postman", copy.appendingPathComponent("collection.json").path, "--config", workspace.path,
            "--environment", copy.appendingPathComponent("Dev.postman_environment.json").path,
            "--environment", copy.appendingPathComponent("Staging.postman_environment.json").path,
        ])
        #expect(imported.code == 0 && imported.stderr.contains("imported 8 routes"), "\(imported.stderr)")
        #expect(imported.stderr.contains("new environments: Dev, Staging") && !imported.stderr.contains("dev-token"))
        let envs = try await CourierBinary.run(["envs", "--config", workspace.path])
        #expect(envs.stdout.contains("https://staging.shop.example/api"))
        let routes = try await CourierBinary.run(["routes", "--config", workspace.path])
        #expect(routes.stdout.contains("users.list-users") && routes.stdout.contains("/users/:id"))

        let list = try await echo("users.list-users", workspace, ["--env", "Dev"])
        #expect(list["query"] as? [String: String] == ["page": "2", "city": "Madrid"])
        #expect((list["headers"] as? [String: String])?["authorization"] == "Bearer dev-token")
        #expect(
            try await echo("users.show-user", workspace, ["--env", "Dev"])["path"] as? String == "/dev/v1/echo/users/42"
        )
        let created = try await echo("users.create-user", workspace, ["--env", "Dev"])
        #expect(created["body"] as? NSDictionary == ["name": "Ana", "city": "Madrid"])
        #expect(
            try await echo("login", workspace, ["--env", "Dev"])["body"] as? String == "username=ana&password=pw-dev")
        let upload = try await echo("upload-avatar", workspace, ["--env", "Dev"])
        let body = upload["body"] as? String ?? ""
        #expect(body.contains("name=\"caption\"\r\n\r\nme at the beach\r\n"))
        #expect(body.contains("filename=\"avatar.png\"\r\nContent-Type: image/png\r\n\r\navatar bytes\n\r\n"))
        let search = try await echo("search-graphql", workspace, ["--env", "Dev"])
        #expect(
            search["body"] as? NSDictionary == [
                "query": "query ($q: String!) { search(q: $q) { id } }", "variables": ["q": "shoes"],
            ])
        let reports = try await echo("reports", workspace, ["--env", "Dev"])
        #expect((reports["headers"] as? [String: String])?["x-report-key"] == "rk-live-9")
        let admin = try await echo("admin", workspace, ["--env", "Dev"])
        #expect(admin["method"] as? String == "DELETE")
        #expect(
            (admin["headers"] as? [String: String])?["authorization"] == "Basic "
                + Data("admin:adm-dev".utf8).base64EncodedString())
    }

    @Test(
        "postman bad input: not a collection, a UTF-16 environment: one line, exit 1, nothing written",
        arguments: [
            ("not-postman", "not a Postman collection v1, v2.0 or v2.1"), ("utf16-environment", "the file is UTF-16"),
        ])
    func postmanBadInput(fixture: String, message: String) async throws {
        let source = Self.fixtures.deletingLastPathComponent().appendingPathComponent("postman/\(fixture)")
        let workspace = folder.appendingPathComponent("postman-\(fixture).json")
        var arguments = [
            "import", "postman", source.appendingPathComponent("collection.json").path, "--config", workspace.path,
        ]
        if fixture == "utf16-environment" {
            arguments += ["--environment", source.appendingPathComponent("Dev.postman_environment.json").path]
        }
        let result = try await CourierBinary.run(arguments)
        #expect(result.code == 1 && result.stderr.contains(message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: workspace.path))
    }

    @Test("an OpenAPI document split over files: read from its folder; a link that leads out is refused")
    func splitOpenAPI() async throws {
        let split = CourierBinary.packageRoot.appendingPathComponent("Tests/CourierOpenAPITests/Fixtures/split")
        let copy = folder.appendingPathComponent("split")
        try FileManager.default.copyItem(at: split, to: copy)
        let workspace = folder.appendingPathComponent("split.json").path
        let imported = try await CourierBinary.run([
            "import", "openapi", copy.path + "/openapi.yaml", "--config", workspace,
        ])
        #expect(imported.code == 0, "\(imported.stderr)")
        let routes = try await CourierBinary.run(["routes", "--config", workspace])
        #expect(routes.stdout.contains("createUser") && routes.stdout.contains("renameUser"), "\(routes.stdout)")
        // A file inside the folder that is a link to one outside it is not read.
        let secret = folder.appendingPathComponent("outside.yaml")
        try Data("Secret: {type: string, example: s3cr3t}\n".utf8).write(to: secret)
        try FileManager.default.createSymbolicLink(
            atPath: copy.path + "/components/linked.yaml", withDestinationPath: secret.path)
        let document = copy.appendingPathComponent("linked.yaml")
        try Data(
            """
            openapi: 3.0.3
            info: {title: T, version: "1"}
            paths:
              /a:
                post:
                  requestBody:
                    content: {application/json: {schema: {$ref: "components/linked.yaml#/Secret"}}}
                  responses: {"200": {description: ok}}
            """.utf8
        ).write(to: document)
        let refused = try await CourierBinary.run(
            ["import", "openapi", document.path, "--config", folder.appendingPathComponent("linked.json").path])
        #expect(
            refused.code == 1 && refused.stderr.contains("components/linked.yaml leads out of the document's folder"))
        #expect(!refused.stderr.contains("s3cr3t"))
    }

    @Test("an OpenAPI document: servers, parameters' examples, a body from the schema, security read from the shell")
    func openAPI() async throws {
        let document = folder.appendingPathComponent("shop.yaml")
        try Data(
            """
            openapi: 3.0.3
            info: {title: Shop, version: "1"}
            servers:
              - url: http://127.0.0.1:{port}/dev/v1/echo
                description: Local
                variables: {port: {default: "\(demo.port)"}}
            security: [{key: []}]
            paths:
              /orders/{id}:
                parameters:
                  - {name: id, in: path, required: true, schema: {type: string}, example: "A-7"}
                put:
                  operationId: updateOrder
                  parameters:
                    - {name: dry_run, in: query, schema: {type: boolean, default: true}}
                    - {name: X-Trace, in: header, required: true, schema: {type: string, example: t-1}}
                  requestBody:
                    content:
                      application/json:
                        schema: {$ref: '#/components/schemas/Order'}
                  responses: {'200': {description: ok}}
            components:
              securitySchemes:
                key: {type: apiKey, in: header, name: X-Shop-Key}
              schemas:
                Order:
                  type: object
                  required: [sku, quantity, at]
                  properties:
                    sku: {type: string, example: BOOK-1}
                    quantity: {type: integer}
                    at: {type: string, format: date-time}
                    note: {type: string}
            """.utf8
        ).write(to: document)
        let workspace = folder.appendingPathComponent("openapi.json")
        let imported = try await CourierBinary.run(["import", "openapi", document.path, "--config", workspace.path])
        #expect(imported.code == 0 && imported.stderr.contains("imported 1 route"), "\(imported.stderr)")
        #expect(imported.stderr.contains("x_shop_key (${X_SHOP_KEY})"))
        let routes = try await CourierBinary.run(["routes", "--config", workspace.path])
        #expect(routes.stdout.contains("updateOrder") && routes.stdout.contains("/orders/{id}"))
        let sent = try await echo("updateOrder", workspace, environment: ["X_SHOP_KEY": "sk-9"])
        #expect(sent["method"] as? String == "PUT" && sent["path"] as? String == "/dev/v1/echo/orders/A-7")
        #expect(sent["query"] as? [String: String] == ["dry_run": "true"])
        let headers = sent["headers"] as? [String: String]
        #expect(headers?["x-trace"] == "t-1" && headers?["x-shop-key"] == "sk-9")
        #expect(sent["body"] as? NSDictionary == ["sku": "BOOK-1", "quantity": 0, "at": "2024-01-01T00:00:00Z"])

        let unset = try await CourierBinary.run(["call", "updateOrder", "--config", workspace.path, "--no-history"])
        #expect(unset.code == 1 && unset.stderr.contains("X_SHOP_KEY"), "\(unset.stderr)")
    }
}
