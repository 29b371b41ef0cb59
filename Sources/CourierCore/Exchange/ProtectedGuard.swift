#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Which environment a URL belongs to, so that a redirect cannot carry a write into a
/// protected environment that the user never confirmed (DESIGN.md §11: a protected
/// environment is an origin).
///
/// A URL belongs to the environment whose base URL is its longest prefix (on a path-segment
/// boundary): the demo's `/dev/v1` and `/prod/v1` on one host stay apart. A URL under no
/// base URL but on a protected environment's origin (scheme, host, port) belongs to that
/// environment: the same server, whatever the path.
public struct ProtectedGuard: Sendable, Equatable {
    /// One environment's resolved base URL.
    public struct Entry: Sendable, Equatable {
        /// The environment's name.
        public var name: String
        /// Its base URL, resolved.
        public var baseURL: String
        /// Whether it is protected.
        public var isProtected: Bool

        /// An entry.
        public init(name: String, baseURL: String, isProtected: Bool) {
            self.name = name
            self.baseURL = baseURL
            self.isProtected = isProtected
        }
    }

    /// Every environment whose base URL resolves (empty when none is protected: nothing to guard).
    public var entries: [Entry]
    /// The user confirmed mutating requests to protected environments (`--yes`, the dialog).
    public var confirmed: Bool

    /// A guard over `entries`.
    public init(entries: [Entry] = [], confirmed: Bool = false) {
        self.entries = entries
        self.confirmed = confirmed
    }

    /// The protected environment a `method` request to `url` would reach unconfirmed, or nil
    /// when it may go.
    public func refusal(method: HTTPMethod, url: String) -> String? {
        guard !confirmed, !method.isSafe, entries.contains(where: \.isProtected) else { return nil }
        return owner(of: url).flatMap { $0.isProtected ? $0.name : nil }
    }

    /// The environment `url` belongs to (see the type's summary), or nil.
    func owner(of url: String) -> Entry? {
        guard let target = Self.parts(url) else { return nil }
        var best: (entry: Entry, length: Int)?
        for entry in entries {
            guard let base = Self.parts(entry.baseURL), base.origin == target.origin else { continue }
            let prefix = base.path.hasSuffix("/") ? String(base.path.dropLast()) : base.path
            let under = target.path == prefix || target.path.hasPrefix(prefix + "/")
            if under, prefix.utf8.count >= best?.length ?? -1 { best = (entry, prefix.utf8.count) }
        }
        if let best { return best.entry }
        return entries.first { $0.isProtected && Self.parts($0.baseURL)?.origin == target.origin }
    }

    /// Scheme, host and port (`https://api.example.com:443`) and the path of `text`.
    static func parts(_ text: String) -> (origin: String, path: String)? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased()
        else { return nil }
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return ("\(scheme)://\(host):\(port)", normalized(url.path))
    }

    /// `path` as a server reads it: `.` and `..` segments applied (`/dev/../prod` is `/prod`,
    /// which a prefix test on the text would place under `/dev`) and empty segments dropped.
    static func normalized(_ path: String) -> String {
        var kept: [Substring] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch segment {
            case ".": continue
            case "..": _ = kept.popLast()
            default: kept.append(segment)
            }
        }
        return "/" + kept.joined(separator: "/")
    }
}
