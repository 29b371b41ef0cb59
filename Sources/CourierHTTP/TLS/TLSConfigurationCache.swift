import CourierCore
import NIOSSL

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The NIOSSL configurations of the engine, one per `TLSSettings`, checked once: the files
/// are read and a context is made from them, so an unreadable CA, a certificate and key that
/// do not match, or a broken PEM is one clear error before anything is sent (and not a
/// handshake failure with BoringSSL's words).
final class TLSConfigurationCache: Sendable {
    private let made = Locked<[TLSSettings: TLSConfiguration]>([:])
    private let contexts = Locked<[TLSSettings: NIOSSLContext]>([:])

    /// The configuration for `settings` (nil: AsyncHTTPClient's default, system roots).
    func configuration(_ settings: TLSSettings, url: String) throws(TransportError) -> TLSConfiguration? {
        guard settings.insecure || settings.caFile != nil || settings.certFile != nil else { return nil }
        if let known = made.withLock({ $0[settings] }) { return known }
        let configuration = try Self.make(settings, url: url)
        made.withLock { $0[settings] = configuration }
        return configuration
    }

    /// The context of the engine's own connections for `settings`, offering HTTP/2 and
    /// HTTP/1.1 by ALPN as AsyncHTTPClient did. Made once: the system's roots are read then.
    func context(_ settings: TLSSettings, url: String) throws(TransportError) -> NIOSSLContext {
        if let known = contexts.withLock({ $0[settings] }) { return known }
        var tls = try configuration(settings, url: url) ?? TLSConfiguration.makeClientConfiguration()
        tls.applicationProtocols = ["h2", "http/1.1"]
        let context: NIOSSLContext
        do {
            context = try NIOSSLContext(configuration: tls)
        } catch {
            throw .tls(url: url, reason: TransportErrorTranslator.tlsReason(String(describing: error)))
        }
        contexts.withLock { $0[settings] = context }
        return context
    }

    private static func make(_ settings: TLSSettings, url: String) throws(TransportError) -> TLSConfiguration {
        var tls = TLSConfiguration.makeClientConfiguration()
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
            _ = try NIOSSLContext(configuration: tls)
        } catch NIOSSLError.failedToLoadPrivateKey {
            throw .tls(url: url, reason: "the client certificate and key do not match")
        } catch {
            throw .tls(url: url, reason: TransportErrorTranslator.tlsReason(String(describing: error)))
        }
        return tls
    }
}
