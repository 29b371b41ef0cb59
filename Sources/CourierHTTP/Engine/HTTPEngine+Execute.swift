import AsyncHTTPClient
import CourierCore
import NIOCore
import NIOHTTP1
import NIOPosix

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Sending one hop and reading its response.
extension HTTPEngine {
    /// One hop: `method` to `url`, its whole response read (into memory, or past the cap into
    /// a file). A pooled connection that turns out to be closed before any byte of the answer
    /// (the server dropped it while idle, without `Connection: close`) is given up and the hop
    /// sent once more on a new one, as curl does (RFC 9112 §9.3.1): the server answered
    /// nothing, so for any method it processed nothing that it would admit to.
    func execute(
        method: CourierCore.HTTPMethod, url: String, headers: [HeaderField], body: [UInt8]?, upload: UploadStream?,
        options: SendOptions, watch: Watch, reusedMayBeStale: Bool = true
    ) async throws(TransportError) -> (HTTPResponse, PhaseLog.Timing) {
        let proxy = options.proxy.proxy(for: url)
        if let proxy, proxy.kind == .socks5, proxy.username != nil {
            throw .proxy(proxy: proxy.masked, reason: "SOCKS5 with a user name and password is not supported")
        }
        // NIO's clock, which the connections' `PhaseMarker`s and `WireHandler`s read too.
        let started = NIODeadline.now()
        // The clients' read timeouts do not say whether the head had come; this does.
        var phase = TimeoutPhase.head
        if let target = WireTarget(url, proxy: proxy, streamed: upload != nil) {
            do {
                let answer = try await sendOverWire(
                    target, url: url, method: method, headers: headers, body: body, timeout: options.timeout,
                    tls: options.tls)
                var (response, timing) = try await receive(
                    status: answer.head.status, version: answer.head.version, headers: answer.head.headers,
                    body: answer.body, marks: answer.marks, started: started, url: url, options: options,
                    watch: watch, phase: &phase)
                // The very connection's certificate, read on its handshake (even one for other
                // names, with verification off).
                response.certificate = answer.certificate
                return (response, timing)
            } catch {
                throw await explained(error, url: url, options: options, phase: phase)
            }
        }
        var outgoing = HTTPClientRequest(url: url)
        outgoing.method = NIOHTTP1.HTTPMethod(rawValue: method.rawValue)
        for field in headers { outgoing.headers.add(name: field.name, value: field.value) }
        // Taken out again by the connection's `PhaseMarker`, before the request is encoded.
        let phaseID = PhaseLog.enabled ? clients.phases.open() : nil
        if let phaseID { outgoing.headers.add(name: PhaseLog.header, value: String(phaseID)) }
        defer { if let phaseID { _ = clients.phases.close(phaseID) } }
        if let upload {
            outgoing.body = .stream(upload, length: .known(Int64(upload.length)))
        } else if let body {
            outgoing.body = .bytes(ByteBuffer(bytes: body))
        }
        outgoing.tlsConfiguration = try tlsConfigurations.configuration(options.tls, url: url)

        let key = ClientPool.Key(timeout: Int64((options.timeout * 1000).rounded()), proxy: proxy)
        let client = clients.client(for: key)
        let pooled = ClientPool.Pooled(key: key, origin: ClientPool.origin(url))
        do {
            // No overall deadline: the client's timeouts bound each wait instead, so a long
            // download that keeps arriving is never cut off.
            let response = try await client.execute(outgoing, deadline: .distantFuture)
            clients.markServed(pooled)
            return try await receive(
                status: response.status, version: response.version, headers: response.headers, body: response.body,
                marks: nil, started: started, url: url, options: options, watch: watch, phase: &phase
            ) { phaseID.flatMap { clients.phases.close($0) } }
        } catch {
            // Only a connection this engine has used before can be a stale one from the pool.
            if reusedMayBeStale, phase == .head, Self.closedBeforeAnswer(error), clients.hasServed(pooled) {
                return try await execute(
                    method: method, url: url, headers: headers, body: body, upload: upload, options: options,
                    watch: watch, reusedMayBeStale: false)
            }
            guard let proxy else { throw await explained(error, url: url, options: options, phase: phase) }
            let translated = TransportErrorTranslator.translate(error, url: url, timeout: options.timeout, phase: phase)
            throw TransportErrorTranslator.throughProxy(translated, error, proxy: proxy)
        }
    }

    /// `error` of a hop sent without a proxy, as the user reads it: a refused certificate with
    /// what is wrong with it (expired, not yet valid, issued for other names) when that can be read.
    private func explained(
        _ error: any Error, url: String, options: SendOptions, phase: TimeoutPhase
    ) async -> TransportError {
        let translated = TransportErrorTranslator.translate(error, url: url, timeout: options.timeout, phase: phase)
        if case .tls = translated, TransportErrorTranslator.isCertificateRefusal(error),
            let reason = await diagnose(url, timeout: options.timeout)
        {
            return .tls(url: url, reason: reason)
        }
        return translated
    }

    /// The answer whose head is `status`, `version` and `headers` read to its end from
    /// `body`: into memory, or past the cap into a file; a live stream's events handed on as
    /// they come. `marks` are the hop's moments (nil: `laterMarks` gives them once the body
    /// has ended, for AsyncHTTPClient's connections, whose `PhaseMarker` notes them).
    private func receive<Body: AsyncSequence>(
        status: HTTPResponseStatus, version: HTTPVersion, headers: HTTPHeaders, body: Body, marks: PhaseLog.Marks?,
        started: NIODeadline, url: String, options: SendOptions, watch: Watch, phase: inout TimeoutPhase,
        laterMarks: () -> PhaseLog.Marks? = { nil }
    ) async throws -> (HTTPResponse, PhaseLog.Timing) where Body.Element == ByteBuffer {
        phase = .body
        let head = NIODeadline.now()
        var fields: [HeaderField] = []
        for header in headers { fields.append(HeaderField(header.name, header.value)) }
        let versionText = "HTTP/\(version.major).\(version.minor)"
        var framer = watch.events == nil ? nil : StreamFramer(contentType: headers.first(name: "Content-Type"))
        if framer != nil {
            phase = .event
            watch.report(
                .head(status: Int(status.code), reason: status.reasonPhrase, version: versionText, headers: fields))
        }
        var bytes: [UInt8] = []
        let cap = options.maxBodyInMemory ?? Int.max
        let declared = headers.first(name: "Content-Length").flatMap(Int.init)
        if let length = declared, length <= cap, length < 1 << 30 {
            bytes.reserveCapacity(length)
        }
        var spill: BodySpill?
        var received = 0
        // NIO decodes gzip and deflate, and stops at `maxInflationRatio`; this bounds the rest.
        let encoding = headers.first(name: "Content-Encoding")?.lowercased() ?? ""
        // A byte search (TextSearch): the standard library's `contains` on text, here for every
        // answer, was 2 % of a check run's CPU.
        let inflates = encoding.firstRange(ofText: "gzip") != nil || encoding.firstRange(ofText: "deflate") != nil
        let bound = inflates ? options.maxInflatedBody : options.maxSpilledBody
        // The start of a large body, once, for a screen: a redirect, a retry's answer or a
        // stream (shown as events) is not what it waits for.
        var partialAt = framer == nil && (200..<300).contains(Int(status.code)) ? watch.partialAfter : nil
        // A live stream may run for hours: its events are handed on as they come, and only its
        // start is kept (what history records and the checks read), so memory stays flat.
        let isStream = framer != nil
        for try await chunk in body {
            received += chunk.readableBytes
            if isStream {
                let room = HistorySettings.bodyLimit - bytes.count
                if room > 0 { bytes.append(contentsOf: chunk.readableBytesView.prefix(room)) }
            } else if received > bound {
                throw TransportError.bodyTooLarge(url: url, limit: ByteCount.format(bound), inflates: inflates)
            } else if spill == nil && received > cap {
                // Past the cap the body goes to a file, so a huge download cannot exhaust memory.
                spill = try BodySpill(startingWith: bytes)
                bytes = []
            }
            if let spill {
                try spill.write(chunk.readableBytesView)
            } else if !isStream {
                bytes.append(contentsOf: chunk.readableBytesView)
            }
            watch.progress?(received)
            if let threshold = partialAt, received >= threshold, spill == nil, received < declared ?? Int.max {
                partialAt = nil
                // A copy: the body's own array must stay unshared, or the next append copies it.
                watch.report(
                    .partial(
                        status: Int(status.code), reason: status.reasonPhrase, headers: fields,
                        firstBytes: Array(bytes[...])))
            }
            if var current = framer {
                do {
                    for event in try current.feed(chunk.readableBytesView) { watch.report(.event(event)) }
                } catch {
                    throw TransportError.other("\(error) (\(url))")
                }
                framer = current
            }
        }
        for event in framer?.finished ?? [] { watch.report(.event(event)) }
        try spill?.close()
        let ended = NIODeadline.now()
        let timing = PhaseLog.timing(marks ?? laterMarks(), started: started, head: head, ended: ended)
        let answer = HTTPResponse(
            status: Int(status.code), reason: status.reasonPhrase, version: versionText, headers: fields, body: bytes,
            totalTime: PhaseLog.seconds(started, ended),
            // The handler's moment when it noted one: the head reaches this task after the reads
            // that brought it, and for a small answer those brought the whole body too.
            timeToFirstByte: PhaseLog.seconds(started, marks?.firstByte ?? head),
            finalURL: url, bodyFile: spill?.path, bodySize: received
        )
        return (answer, timing)
    }

    /// What is wrong with the certificate the server at `url` presents (expired, not yet
    /// valid, issued for other names), read on a connection of its own; nil when none of these.
    private func diagnose(_ url: String, timeout: Double) async -> String? {
        guard let parsed = URL(string: url), let host = parsed.host else { return nil }
        let port = parsed.port ?? (parsed.scheme?.lowercased() == "https" ? 443 : 80)
        let wait = TimeAmount.milliseconds(Int64(max(1, min(timeout, 10)) * 1000))
        guard
            let certificate = await TLSDiagnosis.peerCertificate(
                host: host, port: port, group: clients.group, timeout: wait)
        else { return nil }
        return TLSDiagnosis.reason(for: certificate, host: host, now: time(nil))
    }

    /// `true` for the ways a connection shows it was closed under the request: the server's
    /// close, a reset or a broken pipe while writing, I/O on a channel already closed.
    static func closedBeforeAnswer(_ error: any Error) -> Bool {
        if let client = error as? HTTPClientError, client == .remoteConnectionClosed { return true }
        if let channel = error as? ChannelError {
            switch channel {
            case .ioOnClosedChannel, .alreadyClosed, .eof, .outputClosed: return true
            default: return false
            }
        }
        if let io = error as? IOError { return [ECONNRESET, EPIPE].contains(io.errnoCode) }
        return false
    }
}
