import Foundation

/// Reads HTTP/1.1 requests off a blocking socket.
struct SocketReader {
    let descriptor: Int32
    private var buffer: [UInt8] = []

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The next request, or nil when the peer closed or sent something unreadable.
    mutating func request(connection: Int) -> HostileServer.Request? {
        guard let end = fill(until: { $0.firstRange(of: [13, 10, 13, 10]) }) else { return nil }
        let head = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
        buffer.removeFirst(end.upperBound)
        var lines = head.components(separatedBy: "\r\n")
        let start = lines.removeFirst().split(separator: " ")
        guard start.count == 3 else { return nil }
        let headers = lines.compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let length = headers.first { $0.name.lowercased() == "content-length" }.flatMap { Int($0.value) } ?? 0
        guard fill(until: { $0.count >= length ? $0.startIndex..<length : nil }) != nil else { return nil }
        let body = Array(buffer[..<length])
        buffer.removeFirst(length)
        return HostileServer.Request(
            method: String(start[0]), target: String(start[1]), headers: headers, body: body, connection: connection)
    }

    /// Reads until `found` finds something in the buffer; nil at the end of the stream.
    private mutating func fill(until found: ([UInt8]) -> Range<Int>?) -> Range<Int>? {
        while true {
            if let range = found(buffer) { return range }
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            buffer += chunk[..<count]
        }
    }

    /// Writes all of `bytes`; false when the peer went away.
    static func send(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}
