import CourierCore
import CourierHTTP

/// A document to import fetched from its URL, through the engine every request goes through:
/// TLS verified unless `--insecure`, the proxy the process environment names, redirects
/// followed (each hop's origin decided again), bounded in size and time.
enum ImportFetch {
    /// The most a fetched document may hold (GitHub's whole description is 10 MB of JSON).
    static let maxBytes = 64 << 20

    /// Whether `source` names a URL rather than a file.
    static func isURL(_ source: String) -> Bool {
        let lower = source.lowercased()
        return lower.hasPrefix("https://") || lower.hasPrefix("http://")
    }

    /// The body of a 2xx answer to a GET of `url`, or a message saying what went wrong.
    static func bytes(_ url: String, insecure: Bool) async throws -> [UInt8] {
        var options = SendOptions(timeout: 30, maxBodyInMemory: maxBytes)
        options.tls.insecure = insecure
        options.proxy = ProxyRules(environmentProxy: nil, variables: ProcessEnvironment.values)
        let request = HTTPRequest(
            method: .get, url: url,
            headers: [HeaderField("Accept", "application/json, application/yaml, text/yaml, */*;q=0.8")])
        let engine = HTTPEngine()
        let result: Result<HTTPResponse, TransportError>
        do {
            result = .success(try await engine.send(request, options: options))
        } catch {
            result = .failure(error)
        }
        await engine.shutdown()
        let response: HTTPResponse
        switch result {
        case .success(let answer): response = answer
        // The engine's messages name the URL already.
        case .failure(let error): throw CLIFailure(ErrorText.describe(error))
        }
        guard (200..<300).contains(response.status) else {
            throw CLIFailure("\(url): the server answered \(response.status) \(response.reason)")
        }
        guard response.bodyFile == nil, response.body.count <= maxBytes else {
            throw CLIFailure("\(url): the document is larger than \(maxBytes >> 20) MB")
        }
        return response.body
    }
}
