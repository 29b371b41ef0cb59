import CourierCore

/// The body of an answer that refused a WebSocket upgrade, framed as its head says: its first
/// megabyte kept, its whole size counted.
public struct WebSocketRefusalBody {
    private enum Framing {
        case none
        case length(Int)
        case chunked
        case untilClose
    }

    private enum Chunk {
        case size(line: [UInt8])
        case data(left: Int)
        case dataEnd(left: Int)
        case trailers(line: [UInt8])
    }

    /// How much is kept.
    public static let keptLimit = 1 << 20

    private let framing: Framing
    private var chunk = Chunk.size(line: [])
    /// The first megabyte.
    public private(set) var kept: [UInt8] = []
    /// Every body byte received.
    public private(set) var size = 0
    /// The body has ended as its framing says.
    public private(set) var complete = false

    /// The body of the answer `head` begins.
    public init(_ head: WebSocketAnswer.Head) {
        let coding = head.headers.value(for: "Transfer-Encoding")?.lowercased()
        if head.status == 204 || head.status == 304 || (head.status >= 100 && head.status < 200) {
            framing = .none
        } else if coding?.contains("chunked") == true {
            framing = .chunked
        } else if let length = head.headers.value(for: "Content-Length").flatMap({ Int($0) }), length >= 0 {
            framing = .length(length)
        } else {
            framing = .untilClose
        }
        if case .none = framing { complete = true }
        if case .length(0) = framing { complete = true }
    }

    /// Adds bytes that came after the head (or after earlier ones).
    public mutating func feed(_ bytes: [UInt8]) throws(WebSocketAnswer.Failure) {
        guard !complete else { return }
        switch framing {
        case .none: return
        case .untilClose: take(bytes[...])
        case .length(let length):
            let part = bytes.prefix(length - size)
            take(part)
            if size == length { complete = true }
        case .chunked: try unchunk(bytes)
        }
    }

    private mutating func take(_ part: ArraySlice<UInt8>) {
        size += part.count
        let room = Self.keptLimit - kept.count
        if room > 0 { kept += part.prefix(room) }
    }

    private mutating func unchunk(_ bytes: [UInt8]) throws(WebSocketAnswer.Failure) {
        var index = bytes.startIndex
        while index < bytes.endIndex && !complete {
            switch chunk {
            case .size(var line):
                let byte = bytes[index]
                index += 1
                guard byte == 10 else {
                    line.append(byte)
                    guard line.count <= 4096 else {
                        throw WebSocketAnswer.Failure(reason: "a chunk size line is over 4 KB")
                    }
                    chunk = .size(line: line)
                    continue
                }
                let digits = String(decoding: line.prefix { $0 != 59 && $0 != 13 }, as: UTF8.self).trimmingWhitespace()
                guard let count = Int(digits, radix: 16), count >= 0 else {
                    throw WebSocketAnswer.Failure(reason: "the answer's chunked body does not read")
                }
                chunk = count == 0 ? .trailers(line: []) : .data(left: count)
            case .data(let left):
                let part = bytes[index..<min(bytes.endIndex, index + left)]
                take(part)
                index += part.count
                chunk = part.count == left ? .dataEnd(left: 2) : .data(left: left - part.count)
            case .dataEnd(let left):
                index += 1
                chunk = left == 1 ? .size(line: []) : .dataEnd(left: left - 1)
            case .trailers(var line):
                let byte = bytes[index]
                index += 1
                guard byte == 10 else {
                    line.append(byte)
                    chunk = .trailers(line: line)
                    continue
                }
                if line.isEmpty || line == [13] { complete = true } else { chunk = .trailers(line: []) }
            }
        }
    }
}
