import CourierCore
import NIOCore
import NIOHTTP1

/// The answer to a request over a `WireConnection`: its head, its body still to be read, and
/// the moments its phases are cut at (the last, the end of the body, is the reader's).
struct WireAnswer: Sendable {
    var head: HTTPResponseHead
    var body: WireBody
    var marks: PhaseLog.Marks
    /// What the server presented on the connection's TLS handshake (nil for plain HTTP).
    var certificate: PeerCertificate? = nil
}
