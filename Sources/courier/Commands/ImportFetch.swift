import CourierCore
import CourierHTTP

/// A document to import fetched from its URL, through the engine every request goes through:
/// TLS verified unless `--insecure`, the proxy the process environment names, redirects
/// followed (each hop's origin decided again), bounded in size and time.
enum ImportFetch {
    /// Whether `source` names a URL rather than a file.
    static func isURL(_ source: String) -> Bool {
        let lower = source.lowercased()
        return lower.hasPrefix("https://") || lower.hasPrefix("http://")
    }

    /// The body of a 2xx answer to a GET of `url`, or a message saying what went wrong.
    static func bytes(_ url: String, insecure: Bool) async throws -> [UInt8] {
        let engine = HTTPEngine()
        let result = await engine.document(at: url, insecure: insecure, variables: ProcessEnvironment.values)
        await engine.shutdown()
        switch result {
        case .success(let bytes): return bytes
        case .failure(let failure): throw CLIFailure(failure.message)
        }
    }
}
