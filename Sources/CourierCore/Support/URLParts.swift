/// The parts of an absolute `scheme://authority/path?query#fragment` URL, split once by text,
/// for the rules that look at one part: cookies (host, path), proxies (scheme, host), Digest
/// (the request target) and masking (the userinfo). One splitter, so they cannot disagree on
/// where the host ends (`@` in userinfo, `[…]` for IPv6, a `?` with no path).
public struct URLParts: Sendable, Equatable {
    /// The scheme, lower-cased.
    public var scheme: String
    /// What precedes the last `@` of the authority (`user:password`), when there is one.
    public var userinfo: String?
    /// The host, lower-cased, an IPv6 address without its brackets.
    public var host: String
    /// The port as written, when there is one.
    public var port: String?
    /// The path as written (percent escapes kept); empty when the URL has none.
    public var path: String
    /// The query without its `?`, when there is one.
    public var query: String?

    /// The parts of `url`, or nil when it has no `scheme://` or no host.
    ///
    /// Split by its UTF-8 bytes: every delimiter is ASCII, so byte positions are valid string
    /// indices, and the engine splits each request's URL (walking it by `Character` was 5 % of
    /// a check run).
    public init?(_ url: String) {
        let bytes = url.utf8
        guard let marker = url.firstRange(ofText: "://")?.lowerBound else { return nil }
        scheme = Self.lowered(url[..<marker])
        let restStart = bytes.index(marker, offsetBy: 3)
        var authorityEnd = restStart
        while authorityEnd < bytes.endIndex, !Self.endsAuthority(bytes[authorityEnd]) {
            bytes.formIndex(after: &authorityEnd)
        }
        var hostStart = restStart
        var index = restStart
        while index < authorityEnd {
            if bytes[index] == UInt8(ascii: "@") { hostStart = bytes.index(after: index) }
            bytes.formIndex(after: &index)
        }
        userinfo = hostStart == restStart ? nil : String(url[restStart..<bytes.index(before: hostStart)])
        var hostEnd = hostStart
        var afterHost: String.Index
        if hostStart < authorityEnd, bytes[hostStart] == UInt8(ascii: "[") {
            let inside = bytes.index(after: hostStart)
            hostEnd = inside
            while hostEnd < authorityEnd, bytes[hostEnd] != UInt8(ascii: "]") { bytes.formIndex(after: &hostEnd) }
            host = Self.lowered(url[inside..<hostEnd])
            // Past the `]`, when there is one.
            afterHost = hostEnd < authorityEnd ? bytes.index(after: hostEnd) : hostEnd
        } else {
            while hostEnd < authorityEnd, bytes[hostEnd] != UInt8(ascii: ":") { bytes.formIndex(after: &hostEnd) }
            host = Self.lowered(url[hostStart..<hostEnd])
            afterHost = hostEnd
        }
        guard !host.isEmpty else { return nil }
        if afterHost < authorityEnd, bytes[afterHost] == UInt8(ascii: ":") {
            port = String(url[bytes.index(after: afterHost)..<authorityEnd])
        }
        var targetEnd = authorityEnd
        var question: String.Index?
        while targetEnd < bytes.endIndex, bytes[targetEnd] != UInt8(ascii: "#") {
            if question == nil, bytes[targetEnd] == UInt8(ascii: "?") { question = targetEnd }
            bytes.formIndex(after: &targetEnd)
        }
        if let question {
            path = String(url[authorityEnd..<question])
            query = String(url[bytes.index(after: question)..<targetEnd])
        } else {
            path = String(url[authorityEnd..<targetEnd])
        }
    }

    private static func endsAuthority(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }

    /// `text` lower-cased: ASCII by its bytes, anything else as `lowercased()` does.
    private static func lowered(_ text: Substring) -> String {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return text.lowercased() }
        guard text.utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else {
            return String(text)
        }
        let bytes = text.utf8.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// What an HTTP/1.1 request line names: the path (`/` when empty) and the query.
    public var requestTarget: String {
        (path.isEmpty ? "/" : path) + (query.map { "?" + $0 } ?? "")
    }
}
