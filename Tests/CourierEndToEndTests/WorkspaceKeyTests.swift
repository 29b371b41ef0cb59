import Foundation
import Testing

/// Two projects on one machine, and two writers of one workspace (issue 28, items 4 and 10):
/// history is the file's, whatever its spelling, and concurrent imports lose nothing.
@Suite("courier command line: one workspace, one history", .serialized)
final class WorkspaceKeyTests {
    let demo: DemoProcess
    let folder: URL

    init() async throws {
        (demo, folder) = try await DemoProcess.startWithFolder("courier-workspace-key")
    }

    deinit { demo.end(removing: folder) }

    /// A project folder `name` holding its own `environments.json` against the demo.
    private func project(_ name: String) throws -> URL {
        let project = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try Data(
            """
            {"environments": {"dev": {"base_url": "http://127.0.0.1:\(demo.port)/dev/v1"}},
             "routes": [{"name": "users.show", "path": "/users/42"}]}
            """.utf8
        ).write(to: project.appendingPathComponent("environments.json"))
        return project
    }

    private func courier(_ arguments: [String], in directory: URL) async throws -> RunResult {
        try await CourierBinary.run(
            arguments, environment: ["XDG_STATE_HOME": folder.path + "/state"], in: directory)
    }

    @Test("a second project lists, clears and compares none of the first's exchanges; every spelling is one file")
    func twoProjects() async throws {
        let first = try project("a")
        let second = try project("b")
        let sent = try await courier(["call", "users.show"], in: first)
        #expect(sent.code == 0, "\(sent.stderr)")

        let elsewhere = try await courier(["history"], in: second)
        #expect(!elsewhere.stdout.contains("users.show"), "\(elsewhere.stdout)")
        _ = try await courier(["history", "clear"], in: second)

        symlink(first.path, folder.path + "/a-link")
        for spelling in [
            "environments.json", "./environments.json", first.path + "/environments.json",
            folder.path + "/a-link/environments.json", "../a/environments.json",
        ] {
            let listed = try await courier(["history", "--config", spelling], in: first)
            #expect(listed.stdout.split(separator: "\n").filter { $0.contains("users.show") }.count == 1, "\(spelling)")
        }
        let previous = try await courier(["diff", "users.show", "--env", "dev", "--previous"], in: second)
        #expect(previous.code == 2 && !previous.stdout.contains("users.show"), "\(previous.stderr)")
    }

    @Test("sixteen imports at once into one file: sixteen routes")
    func concurrentImports() async throws {
        let shared = try project("shared")
        let state = ["XDG_STATE_HOME": folder.path + "/state"]
        let codes = try await withThrowingTaskGroup(of: Int32.self) { group in
            for index in 0..<16 {
                group.addTask {
                    try await CourierBinary.run(
                        ["import", "curl", "curl http://127.0.0.1:1/r\(index)", "--name", "r\(index)"],
                        environment: state, in: shared
                    ).code
                }
            }
            return try await group.reduce(into: [Int32]()) { $0.append($1) }
        }
        #expect(codes.allSatisfy { $0 == 0 })
        let routes = try await courier(["routes"], in: shared)
        #expect((0..<16).allSatisfy { index in routes.stdout.contains("r\(index) ") }, "\(routes.stdout)")
    }
}
