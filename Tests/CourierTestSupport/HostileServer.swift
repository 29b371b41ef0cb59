import Foundation

/// A loopback HTTP/1.1 server that misbehaves on purpose, for the tests of what a hostile or
/// careless server can do to Courier: bombs, silent closes, redirects into another
/// environment, echoed cookies, escape sequences in bodies.
///
/// Plain blocking sockets on threads of its own, so that it misbehaves exactly as told: no
/// framework in between that would tidy up a reply. Each request is answered by `handler`;
/// every request received is kept in `received`.
public final class HostileServer: @unchecked Sendable {
    /// One request as received.
    public struct Request: Sendable {
        /// The method token.
        public var method: String
        /// The request target: path and query.
        public var target: String
        /// Header lines in order, names as sent.
        public var headers: [(name: String, value: String)]
        /// The body (`Content-Length` bodies only).
        public var body: [UInt8]
        /// The connection it came on, counted from 0 in order of acceptance.
        public var connection: Int

        /// The first value of the header `name`, compared case-insensitively.
        public func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    /// What to answer.
    public struct Reply: Sendable {
        /// Status code.
        public var status: Int
        /// Header lines; `Content-Length` is added unless given.
        public var headers: [(name: String, value: String)]
        /// The body.
        public var body: [UInt8]
        /// After this answer, read the next request on the connection and close it without a
        /// word: what a server does that drops idle connections without `Connection: close`.
        public var dropNext: Bool

        /// A reply.
        public init(
            status: Int = 200, headers: [(name: String, value: String)] = [], body: [UInt8] = [],
            dropNext: Bool = false
        ) {
            self.status = status
            self.headers = headers
            self.body = body
            self.dropNext = dropNext
        }

        /// A text reply.
        public static func text(_ text: String, type: String = "text/plain", status: Int = 200) -> Reply {
            Reply(status: status, headers: [("Content-Type", type)], body: Array(text.utf8))
        }

        /// A redirect to `location`.
        public static func redirect(_ status: Int, to location: String) -> Reply {
            Reply(status: status, headers: [("Location", location)])
        }
    }

    /// The port it listens on, on 127.0.0.1.
    public let port: Int
    /// `http://127.0.0.1:PORT`.
    public var url: String { "http://127.0.0.1:\(port)" }

    private let listener: Int32
    private let handler: @Sendable (Request) -> Reply
    private let lock = NSLock()
    private var requests: [Request] = []
    private var connections = 0
    private var stopped = false

    /// Starts listening on an ephemeral loopback port.
    public init(_ handler: @escaping @Sendable (Request) -> Reply) throws {
        self.handler = handler
        (listener, port) = try LoopbackSocket.listen()
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    /// Every request received so far, in order.
    public var received: [Request] { lock.withLock { requests } }

    /// Stops accepting; connections already open end with their next read.
    public func stop() {
        let first = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        if first { shutdown(listener, Int32(SHUT_RDWR)) }
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                if errno == EINTR { continue }
                close(listener)
                return
            }
            let number = lock.withLock {
                defer { connections += 1 }
                return connections
            }
            let thread = Thread { [self] in serve(client, number: number) }
            thread.start()
        }
    }

    private func serve(_ client: Int32, number: Int) {
        defer { close(client) }
        var reader = SocketReader(descriptor: client)
        while let request = reader.request(connection: number) {
            lock.withLock { requests.append(request) }
            let reply = handler(request)
            guard write(reply, to: client) else { return }
            if reply.dropNext {
                if let dropped = reader.request(connection: number) { lock.withLock { requests.append(dropped) } }
                return
            }
        }
    }

    private func write(_ reply: Reply, to client: Int32) -> Bool {
        let reasons = [200: "OK", 301: "Moved Permanently", 302: "Found", 303: "See Other", 307: "Temporary Redirect"]
        var head = "HTTP/1.1 \(reply.status) \(reasons[reply.status] ?? "Reason")\r\n"
        for (name, value) in reply.headers { head += "\(name): \(value)\r\n" }
        if !reply.headers.contains(where: { $0.name.lowercased() == "content-length" }) {
            head += "Content-Length: \(reply.body.count)\r\n"
        }
        head += "\r\n"
        return SocketReader.send(Array(head.utf8) + reply.body, to: client)
    }
}
