import CourierCore
import NIOCore
import NIOHTTP1

/// Sending a hop over the engine's own connections (see `WireTarget`).
extension HTTPEngine {
    /// Writes the request to `target` on a connection kept alive there, or on a new one, and
    /// returns the answer's head. The head goes out as AsyncHTTPClient writes it: the
    /// request's fields in order, then `Host` when it has none, then the body's framing.
    func sendOverWire(
        _ target: WireTarget, url: String, method: CourierCore.HTTPMethod, headers: [HeaderField], body: [UInt8]?,
        timeout: Double, tls: TLSSettings
    ) async throws -> WireAnswer {
        var fields = HTTPHeaders()
        fields.reserveCapacity(headers.count + 3)
        for field in headers {
            guard HeaderField.isToken(field.name), Self.isFieldValue(field.value) else {
                throw WireError.invalidHeader(field.name)
            }
            let lowered = field.name.lowercased()
            // The framing is the body's, as the engine sends it, whatever a route says.
            if lowered == "content-length" || lowered == "transfer-encoding" { continue }
            fields.add(name: field.name, value: field.value)
        }
        if !fields.contains(name: "host") { fields.add(name: "host", value: target.hostHeader) }
        let length = body?.count ?? 0
        if length > 0 {
            fields.add(name: "Content-Length", value: String(length))
        } else if !["GET", "HEAD", "DELETE", "CONNECT", "TRACE"].contains(method.rawValue) {
            // A method whose meaning has a body says it has none (RFC 9110 §8.6).
            fields.add(name: "Content-Length", value: "0")
        }
        let head = HTTPRequestHead(
            version: .http1_1, method: NIOHTTP1.HTTPMethod(rawValue: method.rawValue), uri: target.requestTarget,
            headers: fields)
        let buffer = body.map { ByteBuffer(bytes: $0) }
        let wait = TimeAmount.milliseconds(max(1, Int64((timeout * 1000).rounded())))
        let pool = clients.wire
        if let kept = pool.idleConnection(to: target.origin) {
            do {
                return try await kept.send(head: head, body: buffer, marks: PhaseLog.Marks(), timeout: wait, pool: pool)
            } catch WireError.closedBeforeAnswer {
                // The server dropped it while it was idle (or refused the stream), and answered
                // nothing: for any method, it processed nothing it would admit to, so the
                // request goes again on a new connection, as curl does (RFC 9112 §9.3.1).
            }
        }
        let context = try target.secure ? tlsConfigurations.context(tls, url: url) : nil
        let (fresh, marks) = try await pool.open(to: target, tls: context, timeout: wait, loop: clients.group.next())
        return try await fresh.send(head: head, body: buffer, marks: marks, timeout: wait, pool: pool)
    }

    /// A field value without control bytes (a tab allowed): a CR, an LF or a NUL would end
    /// the field or the head where the server reads it (RFC 9110 §5.5).
    static func isFieldValue(_ value: String) -> Bool {
        value.utf8.allSatisfy { $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }
    }
}
