import CourierCore
import NIOCore
import NIOPosix
import NIOSSL

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a server's certificate was refused, in words a user can act on: BoringSSL says only
/// "certificate verify failed", and NIO's host-name check `Couldn't find <none>`. After such a
/// failure the engine connects once more with verification off, only to read the certificate
/// (nothing is sent), and names the reason: expired on a date, not valid yet, or issued for
/// other names. Only for an untrusted issuer does the message suggest `ca_file` or `insecure`.
enum TLSDiagnosis {
    /// The reason for `certificate`, presented by `host`, at `now`; nil when its dates and names
    /// are fine (then the issuer is what is not trusted).
    static func reason(for certificate: NIOSSLCertificate, host: String, now: time_t) -> String? {
        if now > certificate.notValidAfter {
            return "the server's certificate expired on \(day(certificate.notValidAfter)); renew it on the server"
        }
        if now < certificate.notValidBefore {
            return "the server's certificate is not valid until \(day(certificate.notValidBefore)) "
                + "(is this machine's clock right?)"
        }
        let names = names(of: certificate)
        guard !names.isEmpty, !names.contains(where: { matches(host, $0) }) else { return nil }
        return "the server's certificate is issued for other names: \(names.joined(separator: ", ")) (not \(host))"
    }

    /// The certificate the server at `host`:`port` presents, read with verification off, or nil.
    static func peerCertificate(host: String, port: Int, group: any EventLoopGroup, timeout: TimeAmount) async
        -> NIOSSLCertificate?
    {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = .none
        guard let context = try? NIOSSLContext(configuration: configuration) else { return nil }
        let loop = group.next()
        let found = loop.makePromise(of: NIOSSLCertificate?.self)
        let isAddress = host.allSatisfy { $0.isHexDigit || $0 == "." || $0 == ":" }
        let bootstrap = ClientBootstrap(group: loop).connectTimeout(timeout).channelInitializer { channel in
            channel.eventLoop.makeCompletedFuture {
                let handler = try NIOSSLClientHandler(
                    context: context, serverHostname: isAddress ? nil : host,
                    customVerificationCallback: { certificates, verdict in
                        found.succeed(certificates.first)
                        verdict.succeed(.failed)  // read, never used: the handshake stops here
                    })
                try channel.pipeline.syncOperations.addHandler(handler)
            }
        }
        guard let channel = try? await bootstrap.connect(host: host, port: port).get() else {
            found.succeed(nil)
            return nil
        }
        let deadline = loop.scheduleTask(in: timeout) { found.succeed(nil) }
        found.futureResult.whenComplete { _ in deadline.cancel() }
        let certificate = try? await found.futureResult.get()
        try? await channel.close()
        return certificate ?? nil
    }

    /// `YYYY-MM-DD` (UTC) of `time`.
    static func day(_ time: time_t) -> String {
        var value = time
        var parts = tm()
        gmtime_r(&value, &parts)
        func two(_ number: Int32) -> String { number < 10 ? "0\(number)" : "\(number)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
    }

    /// The DNS names and IP addresses the certificate is issued for.
    static func names(of certificate: NIOSSLCertificate) -> [String] {
        certificate._subjectAlternativeNames().compactMap { name in
            let bytes = name.contents.withUnsafeBufferPointer { Array($0) }
            if name.nameType == .dnsName { return String(decoding: bytes, as: UTF8.self) }
            if name.nameType == .ipAddress && bytes.count == 4 { return bytes.map(String.init).joined(separator: ".") }
            if name.nameType == .ipAddress && bytes.count == 16 { return ipv6(bytes) }
            return nil
        }
    }

    /// An IPv6 address as RFC 5952 writes it: lower-case hex groups, leading zeros dropped, the
    /// longest run of two or more zero groups (the first of equal runs) as `::`.
    static func ipv6(_ bytes: [UInt8]) -> String {
        let groups = stride(from: 0, to: 16, by: 2).map { Int(bytes[$0]) << 8 | Int(bytes[$0 + 1]) }
        var best = (start: -1, length: 0)
        var index = 0
        while index < 8 {
            var end = index
            while end < 8 && groups[end] == 0 { end += 1 }
            if end - index > best.length && end - index >= 2 { best = (index, end - index) }
            index = end == index ? index + 1 : end
        }
        let hex = groups.map { String($0, radix: 16) }
        guard best.start >= 0 else { return hex.joined(separator: ":") }
        return hex[..<best.start].joined(separator: ":") + "::"
            + hex[(best.start + best.length)...].joined(separator: ":")
    }

    /// RFC 6125: the whole name, or `*` for the one leftmost label.
    static func matches(_ host: String, _ name: String) -> Bool {
        let host = host.lowercased()
        let name = name.lowercased()
        if host == name { return true }
        guard name.hasPrefix("*."), let dot = host.firstIndex(of: ".") else { return false }
        return host[dot...] == name.dropFirst()
    }
}
