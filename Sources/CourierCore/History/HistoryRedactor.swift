#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Turns a live exchange into what history may keep: every secret value, cookie value and
/// `Authorization` value replaced, and the body cut to its first megabyte. This runs before
/// anything reaches the database, so the file never holds a secret (DESIGN.md §8).
public enum HistoryRedactor {
    /// Headers whose whole value is a credential: only the scheme word survives.
    static let credentialHeaders: Set<String> = ["authorization", "proxy-authorization"]

    /// The record for `exchange`.
    /// - Parameter responseBody: the body when it is not in `exchange.response.body` (a body
    ///   saved to a file: its first bytes); at most `bodyLimit` of them are kept (`Int.max`
    ///   keeps all, for an export of a live exchange).
    public static func record(
        _ exchange: Exchange, run: String? = nil, at time: Date = Date(), responseBody: [UInt8]? = nil,
        bodyLimit: Int = HistorySettings.bodyLimit, failure: String? = nil
    ) -> HistoryRecord {
        // Every form of every secret, built once for the whole record.
        let secrets = SecretSet.of(exchange.origin.secretValues)
        func text(_ value: String) -> String { secrets.mask(value) }
        func bytes(_ value: [UInt8]) -> [UInt8] {
            // A secret across the cut is masked whole before cutting, never left half there.
            guard value.count > bodyLimit else { return secrets.mask(value) }
            let window = value.prefix(bodyLimit + secrets.longestForm)
            return Array(secrets.mask(Array(window)).prefix(bodyLimit))
        }

        var request = exchange.request
        request.url = text(request.url)
        request.headers = request.headers.map { header($0, masking: text) }
        request.body = request.body.map(bytes)
        // The outline in `body` is what is kept; the parts would hold the secrets unmasked.
        request.multipart = nil

        var response = exchange.response
        response.finalURL = text(response.finalURL)
        response.headers = response.headers.map { header($0, masking: text) }
        response.body = bytes(responseBody ?? response.body)
        response.bodyFile = nil
        response.transcript = response.transcript?.masked(secrets)
        response.hops = response.hops.map { hop in
            var hop = hop
            hop.url = text(hop.url)
            hop.requestHeaders = hop.requestHeaders.map { header($0, masking: text) }
            hop.responseHeaders = hop.responseHeaders.map { header($0, masking: text) }
            return hop
        }

        var origin = exchange.origin
        origin.secretValues = []
        var kept = Exchange(request: request, response: response, origin: origin)
        kept.checks = exchange.checks.map { result in
            var result = result
            result.check = text(result.check)
            result.message = result.message.map(text)
            result.expected = result.expected.map(text)
            result.actual = result.actual.map(text)
            return result
        }
        kept.captured = exchange.captured.mapValues(text)
        return HistoryRecord(
            recordedAt: time, run: run, exchange: kept, failure: failure.map { TransportError.shown(text($0)) })
    }

    /// `field` with credentials removed: Authorization keeps its scheme, cookies keep their
    /// names and attributes, every other value has its secrets masked.
    static func header(_ field: HeaderField, masking text: (String) -> String) -> HeaderField {
        let name = field.name.lowercased()
        if credentialHeaders.contains(name) {
            let scheme = field.value.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
            let hasScheme = field.value.contains(" ") && !scheme.isEmpty
            return HeaderField(field.name, hasScheme ? scheme + " " + SecretMask.mask : SecretMask.mask)
        }
        if name == "cookie" {
            let pairs = field.value.split(separator: ";").map { pair in cookieName(pair) + "=" + SecretMask.mask }
            return HeaderField(field.name, pairs.joined(separator: "; "))
        }
        if name == "set-cookie" {
            var parts = field.value.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
            if let first = parts.first { parts[0] = cookieName(Substring(first)) + "=" + SecretMask.mask }
            return HeaderField(field.name, text(parts.joined(separator: ";")))
        }
        return HeaderField(field.name, text(field.value))
    }

    private static func cookieName(_ pair: Substring) -> String {
        let name = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return name.trimmingWhitespace()
    }
}
