/// The one definition of a valid multi-byte UTF-8 sequence (RFC 3629: no overlong forms,
/// no surrogates, nothing above U+10FFFF), shared by both JSON printers.
enum UTF8Sequence {
    enum Result: Equatable {
        /// Valid, `length` bytes long.
        case valid(Int)
        /// The first byte cannot start a sequence.
        case invalidLead
        /// The input ends inside the sequence.
        case truncated
        /// A continuation byte is out of range.
        case invalid
    }

    /// Checks the sequence whose lead byte (≥ 0x80) is at `p`.
    @inline(__always)
    static func validate(_ p: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> Result {
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        let continuation: Int
        switch p.pointee {
        case 0xC2...0xDF: continuation = 1
        case 0xE0:
            continuation = 2
            lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: continuation = 2
        case 0xED:
            continuation = 2
            upper = 0x9F
        case 0xF0:
            continuation = 3
            lower = 0x90
        case 0xF1...0xF3: continuation = 3
        case 0xF4:
            continuation = 3
            upper = 0x8F
        default: return .invalidLead
        }
        for index in 1...continuation {
            guard p + index < end else { return .truncated }
            let byte = p[index]
            let (low, high) = index == 1 ? (lower, upper) : (UInt8(0x80), UInt8(0xBF))
            guard byte >= low && byte <= high else { return .invalid }
        }
        return .valid(continuation + 1)
    }

    /// The length of the valid sequence at `index` of `bytes` (lead byte ≥ 0x80), or nil.
    static func length(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        if case .valid(let length) = validate(base + index, base + bytes.count) { return length }
        return nil
    }
}
