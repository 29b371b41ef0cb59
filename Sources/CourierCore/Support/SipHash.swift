/// SipHash-2-4 (Aumasson and Bernstein), a keyed pseudo-random function: a send's values are
/// derived from its draw's 128-bit key and the place they are written, so the screen's preview
/// and the request on the wire get the same ones, and no one can guess them without the key.
/// Swift's `Hasher` cannot be given a key.
public enum SipHash {
    /// The 64-bit SipHash-2-4 of `message` under the key `(key0, key1)` (the reference
    /// implementation's two little-endian halves of its 16-byte key).
    public static func hash(_ message: some Collection<UInt8>, key0: UInt64, key1: UInt64) -> UInt64 {
        var v0: UInt64 = 0x736f_6d65_7073_6575 ^ key0
        var v1: UInt64 = 0x646f_7261_6e64_6f6d ^ key1
        var v2: UInt64 = 0x6c79_6765_6e65_7261 ^ key0
        var v3: UInt64 = 0x7465_6462_7974_6573 ^ key1
        func round() {
            v0 &+= v1
            v1 = v1.rotated(13) ^ v0
            v0 = v0.rotated(32)
            v2 &+= v3
            v3 = v3.rotated(16) ^ v2
            v0 &+= v3
            v3 = v3.rotated(21) ^ v0
            v2 &+= v1
            v1 = v1.rotated(17) ^ v2
            v2 = v2.rotated(32)
        }
        var word: UInt64 = 0
        var filled = 0
        for byte in message {
            word |= UInt64(byte) << UInt64(8 * filled)
            filled += 1
            if filled == 8 {
                v3 ^= word
                round()
                round()
                v0 ^= word
                word = 0
                filled = 0
            }
        }
        let last = word | UInt64(truncatingIfNeeded: message.count) << 56
        v3 ^= last
        round()
        round()
        v0 ^= last
        v2 ^= 0xff
        for _ in 0..<4 { round() }
        return v0 ^ v1 ^ v2 ^ v3
    }
}

extension UInt64 {
    fileprivate func rotated(_ bits: UInt64) -> UInt64 { self << bits | self >> (64 - bits) }
}
