import CourierCore
import CourierSampleAPI
import CourierTestSupport
import NIOCore

@testable import CourierHTTP

/// Runs `body` with a fresh sample API on an ephemeral loopback port and a fresh client,
/// and always shuts both down, also when `body` throws.
func withServer<T>(_ body: (SampleServer, HTTPEngine) async throws -> T) async throws -> T {
    let server = try await SampleServer.start()
    let client = makeEngine()
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

/// A fresh engine whose connections may wait an hour unused. The tests count connections, and
/// the 60 s idle timeout is not theirs to meet: under ThreadSanitizer a whole suite at once
/// held a test's task back for over a minute between two of its requests, and the kept
/// connection was (rightly) closed meanwhile. The timeout itself is tested with moments given.
func makeEngine() -> HTTPEngine {
    HTTPEngine(idleTimeout: .hours(1))
}

/// Runs `body` with a fresh engine, and always shuts it down, also when `body` throws.
func withEngine<T>(_ body: (HTTPEngine) async throws -> T) async rethrows -> T {
    let engine = makeEngine()
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
