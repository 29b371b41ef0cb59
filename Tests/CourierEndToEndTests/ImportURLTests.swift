import CourierCore
import CourierTestSupport
import Foundation
import Testing

/// `courier import URL` and `courier import --refresh`, against a loopback server whose
/// document changes between the two: the URL is recorded, the refresh lists what was added,
/// changed and removed, `--dry-run` writes nothing, and a server that fails is one line.
@Suite("courier import from a URL")
struct ImportURLTests {
    static func document(_ operations: [(path: String, id: String)]) -> String {
        let paths = operations.map { "  \($0.path):\n    get: {operationId: \($0.id)}" }.joined(separator: "\n")
        return "openapi: 3.0.3\ninfo: {title: Shop, version: '1'}\nservers:\n  - url: https://shop.test/v1\npaths:\n"
            + paths + "\n"
    }

    @Test("imported, recorded, refreshed: + added, ~ changed, - removed; --dry-run writes nothing")
    func refresh() async throws {
        let served = Locked(Self.document([("/orders", "listOrders"), ("/items", "listItems")]))
        let server = try HostileServer { request in
            request.target == "/missing"
                ? .text("gone", status: 404) : .text(served.withLock { $0 }, type: "application/yaml")
        }
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-url-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = server.url + "/openapi.yaml"

        let imported = try await CourierBinary.run(["import", url], in: folder)
        #expect(imported.code == 0, "\(imported.stderr)")
        #expect(imported.stderr.contains("\(url): read as an OpenAPI or Swagger document"), "\(imported.stderr)")
        let file = folder.appendingPathComponent("environments.json")
        #expect(try String(contentsOf: file, encoding: .utf8).contains(#""url": "\#(url)""#))

        served.withLock { $0 = Self.document([("/orders/all", "listOrders"), ("/users", "listUsers")]) }
        let before = try Data(contentsOf: file)
        let dry = try await CourierBinary.run(["import", "--refresh", "--dry-run"], in: folder)
        #expect(dry.code == 0, "\(dry.stderr)")
        #expect(dry.stdout == "+ listUsers\n~ listOrders\n- listItems\n", "\(dry.stdout)")
        #expect(dry.stderr.contains("1 added, 1 changed, 1 removed, 0 unchanged"), "\(dry.stderr)")
        #expect(try Data(contentsOf: file) == before)

        let refreshed = try await CourierBinary.run(["import", "--refresh"], in: folder)
        #expect(refreshed.code == 0 && refreshed.stdout == dry.stdout, "\(refreshed.stderr)")
        let routes = try await CourierBinary.run(["routes"], in: folder)
        #expect(routes.stdout.contains("listUsers") && !routes.stdout.contains("listItems"), "\(routes.stdout)")
        #expect(routes.stdout.contains("/orders/all"))
        let again = try await CourierBinary.run(["import", "--refresh"], in: folder)
        #expect(again.stdout.isEmpty && again.stderr.contains("0 added, 0 changed, 0 removed, 2 unchanged"))

        let missing = try await CourierBinary.run(["import", server.url + "/missing"], in: folder)
        #expect(
            missing.code == 1
                && missing.stderr == "courier: \(server.url)/missing: the server answered 404 Not Found\n",
            "\(missing.stderr)")
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("courier-url-empty-\(UUID())")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let nothing = try await CourierBinary.run(["import", "--refresh"], in: empty)
        #expect(nothing.code == 1 && nothing.stderr.contains("records no import to refresh"), "\(nothing.stderr)")
        let refused = try await CourierBinary.run(["import", "https://127.0.0.1:1/x.yaml"], in: folder)
        #expect(
            refused.code == 1 && refused.stderr.contains("https://127.0.0.1:1/x.yaml"), "\(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1)
    }
}
