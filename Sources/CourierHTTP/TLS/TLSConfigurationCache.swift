import CourierCore
import NIOSSL

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The NIOSSL configurations of the engine, one per `TLSSettings`, checked once: the files
/// are read and a context is made from them (the one the engine's own connections use), so an unreadable CA, a certificate and key that
/// do not match, or a broken PEM is one clear error before anything is sent (and not a
/// handshake failure with BoringSSL's words).
final class TLSConfigurationCache: Sendable {
    /// Each setting's configuration and the context made from it (which checked it).
    private let made = Locked<[TLSSettings: Made]>([:])
    /// The context of the default settings (system roots), made on first use.
    private let standard = Locked<NIOSSLContext?>(nil)
    /// Contexts offering HTTP/1.1 alone, for WebSocket upgrades, per setting.
    private let http1 = Locked<[TLSSettings: NIOSSLContext]>([:])

    private struct Made: Sendable {
        var configuration: TLSConfiguration
        var context: NIOSSLContext
    }

    /// The configuration for `settings` (nil: AsyncHTTPClient's default, system roots).
    func configuration(_ settings: TLSSettings, url: String) throws(TransportError) -> TLSConfiguration? {
        try made(settings, url: url)?.configuration
    }

    /// The context of the engine's own connections for `settings`, offering HTTP/2 and
    /// HTTP/1.1 by ALPN as AsyncHTTPClient did. Made once: the system's roots are read then.
    func context(_ settings: TLSSettings, url: String) throws(TransportError) -> NIOSSLContext {
        if let custom = try made(settings, url: url) { return custom.context }
        if let known = standard.withLock({ $0 }) { return known }
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.applicationProtocols = Self.protocols
        let context: NIOSSLContext
        do {
            context = try NIOSSLContext(configuration: tls)
        } catch {
            throw .tls(url: url, reason: TransportErrorTranslator.tlsReason(String(describing: error)))
        }
        standard.withLock { $0 = context }
        return context
    }

    /// A context for `settings` whose ALPN offers HTTP/1.1 alone: a WebSocket upgrades an
    /// HTTP/1.1 request (RFC 6455), and a server that picked `h2` would take no upgrade.
    func http1Context(_ settings: TLSSettings, url: String) throws(TransportError) -> NIOSSLContext {
        if let known = http1.withLock({ $0[settings] }) { return known }
        var tls = try configuration(settings, url: url) ?? TLSConfiguration.makeClientConfiguration()
        tls.applicationProtocols = ["http/1.1"]
        let context: NIOSSLContext
        do {
            context = try NIOSSLContext(configuration: tls)
        } catch {
            throw .tls(url: url, reason: TransportErrorTranslator.tlsReason(String(describing: error)))
        }
        http1.withLock { $0[settings] = context }
        return context
    }

    /// What ALPN offers: HTTP/2 first, as AsyncHTTPClient's `.automatic` did.
    private static let protocols = ["h2", "http/1.1"]

    private func made(_ settings: TLSSettings, url: String) throws(TransportError) -> Made? {
        guard settings.insecure || settings.caFile != nil || settings.certFile != nil else { return nil }
        if let known = made.withLock({ $0[settings] }) { return known }
        let fresh = try Self.make(settings, url: url)
        made.withLock { $0[settings] = fresh }
        return fresh
    }

    private static func make(_ settings: TLSSettings, url: String) throws(TransportError) -> Made {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.applicationProtocols = protocols
        if settings.insecure { tls.certificateVerification = .none }
        if let caFile = settings.caFile {
            guard FileManager.default.isReadableFile(atPath: caFile) else {
                throw .tls(url: url, reason: "CA file \(caFile) cannot be read")
            }
            tls.additionalTrustRoots = [.file(caFile)]
        }
        if let certFile = settings.certFile, let keyFile = settings.keyFile {
            for file in [certFile, keyFile] where !FileManager.default.isReadableFile(atPath: file) {
                throw .tls(url: url, reason: "client certificate file \(file) cannot be read")
            }
            do {
                let chain = try NIOSSLCertificate.fromPEMFile(certFile)
                guard !chain.isEmpty else {
                    throw TransportError.tls(url: url, reason: "no certificate in \(certFile)")
                }
                tls.certificateChain = chain.map { .certificate($0) }
            } catch let error as TransportError {
                throw error
            } catch {
                throw .tls(url: url, reason: "\(certFile) is not a PEM certificate")
            }
            do {
                tls.privateKey = .privateKey(try NIOSSLPrivateKey(file: keyFile, format: .pem))
            } catch {
                throw .tls(url: url, reason: "\(keyFile) is not a PEM private key (or it is encrypted)")
            }
        }
        do {
            // Making a context checks that the key belongs to the certificate: both files parsed
            // above, so a key that will not load now is another certificate's key.
            return Made(configuration: tls, context: try NIOSSLContext(configuration: tls))
        } catch NIOSSLError.failedToLoadPrivateKey {
            throw .tls(url: url, reason: "the client certificate and key do not match")
        } catch {
            throw .tls(url: url, reason: TransportErrorTranslator.tlsReason(String(describing: error)))
        }
    }
}
