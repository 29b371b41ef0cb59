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

    /// The configuration for `settings` (nil: AsyncHTTPClient's default, system roots).
    func configuration(_ settings: TLSSettings, url: String) throws(TransportError) -> TLSConfiguration? {
        guard settings.insecure || settings.caFile != nil || settings.certFile != nil else { return nil }
        if let known = made.withLock({ $0[settings] }) { return known }
        let configuration = try Self.make(settings, url: url)
        made.withLock { $0[settings] = configuration }
        return configuration
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
