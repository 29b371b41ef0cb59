import CourierHTTP
import CourierSampleAPI
import CourierTestSupport
import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOPosix
import NIOSSL
import Testing

@testable import CourierCore

/// Each hop's phases (connect, blocked, send, wait, receive), measured where the requests pass
/// through a connection's pipeline, over HTTP/1.1 and HTTP/2.
@Suite("Phase timing")
struct PhaseTimingTests {
    private func get(_ url: String, method: CourierCore.HTTPMethod = .get, body: [UInt8]? = nil) -> PreparedRequest {
        PreparedRequest(
            request: HTTPRequest(method: method, url: url, body: body), options: SendOptions(timeout: Patience.loopback)
        )
    }

    /// The five phases of `hop` together, in seconds.
    private func sum(_ hop: ExchangeHop) -> Double { HopPhases.total(hop) }

    @Test(
        "a redirect chain: every hop timed, the first opens the connection, the others reuse it, and the phases add up")
    func redirects() async throws {
        try await withServer { server, client in
            let exchange = try await client.exchange(get(server.url("/dev/v1/redirect/2")))
            let hops = exchange.response.hops
            #expect(hops.count == 3)
            #expect(hops.allSatisfy { $0.phases != nil })
            #expect(hops.first?.phases?.connect != nil)
            #expect(hops.dropFirst().allSatisfy { $0.phases?.connect == nil })
            for hop in hops {
                let parts = HopPhases.lengths(hop)
                #expect(parts.allSatisfy { $0.seconds >= 0 })
                #expect(parts.map(\.name).suffix(3) == ["send", "wait", "receive"])
            }
            // The hops are the attempt: together no longer than it (redirect handling between them).
            let total = hops.reduce(0) { $0 + sum($1) }
            #expect(total <= exchange.response.totalTime + 0.000_5)
            #expect(total >= exchange.response.totalTime * 0.5)
        }
    }

    @Test("a slow server's time is wait, after the request was sent")
    func slowServer() async throws {
        try await withServer { server, client in
            _ = try await client.exchange(get(server.url("/dev/v1/users/1")))
            let response = try await client.exchange(get(server.url("/dev/v1/delay/150"))).response
            let hop = try #require(response.hops.last)
            #expect(hop.wait >= 0.14)
            #expect(hop.phases?.connect == nil)
            #expect((hop.phases?.send ?? 1) < 0.1 && (hop.phases?.blocked ?? 1) < 0.1)
        }
    }

    @Test("the number that ties a request to its phases never reaches the server, with or without a body")
    func headerStaysHome() async throws {
        try await withServer { server, client in
            for body in [nil, Array("{\"a\":1}".utf8)] {
                let response = try await client.exchange(get(server.url("/dev/v1/echo"), method: .post, body: body))
                    .response
                let echoed = try JSONValue.parse(response.body)
                guard case .object(let headers)? = echoed["headers"] else {
                    Issue.record("no headers echoed")
                    return
                }
                #expect(!headers.contains { $0.key.contains("courier") }, "\(headers.map(\.key))")
                #expect(response.hops.last?.phases != nil)
            }
        }
    }

    @Test("a header of the same name that the request itself has goes out as written, once")
    func usersOwnHeader() async throws {
        try await withServer { server, client in
            var request = get(server.url("/dev/v1/echo"), method: .post)
            request.request.headers = [HeaderField("X-Courier-Phase", "mine")]
            let response = try await client.exchange(request).response
            guard case .object(let headers)? = try JSONValue.parse(response.body)["headers"] else {
                Issue.record("no headers echoed")
                return
            }
            #expect(headers.filter { $0.key == "x-courier-phase" }.map(\.value) == [.string("mine")])
            #expect(response.hops.last?.phases != nil)
        }
    }

    @Test("HTTP/2: the first stream opens the connection, the next reuses it, and no stream carries the number")
    func http2() async throws {
        let server = try await HTTP2Server.start()
        let client = makeEngine()
        do {
            let options = SendOptions(timeout: Patience.loopback, tls: TLSSettings(caFile: TLSTests.caFile))
            var responses: [CourierCore.HTTPResponse] = []
            for _ in 0..<2 {
                let request = CourierCore.HTTPRequest(method: .get, url: "https://127.0.0.1:\(server.port)/")
                responses.append(try await client.send(request, options: options))
            }
            #expect(responses.map(\.version) == ["HTTP/2.0", "HTTP/2.0"])
            #expect(responses.map { $0.hops.last?.phases?.connect != nil } == [true, false])
            for response in responses {
                let names = String(decoding: response.body, as: UTF8.self).split(separator: "\n")
                #expect(!names.isEmpty && !names.contains { $0.contains("courier") }, "\(names)")
            }
        } catch {
            Issue.record("\(error)")
        }
        await client.shutdown()
        try await server.channel.close()
    }
}

/// An HTTP/2-only server over TLS (the test certificate) that answers every stream with the
/// names of the request headers it received, one per line; with `goAway`, after its first
/// answer on a connection it says it takes no more there (GOAWAY), and keeps it open.
struct HTTP2Server {
    var channel: any Channel
    var port: Int
    /// Connections accepted so far.
    var accepted: Locked<Int>

    static func start(goAway: Bool = false) async throws -> HTTP2Server {
        let chain = try NIOSSLCertificate.fromPEMFile(TLSTests.fixture("server.pem"))
        let key = try NIOSSLPrivateKey(file: TLSTests.fixture("server-key.pem"), format: .pem)
        var tls = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        tls.applicationProtocols = ["h2"]
        let context = try NIOSSLContext(configuration: tls)
        let accepted = Locked(0)
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                accepted.withLock { $0 += 1 }
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
                }.flatMap {
                    channel.configureHTTP2Pipeline(mode: .server) { stream in
                        stream.eventLoop.makeCompletedFuture {
                            try stream.pipeline.syncOperations.addHandlers([
                                HTTP2FramePayloadToHTTP1ServerCodec(), HeaderNames(goAway: goAway),
                            ])
                        }
                    }.map { _ in }
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return HTTP2Server(channel: channel, port: channel.localAddress?.port ?? 0, accepted: accepted)
    }

    /// Answers a request with its header names.
    private final class HeaderNames: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        private var names: [String] = []
        private let goAway: Bool

        init(goAway: Bool) {
            self.goAway = goAway
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head): names = head.headers.map { $0.name.lowercased() }
            case .body: break
            case .end:
                let body = names.joined(separator: "\n")
                var headers = HTTPHeaders()
                headers.add(name: "content-length", value: String(body.utf8.count))
                context.write(
                    wrapOutboundOut(.head(HTTPResponseHead(version: .http2, status: .ok, headers: headers))),
                    promise: nil)
                context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: body)))), promise: nil)
                context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
                if goAway, let connection = context.channel.parent {
                    let frame = HTTP2Frame(
                        streamID: .rootStream, payload: .goAway(lastStreamID: 1, errorCode: .noError, opaqueData: nil))
                    connection.writeAndFlush(frame, promise: nil)
                }
            }
        }
    }
}
