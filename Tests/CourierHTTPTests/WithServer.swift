import CourierCore
import CourierHTTP
import CourierSampleAPI
import CourierTestSupport

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

/// Runs `body` with a fresh engine, and always shuts it down, also when `body` throws.
func withEngine<T>(_ body: (HTTPEngine) async throws -> T) async rethrows -> T {
    let engine = HTTPEngine()
    do {
        let result = try await body(engine)
        await engine.shutdown()
        return result
    } catch {
        await engine.shutdown()
        throw error
    }
}

/// A request to a loopback server, with the loopback timeout.
func loopbackRequest(
    _ url: String, _ method: HTTPMethod = .get, headers: [HeaderField] = [], body: [UInt8]? = nil
) -> PreparedRequest {
    PreparedRequest(
        request: HTTPRequest(method: method, url: url, headers: headers, body: body),
        options: SendOptions(timeout: Patience.loopback))
}
