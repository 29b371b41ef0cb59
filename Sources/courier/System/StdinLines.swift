import CourierSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard input's lines as they come, read on a thread of their own (a blocking read must
/// not hold the engine's loop): each line without its line feed (or CR LF), at most `limit`
/// bytes; a longer one is skipped with a one-line warning. The stream ends at end of input.
enum StdinLines {
    static func stream(limit: Int, skipped: @escaping @Sendable (Int) -> Void) -> AsyncStream<[UInt8]> {
        let (lines, feed) = AsyncStream<[UInt8]>.makeStream()
        let started = NativeThread.detach {
            var line: [UInt8] = []
            var tooLong = false
            var size = 0
            var buffer = [UInt8](repeating: 0, count: 64 << 10)
            func end() {
                if tooLong { skipped(size) } else { feed.yield(line.last == 13 ? Array(line.dropLast()) : line) }
                line.removeAll(keepingCapacity: true)
                tooLong = false
                size = 0
            }
            while true {
                let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                for byte in buffer[0..<count] {
                    if byte == 10 {
                        end()
                        continue
                    }
                    size += 1
                    if size > limit {
                        tooLong = true
                        line.removeAll()
                    } else if !tooLong {
                        line.append(byte)
                    }
                }
            }
            if size > 0 { end() }
            feed.finish()
        }
        if !started { feed.finish() }
        return lines
    }
}
