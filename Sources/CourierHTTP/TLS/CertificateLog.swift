import CourierCore
import NIOCore
import NIOSSL

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The certificates servers presented on the engine's recent TLS connections, for the
/// `certificate` checks of the responses that came over them.
///
/// AsyncHTTPClient says nothing of a response's connection. Each new connection's certificate
/// is noted when the connection is made (its debug initializer, HTTP/1.1 and HTTP/2 alike), and
/// a response is given the latest one issued for its host: with verification on, the
/// certificate of the connection that carried it was checked against that very host.
final class CertificateLog: Sendable {
    /// One certificate and the time its connection was made.
    private struct Seen: @unchecked Sendable {
        // NIOSSLCertificate is an immutable wrapper of an X509 that BoringSSL reference-counts.
        var certificate: NIOSSLCertificate
        var names: [String]
        var at: time_t
    }

    /// The last certificates seen, newest last; a bounded list, not one per connection ever made.
    private let seen = Locked<[Seen]>([])
    private static let capacity = 64

    /// Notes the certificate of `channel`'s TLS handler, if it has one; for AsyncHTTPClient's
    /// connection debug initializers, so it never fails the connection.
    func note(_ channel: any Channel) -> EventLoopFuture<Void> {
        // AsyncHTTPClient calls it on the connection's loop; the pipeline is read only there.
        guard channel.eventLoop.inEventLoop else {
            return channel.eventLoop.flatSubmit { self.note(channel) }
        }
        if let handler = try? channel.pipeline.syncOperations.handler(type: NIOSSLClientHandler.self),
            let certificate = handler.peerCertificate
        {
            let entry = Seen(certificate: certificate, names: TLSDiagnosis.names(of: certificate), at: time(nil))
            seen.withLock { seen in
                seen.removeAll { $0.certificate == certificate }
                seen.append(entry)
                if seen.count > Self.capacity { seen.removeFirst(seen.count - Self.capacity) }
            }
        }
        return channel.eventLoop.makeSucceededVoidFuture()
    }

    /// The facts of the latest certificate seen for `url`'s host; nil for plain HTTP, or when
    /// none of them names the host (verification off and a certificate for other names).
    func certificate(for url: String) -> PeerCertificate? {
        guard url.prefix(6).lowercased() == "https:", let host = URLParts(url)?.host else { return nil }
        let bare = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        guard let found = seen.withLock({ $0.last { $0.names.contains { TLSDiagnosis.matches(bare, $0) } } }) else {
            return nil
        }
        return Self.facts(found.certificate, names: found.names, seenAt: found.at)
    }

    /// What a `certificate` check reads of `certificate`, seen at `seenAt` (seconds since 1970).
    static func facts(_ certificate: NIOSSLCertificate, names: [String]? = nil, seenAt: time_t) -> PeerCertificate {
        PeerCertificate(
            subject: distinguished(certificate.subjectName), issuer: distinguished(certificate.issuerName),
            notBefore: Int64(certificate.notValidBefore), notAfter: Int64(certificate.notValidAfter),
            names: names ?? TLSDiagnosis.names(of: certificate), seenAt: Int64(seenAt))
    }

    /// `CN=R11, O=Let's Encrypt, C=US`, in the certificate's order.
    static func distinguished(_ names: [SSLCertificateName]) -> String {
        let labels: [(SSLCertificateNameType, String)] = [
            (.commonName, "CN"), (.organization, "O"), (.organizationalUnit, "OU"), (.country, "C"),
            (.state, "ST"), (.city, "L"), (.emailAddress, "emailAddress"), (.userId, "UID"),
        ]
        return names.compactMap { name in
            labels.first { $0.0 == name.type }.map { "\($0.1)=\(name.value)" }
        }.joined(separator: ", ")
    }
}
