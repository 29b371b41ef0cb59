import CourierCore

/// Reads the answer to a WebSocket upgrade from raw bytes: its head, then (for a refusal)
/// its body as the head frames it (`Content-Length`, chunked, or up to the close).
///
/// Why not NIO's HTTP decoder: the frames a server sends right behind its `101` come in the
/// same read as the head, and the decoder drops bytes left over after an upgrade when the
/// connection has already ended (a server that greets and closes at once lost its greeting).
/// Here the bytes after the head are handed on as they are.
public struct WebSocketAnswer {
    /// A head read: status, reason, version and headers.
    public struct Head: Sendable, Equatable {
        public var status: Int
        public var reason: String
        public var version: String
        public var headers: [HeaderField]
    }

    /// What went wrong, in words for the user.
    public struct Failure: Error, Equatable {
        public var reason: String
    }

    /// The most a head may take.
    public static let headLimit = 64 << 10

    private var pending: [UInt8] = []

    /// A reader with nothing read yet.
    public init() {}

    /// Adds `bytes`; returns the head and the bytes after it once the head is whole (a
    /// `1xx` other than `101` is skipped), nil while it is not.
    public mutating func head(_ bytes: some Sequence<UInt8>) throws(Failure) -> (Head, rest: [UInt8])? {
        pending.append(contentsOf: bytes)
        while let end = Self.endOfHead(in: pending) {
            let head = try Self.parse(Array(pending[..<end]))
            let rest = Array(pending[(end + 4)...])
            pending = rest
            if head.status >= 100 && head.status < 200 && head.status != 101 { continue }
            pending = []
            return (head, rest)
        }
        guard pending.count <= Self.headLimit else {
            throw Failure(reason: "the answer's head is over \(ByteCount.format(Self.headLimit))")
        }
        return nil
    }

    private static func endOfHead(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    private static func parse(_ bytes: [UInt8]) throws(Failure) -> Head {
        let lines = bytes.split(separator: 10, omittingEmptySubsequences: false).map { line in
            String(decoding: line.last == 13 ? line.dropLast() : line, as: UTF8.self)
        }
        guard let statusLine = lines.first else { throw Failure(reason: "the answer has no status line") }
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3, let status = Int(parts[1]) else {
            throw Failure(
                reason: "the answer is not HTTP/1.1 (\(TerminalText.visibleLine(String(statusLine.prefix(60)))))")
        }
        var headers: [HeaderField] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                line.first != " ", line.first != "\t"
            else { throw Failure(reason: "the answer has a header line that does not read") }
            let name = String(line[..<colon])
            let value = line[line.index(after: colon)...].trimmingWhitespace()
            headers.append(HeaderField(name, value))
        }
        return Head(
            status: status, reason: parts.count > 2 ? String(parts[2]) : "", version: String(parts[0]),
            headers: headers)
    }
}
