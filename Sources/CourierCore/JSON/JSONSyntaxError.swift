/// A JSON document that is not valid RFC 8259, with the position of the first problem.
///
/// `line` and `column` are 1-based; columns count characters (not bytes) so the position
/// matches what an editor shows.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based line of the offending character.
    public var line: Int
    /// 1-based column of the offending character, counted in characters.
    public var column: Int
    /// Byte offset of the offending character.
    public var offset: Int
    /// What was expected or found, as a short phrase.
    public var reason: String

    /// Creates an error; `line`/`column` are computed from `offset` in `bytes`.
    init(reason: String, offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        var line = 1
        var lineStart = 0
        let end = min(offset, bytes.count)
        var i = 0
        while i < end {
            if bytes[i] == UInt8(ascii: "\n") {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        // Count characters, not bytes: every byte that is not a UTF-8 continuation byte starts one.
        var column = 1
        var j = lineStart
        while j < end {
            if bytes[j] & 0xC0 != 0x80 { column += 1 }
            j += 1
        }
        self.init(line: line, column: column, offset: offset, reason: reason)
    }

    /// Creates an error at a known position.
    public init(line: Int, column: Int, offset: Int, reason: String) {
        self.line = line
        self.column = column
        self.offset = offset
        self.reason = reason
    }

    /// `line L, column C: reason`, as `courier format` prints it.
    public var description: String { "line \(line), column \(column): \(reason)" }
}
