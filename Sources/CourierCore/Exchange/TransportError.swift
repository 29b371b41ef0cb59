/// Why a built request got no response.
public enum TransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No next byte within the timeout, in `phase`.
    case timeout(seconds: Double, url: String, phase: TimeoutPhase)
    /// The connection could not be made or was dropped.
    case connection(url: String, reason: String)
    /// Certificate verification or the TLS handshake failed.
    case tls(url: String, reason: String)
    /// More redirects than `RedirectPolicy.maxRedirects`.
    case tooManyRedirects(count: Int, url: String)
    /// A redirect pointed somewhere that cannot be followed.
    case badRedirect(location: String)
    /// A redirect would carry a mutating request into a protected environment the user did
    /// not confirm (nothing was sent there).
    case protectedRedirect(method: String, url: String, environment: String)
    /// The body grew past a bound: `limit` says which (`256 MB`, `100 times its compressed
    /// size`); `inflates` is true for a compressed body.
    case bodyTooLarge(url: String, limit: String, inflates: Bool)
    /// The proxy could not be reached, refused the tunnel or wanted credentials; `proxy` is
    /// shown without its password.
    case proxy(proxy: String, reason: String)
    /// No OAuth2 token could be had (the token endpoint refused, was unreachable, or answered
    /// without one); the message names the endpoint, never a secret.
    case oauth2(String)
    /// A file of a multipart body could not be read (checked before anything is sent).
    case upload(path: String, reason: String)
    /// The user cancelled the request.
    case cancelled
    /// Anything else the client reported.
    case other(String)

    /// One line for the user.
    public var description: String {
        switch self {
        case .timeout(let seconds, let url, let phase):
            return "timed out after \(Self.format(seconds)) s \(phase.describe(url))"
        case .connection(let url, let reason):
            return "could not connect to \(url): \(reason)"
        case .tls(let url, let reason):
            return "TLS failure with \(url): \(reason)"
        case .tooManyRedirects(let count, let url):
            return "too many redirects (\(count)) ending at \(url)"
        case .badRedirect(let location):
            return "cannot follow redirect to '\(location)'"
        case .protectedRedirect(let method, let url, let environment):
            return
                "refused to follow a redirect that sends \(method) to \(url) in protected environment '\(environment)' (pass --yes to allow it)"
        case .bodyTooLarge(let url, let limit, let inflates):
            return inflates
                ? "the response from \(url) inflates past \(limit); refused"
                : "the response from \(url) is larger than \(limit); stopped"
        case .proxy(let proxy, let reason):
            return "proxy \(proxy): \(reason)"
        case .oauth2(let message):
            return "no OAuth2 token: " + message
        case .upload(let path, let reason):
            return "cannot send the file \(path): \(reason)"
        case .cancelled:
            return "request cancelled"
        case .other(let message):
            return message
        }
    }

    /// Failures worth another attempt for idempotent requests.
    public var isTransient: Bool {
        switch self {
        case .timeout, .connection: return true
        default: return false
        }
    }

    /// `text` cut to about `limit` bytes for a one-line message (a 128 MB URL gave a 124 MB
    /// message): its start, then how much was left out. Cut after masking, never before: a
    /// secret cut in two would no longer be found whole.
    public static func shown(_ text: String, limit: Int = 2048) -> String {
        guard text.utf8.count > limit else { return text }
        var kept = ""
        for character in text {
            guard kept.utf8.count + character.utf8.count <= limit else { break }
            kept.append(character)
        }
        return kept + "… (\(ByteCount.format(text.utf8.count)) in all)"
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
