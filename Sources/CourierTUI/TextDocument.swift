import Foundation

/// A body kept as bytes plus an index of where each line starts, so a response of any size
/// is stored once and only the lines on screen are ever turned into `String`s.
public struct TextDocument: Sendable, Equatable {
    /// The text, UTF-8 (invalid sequences are replaced with U+FFFD when a line is read).
    public private(set) var bytes: [UInt8]
    /// Byte offset of the first character of each line.
    public private(set) var lineStarts: [Int]

    /// Indexes `bytes` by line; a trailing newline does not start an extra empty line.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts: [Int] = [0]
        starts.reserveCapacity(bytes.count / 32 + 1)
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            let count = buffer.count
            while offset < count {
                guard let found = memchr(base + offset, 0x0A, count - offset) else { break }
                let next = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                if next < count { starts.append(next) }
                offset = next
            }
        }
        lineStarts = bytes.isEmpty ? [] : starts
    }

    /// A document of the given lines.
    public init(lines: [String]) {
        self.init(Array(lines.joined(separator: "\n").utf8))
    }

    /// Adds `more` at the end (a live stream's next event), indexing only the new bytes: a
    /// stream of any length costs the same per event.
    public mutating func append(_ more: some Collection<UInt8>) {
        guard !more.isEmpty else { return }
        // The line after a trailing newline starts only now that a byte follows it.
        if bytes.isEmpty || bytes.last == 0x0A { lineStarts.append(bytes.count) }
        var offset = bytes.count
        bytes.append(contentsOf: more)
        let count = bytes.count
        while offset < count - 1 {
            if bytes[offset] == 0x0A { lineStarts.append(offset + 1) }
            offset += 1
        }
    }

    /// Number of lines.
    public var lineCount: Int { lineStarts.count }

    /// Line `index` without its newline (carriage returns dropped, invalid UTF-8 replaced).
    public func line(_ index: Int) -> String {
        guard lineStarts.indices.contains(index) else { return "" }
        let start = lineStarts[index]
        var end = index + 1 < lineStarts.count ? lineStarts[index + 1] - 1 : bytes.count
        if end > start, bytes[end - 1] == 0x0A { end -= 1 }
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
    }
}

extension Array {
    /// The element at `index`, or nil when it is out of range.
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
