import CourierCore
import CourierHTTP
import CourierPipeline
import CourierSampleAPI
import CourierStore
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The one send pipeline against the sample API: checks run and recorded whoever sends, the
/// same history row through the database and through the spool, and the protected guard before
/// anything is sent.
@Suite("The send pipeline")
struct SendPipelineTests {
    /// A workspace on `server` in a fresh folder, and the state folder history goes to.
    static func workspace(_ server: SampleServer) throws -> (Workspace, state: [String: String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-pipeline-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let text = """
            {"environments": {
               "dev": {"base_url": "\(server.url("/dev/v1"))"},
               "prod": {"base_url": "\(server.url("/prod/v1"))", "protected": true}},
             "routes": [
               {"name": "users.show", "path": "/users/42", "checks": ["status == 200", "json id == 42"],
                "capture": {"who": "json name"}},
               {"name": "users.create", "method": "POST", "path": "/users", "body": {"name": "Ana"}}]}
            """
        var workspace = try WorkspaceLoader().load(
            bytes: Array(text.utf8), fileName: "environments.json", baseDirectory: folder)
        workspace.file = folder + "/environments.json"
        return (workspace, ["XDG_STATE_HOME": folder + "/state"])
    }

    static func prepared(_ workspace: Workspace, _ route: String, _ environment: String, confirmed: Bool = false)
        throws -> PreparedRequest
    {
        let builder = RequestBuilder(workspace: workspace, processEnvironment: [:])
        var input = RequestInput()
        input.timeout = 60
        return try SendPipeline.prepare(
            try workspace.route(named: route), in: try workspace.environment(named: environment), input: input,
            builder: builder, confirmed: confirmed)
    }

    @Test("a sent route comes back with its checks and captures run, and is recorded with them")
    func checksAndHistory() async throws {
        let server = try await SampleServer.start()
        let (workspace, state) = try Self.workspace(server)
        let pipeline = SendPipeline(workspace: workspace, processEnvironment: state, report: { _ in })
        let exchange = try await pipeline.send(try Self.prepared(workspace, "users.show", "dev"), run: "smoke")
        pipeline.finish()
        await pipeline.engine.shutdown()
        await server.stop()
        #expect(exchange.checks.map(\.check) == ["status == 200", "json id == 42", "capture who"])
        #expect(exchange.checks.allSatisfy { $0.passed })
        #expect(exchange.captured["who"] != nil)
        let store = try HistoryStore(path: HistoryStore.defaultPath(processEnvironment: state))
        let rows = try store.entries(workspace: workspace.file)
        #expect(rows.count == 1)
        #expect(rows.first?.checkTally == exchange.checkTally && rows.first?.checkTally?.total == 3)
        #expect(rows.first?.run == "smoke" && rows.first?.route == "users.show")
    }

    @Test("the spool (call's way) and the database (check's way) keep the same row")
    func spoolAndDatabase() async throws {
        let server = try await SampleServer.start()
        let (workspace, state) = try Self.workspace(server)
        for opening in [HistoryRecorder.Opening.spool, .now] {
            let pipeline = SendPipeline(
                workspace: workspace, settings: SendPipeline.Settings(opening: opening), processEnvironment: state,
                report: { _ in })
            _ = try await pipeline.send(try Self.prepared(workspace, "users.show", "dev"))
            pipeline.finish()
            await pipeline.engine.shutdown()
        }
        await server.stop()
        let store = try HistoryStore(path: HistoryStore.defaultPath(processEnvironment: state))
        let rows = try store.entries(workspace: workspace.file)
        #expect(rows.count == 2)
        let records = try rows.map { try #require(try store.record(id: $0.id)) }
        #expect(records[0].exchange.checks == records[1].exchange.checks)
        #expect(records[0].exchange.request == records[1].exchange.request)
        #expect(records[0].exchange.response.body == records[1].exchange.response.body)
        #expect(rows[0].checkTally?.total == 3 && rows[1].checkTally?.total == 3)
    }

    @Test("a mutating route to a protected environment is refused before it is built into a send; --yes lets it")
    func protected() async throws {
        let server = try await SampleServer.start()
        let (workspace, _) = try Self.workspace(server)
        await server.stop()
        #expect(throws: RequestError.needsConfirmation(method: "POST", environment: "prod")) {
            try Self.prepared(workspace, "users.create", "prod")
        }
        let confirmed = try Self.prepared(workspace, "users.create", "prod", confirmed: true)
        #expect(confirmed.options.protectedGuard.confirmed)
        #expect(try Self.prepared(workspace, "users.show", "prod").options.protectedGuard.confirmed == false)
    }

    @Test("a check run through the pipeline runs each route's checks once")
    func checkRunner() async throws {
        let server = try await SampleServer.start()
        let (workspace, state) = try Self.workspace(server)
        let pipeline = SendPipeline(
            workspace: workspace, settings: SendPipeline.Settings(noHistory: true), processEnvironment: state,
            report: { _ in })
        var input = RequestInput()
        input.timeout = 60
        let runner = CheckRunner(
            builder: RequestBuilder(workspace: workspace, processEnvironment: [:]),
            environment: try workspace.environment(named: "dev"), input: input)
        let run = await runner.run(
            [try workspace.route(named: "users.show")],
            send: { (prepared) async throws(TransportError) in try await pipeline.send(prepared) })
        await pipeline.engine.shutdown()
        await server.stop()
        #expect(run.routes.first?.checks.count == 3)
        #expect(run.totals.failed == 0 && run.totals.errors == 0)
    }

    @Test("an attempt that got no answer is recorded too (status —, why), masked, through the spool and the database")
    func failedAttempts() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-pipeline-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let secret = #"k+/=&"\y"#
        let text = """
            {"environments": {"down": {"base_url": "http://127.0.0.1:1/v1",
               "variables": {"key": \(JSONValue.string(secret).serialized)}, "secrets": ["key"]}},
             "routes": [{"name": "users.show", "path": "/users/{{key}}", "query": {"key": "{{key}}"}}]}
            """
        var workspace = try WorkspaceLoader().load(
            bytes: Array(text.utf8), fileName: "environments.json", baseDirectory: folder)
        workspace.file = folder + "/environments.json"
        let state = ["XDG_STATE_HOME": folder + "/state"]
        for opening in [HistoryRecorder.Opening.spool, .now] {
            let pipeline = SendPipeline(
                workspace: workspace, settings: SendPipeline.Settings(opening: opening), processEnvironment: state,
                report: { _ in })
            await #expect(throws: TransportError.self) {
                _ = try await pipeline.send(try Self.prepared(workspace, "users.show", "down"), run: "smoke")
            }
            pipeline.finish()
            await pipeline.engine.shutdown()
        }
        let store = try HistoryStore(path: HistoryStore.defaultPath(processEnvironment: state))
        let rows = try store.entries(workspace: workspace.file)
        #expect(rows.count == 2)
        for row in rows {
            #expect(row.status == 0 && row.run == "smoke" && row.bodySize == 0)
            let failure = try #require(row.failure)
            #expect(failure.contains("could not connect to http://127.0.0.1:1/v1/users/"), "\(failure)")
            let record = try #require(try store.record(id: row.id))
            #expect(record.failure == failure && record.exchange.response.status == 0)
            let stored = [failure, row.url, record.exchange.request.url].joined(separator: "\n")
            for form in [secret, "k%2B%2F%3D%26%22%5Cy", "k+/=&"] { #expect(!stored.contains(form), "\(form)") }
        }
        // A failed attempt's time says nothing of the route's speed: no baseline counts it.
        #expect(
            try store.times(workspace: workspace.file, environment: "down", route: "users.show", from: 0, until: 1e12)
                .isEmpty)
    }
}
