import CourierCore
import Dispatch
import NIOCore
import NIOPosix

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Looks up a host's addresses for one new `WireConnection` and notes when the lookup ended,
/// so that a hop's `connect` says how much of it was DNS. One `getaddrinfo` (the system's
/// resolver, as NIO's own uses) off the event loop answers both of Happy Eyeballs' queries.
final class WireResolver: Resolver, Sendable {
    private let loop: any EventLoop
    private let v4: EventLoopPromise<[SocketAddress]>
    private let v6: EventLoopPromise<[SocketAddress]>
    private let state = Locked<(began: NIODeadline?, ended: NIODeadline?)>((nil, nil))

    init(loop: any EventLoop) {
        self.loop = loop
        v4 = loop.makePromise()
        v6 = loop.makePromise()
    }

    /// Seconds the lookup took; nil before it ended.
    var duration: Double? {
        state.withLock { state in
            guard let began = state.began, let ended = state.ended else { return nil }
            return PhaseLog.seconds(began, ended)
        }
    }

    func initiateAQuery(host: String, port: Int) -> EventLoopFuture<[SocketAddress]> {
        start(host: host, port: port)
        return v4.futureResult
    }

    func initiateAAAAQuery(host: String, port: Int) -> EventLoopFuture<[SocketAddress]> {
        start(host: host, port: port)
        return v6.futureResult
    }

    /// `getaddrinfo` cannot be cancelled; Happy Eyeballs stops waiting for it on its own.
    func cancelQueries() {}

    private func start(host: String, port: Int) {
        let first = state.withLock { state in
            defer { state.began = state.began ?? NIODeadline.now() }
            return state.began == nil
        }
        guard first else { return }
        DispatchQueue.global().async { [self] in
            let result = Self.lookUp(host, port: port)
            state.withLock { $0.ended = NIODeadline.now() }
            // A promise may be completed from any thread; its callbacks run on its loop.
            switch result {
            case .success(let found):
                v6.succeed(found.v6)
                v4.succeed(found.v4)
            case .failure(let error):
                v6.fail(error)
                v4.fail(error)
            }
        }
    }

    /// The IPv4 and IPv6 addresses of `host`, or why there are none.
    private static func lookUp(_ host: String, port: Int) -> Result<
        (v4: [SocketAddress], v6: [SocketAddress]), any Error
    > {
        var hint = addrinfo()
        hint.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hint.ai_protocol = Int32(IPPROTO_TCP)
        var list: UnsafeMutablePointer<addrinfo>?
        let code = getaddrinfo(host, String(port), &hint, &list)
        guard code == 0, let first = list else {
            let reason = code == 0 ? "no address" : String(cString: gai_strerror(code))
            return .failure(WireError.unresolved(reason))
        }
        defer { freeaddrinfo(first) }
        var v4: [SocketAddress] = []
        var v6: [SocketAddress] = []
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let entry = next {
            if let address = entry.pointee.ai_addr {
                switch entry.pointee.ai_family {
                case AF_INET:
                    v4.append(SocketAddress(UnsafeRawPointer(address).load(as: sockaddr_in.self), host: host))
                case AF_INET6:
                    v6.append(SocketAddress(UnsafeRawPointer(address).load(as: sockaddr_in6.self), host: host))
                default: break
                }
            }
            next = entry.pointee.ai_next
        }
        return .success((v4, v6))
    }
}
