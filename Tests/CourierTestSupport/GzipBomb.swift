/// Small gzip members that inflate to a great deal: what a hostile server sends to exhaust a
/// client's memory.
public enum GzipBomb {
    /// A gzip member of about `decodedBytes / 158` bytes that inflates to at least
    /// `decodedBytes` zeros: one literal, then back-references of 258 bytes at distance 1, 13
    /// bits each in deflate's fixed Huffman code. Its CRC is left zero: a client that reads it
    /// to the end has already failed the test.
    public static func gzip(decodedBytes: Int) -> [UInt8] {
        var out: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
        out += deflate(decodedBytes: decodedBytes)
        out += [0, 0, 0, 0]
        let size = UInt32(truncatingIfNeeded: decodedBytes)
        out += [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24)]
        return out
    }

    /// The raw deflate stream of `gzip(decodedBytes:)`.
    static func deflate(decodedBytes: Int) -> [UInt8] {
        var bits = BitWriter()
        bits.write(1, count: 1)  // BFINAL
        bits.write(1, count: 2)  // BTYPE 01: fixed Huffman codes
        bits.writeCode(0x30, length: 8)  // literal 0
        var copies = max(0, (decodedBytes - 1 + 257) / 258)
        func copy() {
            bits.writeCode(0xC5, length: 8)  // length symbol 285: 258 bytes
            bits.writeCode(0, length: 5)  // distance code 0: distance 1
        }
        // Eight copies are 104 bits, 13 whole bytes: once the writer is on a byte boundary,
        // the stream repeats them, so most of a large bomb is copied rather than packed.
        while copies > 0 && !bits.isAligned {
            copy()
            copies -= 1
        }
        if copies >= 8 {
            var period = BitWriter()
            for _ in 0..<8 {
                period.writeCode(0xC5, length: 8)
                period.writeCode(0, length: 5)
            }
            let block = period.finish()
            for _ in 0..<(copies / 8) { bits.append(block) }
            copies %= 8
        }
        for _ in 0..<copies { copy() }
        bits.writeCode(0, length: 7)  // end of block (256)
        return bits.finish()
    }

    /// Packs bits least significant first, as deflate does.
    struct BitWriter {
        private var bytes: [UInt8] = []
        private var current: UInt32 = 0
        private var filled: UInt32 = 0

        /// `count` bits of `value`, least significant first (header fields, extra bits).
        mutating func write(_ value: UInt32, count: UInt32) {
            for index in 0..<count { push((value >> index) & 1) }
        }

        /// A Huffman code, most significant bit first.
        mutating func writeCode(_ code: UInt32, length: UInt32) {
            for index in (0..<length).reversed() { push((code >> index) & 1) }
        }

        /// Whether the next bit starts a byte.
        var isAligned: Bool { filled == 0 }

        /// Whole bytes, written when aligned.
        mutating func append(_ block: [UInt8]) {
            bytes += block
        }

        private mutating func push(_ bit: UInt32) {
            current |= bit << filled
            filled += 1
            if filled == 8 {
                bytes.append(UInt8(current))
                current = 0
                filled = 0
            }
        }

        /// The bytes, the last one padded with zeros.
        mutating func finish() -> [UInt8] {
            if filled > 0 { bytes.append(UInt8(current)) }
            return bytes
        }
    }
}
