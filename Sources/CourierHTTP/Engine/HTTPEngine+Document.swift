import CourierCore

/// A document fetched by its URL: what `courier import URL` and a contract's OpenAPI document
/// read, through the engine every request goes through (TLS verified unless `insecure`, the
/// process's proxy, redirects followed, bounded in size and time).
extension HTTPEngine {
    /// The most a fetched document may hold (GitHub's whole description is 10 MB of JSON).
    public static let documentLimit = 64 << 20

    /// Why a document could not be fetched, as one line that names the URL.
    public struct DocumentFailure: Error, Sendable {
        /// The line.
        public var message: String
    }

    /// The body of a 2xx answer to a GET of `url`, or why there is none.
    public func document(at url: String, insecure: Bool = false, variables: [String: String]) async -> Result<
        [UInt8], DocumentFailure
    > {
        var options = SendOptions(timeout: 30, maxBodyInMemory: Self.documentLimit)
        options.tls.insecure = insecure
        options.proxy = ProxyRules(environmentProxy: nil, variables: variables)
        let request = HTTPRequest(
            method: .get, url: url,
            headers: [HeaderField("Accept", "application/json, application/yaml, text/yaml, */*;q=0.8")])
        let response: HTTPResponse
        do {
            response = try await send(request, options: options)
        } catch {
            // The engine's messages name the URL already.
            return .failure(DocumentFailure(message: error.description))
        }
        guard (200..<300).contains(response.status) else {
            return .failure(
                DocumentFailure(message: "\(url): the server answered \(response.status) \(response.reason)"))
        }
        guard response.bodyFile == nil, response.body.count <= Self.documentLimit else {
            return .failure(
                DocumentFailure(message: "\(url): the document is larger than \(Self.documentLimit >> 20) MB"))
        }
        return .success(response.body)
    }
}
