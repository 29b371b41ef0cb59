import CourierHTTP
import CourierTestSupport
import Foundation
import Testing

@testable import CourierCore

/// A workspace cannot upload a file from outside its folder unless it says so (issue 28,
/// item 9): `../../etc/passwd`, an absolute path, a link that leads out; a file the user typed
/// (`-F name=@FILE`) may be anywhere.
@Suite("Uploads stay in the workspace's folder")
struct UploadConfinementTests {
    /// A workspace folder with `inside.txt`, a link `leak.txt` to a file beside the folder, and
    /// that file, `outside.txt`.
    private func folders() throws -> (workspace: String, outside: String) {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("courier-confine-\(UUID())").path
        let workspace = base + "/project"
        try FileManager.default.createDirectory(atPath: workspace, withIntermediateDirectories: true)
        try Data("inside".utf8).write(to: URL(fileURLWithPath: workspace + "/inside.txt"))
        try Data("private".utf8).write(to: URL(fileURLWithPath: base + "/outside.txt"))
        symlink(base + "/outside.txt", workspace + "/leak.txt")
        return (workspace, base + "/outside.txt")
    }

    private func send(
        _ route: Route, workspace folder: String, input: RequestInput = RequestInput(), to server: HostileServer
    ) async -> Result<Int, TransportError> {
        var workspace = Workspace(
            environments: [Environment(name: "dev", baseURL: server.url)], routes: [route], baseDirectory: folder)
        workspace.file = folder + "/environments.json"
        let engine = makeEngine()
        defer { Task { await engine.shutdown() } }
        // A streamed body is read by a task on the shared pool; under the thread sanitizer the
        // other suites' CPU-bound tests can hold that pool for most of a minute, which a 30 s
        // timeout would take for a hang. The test is about what is sent, not how fast.
        var input = input
        input.timeout = 300
        do {
            let prepared = try RequestBuilder(workspace: workspace, processEnvironment: [:])
                .build(route: route, environment: workspace.environments[0], input: input)
            return .success(try await engine.exchange(prepared).response.status)
        } catch let error as TransportError {
            return .failure(error)
        } catch {
            return .failure(.other("\(error)"))
        }
    }

    private func upload(_ file: String, allowOutside: Bool = false) -> Route {
        var route = Route(name: "up", method: .post, path: "/upload")
        var part = MultipartField(name: "doc", content: .file(file))
        part.allowOutside = allowOutside
        route.multipart = [part]
        return route
    }

    @Test("a part's file outside the folder is refused before anything is sent; allow_outside sends it")
    func multipart() async throws {
        let (workspace, outside) = try folders()
        let server = try HostileServer { _ in .text("ok") }
        defer { server.stop() }
        for file in ["../outside.txt", outside, "leak.txt", "./../outside.txt"] {
            let result = await send(upload(file), workspace: workspace, to: server)
            guard case .failure(.upload(_, let reason)) = result else {
                Issue.record("\(file): expected a refusal, got \(result)")
                continue
            }
            #expect(reason.hasPrefix("it is outside the workspace's folder"), "\(file)")
        }
        #expect(server.received.isEmpty)
        #expect(try await send(upload("inside.txt"), workspace: workspace, to: server).get() == 200)
        #expect(try await send(upload(outside, allowOutside: true), workspace: workspace, to: server).get() == 200)
        let sent = String(decoding: server.received.last?.body ?? [], as: UTF8.self)
        #expect(sent.contains("private"))
    }

    @Test("a file the user typed may be anywhere; the route's own part keeps its rule")
    func typed() async throws {
        let (workspace, outside) = try folders()
        let server = try HostileServer { _ in .text("ok") }
        defer { server.stop() }
        var typed = RequestInput()
        typed.multipart = [MultipartField(name: "doc", content: .file(outside))]
        #expect(try await send(upload("inside.txt"), workspace: workspace, input: typed, to: server).get() == 200)
        var same = RequestInput()
        same.multipart = [MultipartField(name: "doc", content: .file("leak.txt"))]
        let refused = await send(upload("leak.txt"), workspace: workspace, input: same, to: server)
        #expect((try? refused.get()) == nil)
    }

    @Test("a body_file is sent byte for byte from inside the folder, and confined the same way")
    func bodyFile() async throws {
        let (workspace, outside) = try folders()
        let server = try HostileServer { _ in .text("ok") }
        defer { server.stop() }
        var route = Route(name: "raw", method: .put, path: "/raw")
        route.bodyFile = "inside.txt"
        #expect(try await send(route, workspace: workspace, to: server).get() == 200)
        #expect(server.received.last?.body == Array("inside".utf8))
        #expect(server.received.last?.header("Content-Type") == "text/plain")
        route.bodyFile = outside
        #expect((try? await send(route, workspace: workspace, to: server).get()) == nil)
        route.bodyFileAllowOutside = true
        #expect(try await send(route, workspace: workspace, to: server).get() == 200)
    }
}
