/// One step of a JSON document as `JSONReader` sees it. Ranges are byte offsets into the
/// document and include the quotes of strings and keys, so literals can be copied verbatim.
public enum JSONEvent: Sendable, Equatable {
    case objectStart
    case objectEnd
    case arrayStart
    case arrayEnd
    /// An object key, quotes included; the reader has already consumed the `:` after it.
    case key(Range<Int>)
    case string(Range<Int>)
    case number(Range<Int>)
    /// `true`, `false` or `null`.
    case literal(Range<Int>)
}
