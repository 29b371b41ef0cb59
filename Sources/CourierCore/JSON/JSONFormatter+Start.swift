extension JSONFormatter {
    /// The complete lines `format` writes for a document of which only `bytes`, its start, has
    /// arrived: a prefix of the whole document's output, ending with a newline (empty while
    /// no line is complete). Without colours.
    ///
    /// Every such line is final: the printer writes a token only once it has read all of it,
    /// and ends a line only after a `,`, an opening bracket followed by something other than
    /// its closing one, or before a closing bracket. Where the start is already invalid, the
    /// lines before the problem (each of them valid as far as it goes).
    public func formatStart(of bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBufferPointer { input in
            let (capacity, overflow) = input.count.multipliedReportingOverflow(by: 3)
            guard !overflow, capacity < Int.max - 64 else { return [] }
            var output = FastJSONFormatter.Output(capacity: capacity + 64)
            defer { output.free() }
            // False here means "the document goes on" (or is invalid): what was written stands.
            _ = FastJSONFormatter.format(input, indent: indent, into: &output)
            var end = output.count
            while end > 0 && output.base[end - 1] != UInt8(ascii: "\n") { end -= 1 }
            return Array(UnsafeBufferPointer(start: output.base, count: end))
        }
    }
}
