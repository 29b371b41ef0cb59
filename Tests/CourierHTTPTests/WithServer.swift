import CourierHTTP
import CourierSampleAPI

/// Runs `body` with a fresh sample API on an ephemeral loopback port and a fresh client,
/// and always shuts both down, also when `body` throws.
func withServer<T>(_ body: (SampleServer, HTTPEngine) async throws -> T) async throws -> T {
    let server = try await SampleServer.start()
    let client = HTTPEngine()
    do {
        let result = try await body(server, client)
        await client.shutdown()
        await server.stop()
        return result
    } catch {
        await client.shutdown()
        await server.stop()
        throw error
    }
}
