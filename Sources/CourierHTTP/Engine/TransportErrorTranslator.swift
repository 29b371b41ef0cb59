import AsyncHTTPClient
import CourierCore
import CourierWebSocket
import NIOCore
import NIOHTTPCompression
import NIOPosix
import NIOSSL

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Maps AsyncHTTPClient, NIO and TLS errors to one-line `TransportError`s.
enum TransportErrorTranslator {
    /// `error` as the user reads it. `phase` is where the request was when it failed (the
    /// client's own timeouts do not say whether the head had come).
    static func translate(_ error: any Error, url: String, timeout: Double, phase: TimeoutPhase) -> TransportError {
        if let transport = error as? TransportError { return transport }
        if let inflation = error as? NIOHTTPDecompression.DecompressionError, inflation == .limit {
            return .bodyTooLarge(
                url: url, limit: "\(SendOptions.maxInflationRatio) times its compressed size", inflates: true)
        }
        if error is CancellationError { return .cancelled }
        if let upgrade = error as? WebSocketUpgradeError {
            switch upgrade {
            case .closedBeforeAnswer: return .connection(url: url, reason: "the server closed the connection")
            case .badAnswer(let reason): return .connection(url: url, reason: reason)
            }
        }
        if let wire = error as? WireError {
            switch wire {
            case .closedBeforeAnswer, .closedMidBody:
                return .connection(url: url, reason: "the server closed the connection")
            case .timedOut: return .timeout(seconds: timeout, url: url, phase: phase)
            case .sendTimedOut: return .timeout(seconds: timeout, url: url, phase: .sending)
            case .handshakeTimedOut: return .timeout(seconds: timeout, url: url, phase: .connecting)
            case .unresolved: return .connection(url: url, reason: "cannot resolve the host name")
            case .invalidHeader(let name):
                return .other("header '\(name)' has a control character in its name or value: not sent (\(url))")
            }
        }
        if let client = error as? HTTPClientError {
            switch client {
            case .cancelled, .requestStreamCancelled: return .cancelled
            case .readTimeout, .deadlineExceeded: return .timeout(seconds: timeout, url: url, phase: phase)
            case .writeTimeout: return .timeout(seconds: timeout, url: url, phase: .sending)
            case .connectTimeout, .tlsHandshakeTimeout, .getConnectionFromPoolTimeout:
                return .timeout(seconds: timeout, url: url, phase: .connecting)
            case .remoteConnectionClosed: return .connection(url: url, reason: "the server closed the connection")
            case .invalidURL, .emptyHost, .emptyScheme: return .other("invalid URL \(url)")
            default: return .other("\(client) (\(url))")
            }
        }
        if let channel = error as? ChannelError, case .connectTimeout = channel {
            return .timeout(seconds: timeout, url: url, phase: .connecting)
        }
        if error is NIOSSLError || error is BoringSSLError {
            return .tls(url: url, reason: tlsReason(String(describing: error)))
        }
        let text = String(describing: error)
        if let io = error as? IOError {
            return .connection(url: url, reason: describe(errno: io.errnoCode, fallback: text))
        }
        if let connect = error as? NIOConnectionError {
            let code = connect.connectionErrors.compactMap { ($0.error as? IOError)?.errnoCode }.first
            return .connection(
                url: url,
                reason: code.map { describe(errno: $0, fallback: text) }
                    ?? (connect.dnsAAAAError ?? connect.dnsAError).map { (_: any Error) in
                        "cannot resolve the host name"
                    }
                    ?? "could not connect")
        }
        if text.lowercased().contains("certificate") || text.contains("SSL") {
            return .tls(url: url, reason: tlsReason(text))
        }
        return .other("\(text) (\(url))")
    }

    /// `translated` for a request sent through `proxy`: a connection that fails is the proxy's,
    /// and the proxy's own refusals are named as such.
    static func throughProxy(_ translated: TransportError, _ error: any Error, proxy: ProxySetting) -> TransportError {
        let shown = proxy.masked
        if let client = error as? HTTPClientError {
            switch client {
            case .proxyAuthenticationRequired:
                return .proxy(
                    proxy: shown,
                    reason: proxy.username == nil
                        ? "the proxy wants a user name and password (407): give them in the proxy URL"
                        : "the proxy refused the user name and password (407)")
            case .invalidProxyResponse:
                return .proxy(proxy: shown, reason: "the proxy refused the tunnel (it could not reach the server)")
            case .httpProxyHandshakeTimeout, .socksHandshakeTimeout:
                return .proxy(proxy: shown, reason: "the proxy did not answer in time")
            default: break
            }
        }
        if case .connection(_, let reason) = translated { return .proxy(proxy: shown, reason: reason) }
        return translated
    }

    private static func describe(errno code: Int32, fallback: String) -> String {
        switch code {
        case ECONNREFUSED: return "connection refused"
        case ETIMEDOUT: return "connection timed out"
        case EHOSTUNREACH, ENETUNREACH: return "host unreachable"
        case ECONNRESET: return "connection reset by the server"
        default: return String(cString: strerror(code))
        }
    }

    /// Whether `error` is a refusal of the server's certificate (not a handshake that failed
    /// for another reason), which `TLSDiagnosis` can explain.
    static func isCertificateRefusal(_ error: any Error) -> Bool {
        if let extra = error as? NIOSSLExtraError, extra == .failedToValidateHostname { return true }
        return String(describing: error).contains("CERTIFICATE_VERIFY_FAILED")
    }

    /// A readable reason from BoringSSL's error text (`…OPENSSL_internal:WRONG_VERSION_NUMBER…`).
    static func tlsReason(_ text: String) -> String {
        if text.contains("failedToValidateHostname") {
            return "the server's certificate does not name this host"
        }
        if text.contains("CERTIFICATE_VERIFY_FAILED") {
            return
                "certificate verify failed (set \"tls\": {\"ca_file\": …} or {\"insecure\": true} for this environment)"
        }
        if let marker = text.firstRange(ofText: "OPENSSL_internal:") {
            let code = text[marker.upperBound...].prefix { $0.isUppercase || $0 == "_" || $0.isNumber }
            if !code.isEmpty {
                return "handshake failed: " + code.lowercased().replacingText("_", with: " ")
            }
        }
        return text
    }
}
