import AsyncHTTPClient
import CourierCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A cookie jar in use by requests: every hop takes its `Cookie` header from it and gives it
/// the response's `Set-Cookie`s, parsed by AsyncHTTPClient's RFC 6265 parser. Shared across
/// concurrent requests (a run, the screen), hence the lock. What was refused is kept as
/// one-line warnings (a bad domain), which the caller shows.
public final class CookieSession: Sendable {
    private let state: Locked<(jar: CookieJar, warnings: [String], received: [ReceivedCookie])>

    /// A session over `jar`.
    public init(_ jar: CookieJar = CookieJar()) {
        state = Locked((jar, [], []))
    }

    /// The jar as it is now.
    public var jar: CookieJar { state.withLock { $0.jar } }

    /// Takes `jar` (read again from disk) in place of the one held, with what was received but
    /// not yet saved taken into it again.
    public func replace(_ jar: CookieJar) {
        state.withLock { state in
            var fresh = jar
            for cookie in state.received {
                fresh.receive(
                    cookie.setCookie, from: cookie.url, now: cookie.time, isPublicSuffix: PublicSuffixList.contains)
            }
            state.jar = fresh
        }
    }

    /// The `Set-Cookie`s stored since the last call, in order: replayed onto the jar on disk
    /// (under its lock), they merge this session's changes with another process's.
    public func takeReceived() -> [ReceivedCookie] {
        state.withLock { state in
            defer { state.received = [] }
            return state.received
        }
    }

    /// The refusals since the last call, one line each.
    public func takeWarnings() -> [String] {
        state.withLock { state in
            defer { state.warnings = [] }
            return state.warnings
        }
    }

    /// The `Cookie` value for `url` now.
    func header(for url: String) -> String? {
        let now = Date().timeIntervalSince1970
        return state.withLock { $0.jar.header(for: url, now: now) }
    }

    /// Stores the `Set-Cookie` headers of a response from `url`.
    func receive(_ headers: [HeaderField], from url: String) {
        let values = headers.values(for: "Set-Cookie")
        guard !values.isEmpty else { return }
        let now = Date().timeIntervalSince1970
        let parsed = values.compactMap(Self.parse)
        state.withLock { state in
            for setCookie in parsed {
                if let rejection = state.jar.receive(
                    setCookie, from: url, now: now, isPublicSuffix: PublicSuffixList.contains)
                {
                    state.warnings.append(rejection.description)
                } else {
                    state.received.append(ReceivedCookie(setCookie: setCookie, url: url, time: now))
                }
            }
        }
    }

    /// A domain no host can have: what AsyncHTTPClient's parser puts in `domain` when the
    /// header has no `Domain` attribute, so a host-only cookie can be told apart.
    private static let noDomain = "\u{1}no-domain"

    /// One `Set-Cookie` through AsyncHTTPClient's parser, plus the two facts it folds away:
    /// whether `Domain` and `Path` were given at all (host-only, and the default path).
    static func parse(_ header: String) -> SetCookie? {
        guard let cookie = HTTPClient.Cookie(header: header, defaultDomain: noDomain) else { return nil }
        let hasPath = header.split(separator: ";").dropFirst().contains { attribute in
            let parts = attribute.split(separator: "=", maxSplits: 1)
            return parts.count == 2 && parts[0].trimmingWhitespace().lowercased() == "path"
                && parts[1].trimmingWhitespace().hasPrefix("/")
        }
        return SetCookie(
            name: cookie.name, value: cookie.value, domain: cookie.domain == noDomain ? nil : cookie.domain,
            path: hasPath ? cookie.path : nil, expires: cookie.expires?.timeIntervalSince1970, maxAge: cookie.maxAge,
            secure: cookie.secure, httpOnly: cookie.httpOnly)
    }
}
