import CourierCore

/// URI references as JSON Schema resolves `$id` and `$ref` (RFC 3986 §5.2): no network, only
/// the strings, so `other.json#/a` against `http://x.test/s/root.json` is
/// `http://x.test/s/other.json#/a`.
enum SchemaURI {
    /// The parts of a URI reference.
    struct Parts: Equatable {
        var scheme: String?
        var authority: String?
        var path: String
        var query: String?
        var fragment: String?

        var text: String {
            var out = ""
            if let scheme { out += scheme + ":" }
            if let authority { out += "//" + authority }
            out += path
            if let query { out += "?" + query }
            if let fragment { out += "#" + fragment }
            return out
        }
    }

    /// Splits a reference into its five parts (RFC 3986 appendix B).
    static func parts(_ text: String) -> Parts {
        var rest = Substring(text)
        var fragment: String?
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        var query: String?
        if let mark = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: mark)...])
            rest = rest[..<mark]
        }
        var scheme: String?
        if let colon = rest.firstIndex(of: ":"), let first = rest.first, first.isLetter,
            rest[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." })
        {
            scheme = String(rest[..<colon])
            rest = rest[rest.index(after: colon)...]
        }
        var authority: String?
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex(of: "/") ?? rest.endIndex
            authority = String(rest[..<end])
            rest = rest[end...]
        }
        return Parts(scheme: scheme, authority: authority, path: String(rest), query: query, fragment: fragment)
    }

    /// `reference` resolved against `base`.
    static func resolve(_ reference: String, against base: String) -> String {
        let r = parts(reference)
        let b = parts(base)
        var t = Parts(scheme: nil, authority: nil, path: "", query: nil, fragment: r.fragment)
        if r.scheme != nil {
            t.scheme = r.scheme
            t.authority = r.authority
            t.path = removeDots(r.path)
            t.query = r.query
        } else if r.authority != nil {
            t.scheme = b.scheme
            t.authority = r.authority
            t.path = removeDots(r.path)
            t.query = r.query
        } else {
            t.scheme = b.scheme
            t.authority = b.authority
            if r.path.isEmpty {
                t.path = b.path
                t.query = r.query ?? b.query
            } else {
                if r.path.hasPrefix("/") {
                    t.path = removeDots(r.path)
                } else if b.authority != nil && b.path.isEmpty {
                    t.path = removeDots("/" + r.path)
                } else {
                    let directory = b.path.lastIndex(of: "/").map { String(b.path[...$0]) } ?? ""
                    t.path = removeDots(directory + r.path)
                }
                t.query = r.query
            }
        }
        return t.text
    }

    /// RFC 3986 §5.2.4.
    static func removeDots(_ path: String) -> String {
        guard path.contains(".") else { return path }
        var output: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        for (index, segment) in segments.enumerated() {
            let last = index == segments.count - 1
            switch segment {
            case ".":
                if last { output.append("") }
            case "..":
                if output.count > 1 || (output.count == 1 && !output[0].isEmpty) { output.removeLast() }
                if last { output.append("") }
            default:
                output.append(segment)
            }
        }
        let joined = output.joined(separator: "/")
        return path.hasPrefix("/") && !joined.hasPrefix("/") ? "/" + joined : joined
    }

    /// `uri` without its fragment, and the fragment (percent-decoded; empty when none).
    static func split(_ uri: String) -> (resource: String, fragment: String) {
        guard let hash = uri.firstIndex(of: "#") else { return (uri, "") }
        let fragment = String(uri[uri.index(after: hash)...])
        return (String(uri[..<hash]), PercentEncoding.decoded(fragment) ?? fragment)
    }

    /// The tokens of a JSON pointer (`/a~1b/0` → `a/b`, `0`); nil when it is not one.
    static func pointerTokens(_ pointer: String) -> [String]? {
        guard !pointer.isEmpty else { return [] }
        guard pointer.hasPrefix("/") else { return nil }
        return pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            // Most tokens have no escape: the generic search `replacing` runs costs a contract check its time.
            $0.utf8.contains(UInt8(ascii: "~"))
                ? String($0).replacing("~1", with: "/").replacing("~0", with: "~") : String($0)
        }
    }

    /// A token written into a pointer. One pass over the bytes: every JSON body of a contract
    /// check writes `application/json` into its place, and the generic `replacing` was 1.9 % of
    /// such a check run.
    static func escape(_ token: String) -> String {
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(token.utf8.count + 4)
        for byte in token.utf8 {
            switch byte {
            case UInt8(ascii: "~"):
                bytes.append(UInt8(ascii: "~"))
                bytes.append(UInt8(ascii: "0"))
            case UInt8(ascii: "/"):
                bytes.append(UInt8(ascii: "~"))
                bytes.append(UInt8(ascii: "1"))
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
