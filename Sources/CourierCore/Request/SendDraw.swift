#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The chance and the time one send's made values (`{{$uuid}}`, `{{$now}}`, `{{$random.int}}`)
/// come from: a 128-bit key and an instant.
///
/// Each value is derived from the key and where it is written (the field, and which of its
/// placeholders), never drawn from a shared generator, so building the same request twice with
/// one draw gives the same request: the screen's preview is what goes on the wire, and a build
/// retried after a prompt was answered keeps its values. Two placeholders get different values.
public struct SendDraw: Sendable, Equatable {
    /// The key's two halves.
    public var key0: UInt64
    public var key1: UInt64
    /// The instant `{{$now}}` reads, in seconds since 1970 (UTC).
    public var time: Double

    /// A draw with this key and time (tests, and a draw carried from the screen to the wire).
    public init(key0: UInt64, key1: UInt64, time: Double) {
        self.key0 = key0
        self.key1 = key1
        self.time = time
    }

    /// A new draw: a key of its own, and the time now. The key is SipHash of the draw's number
    /// under a key the process drew once from the system's random source: as unpredictable as
    /// that one, and no two alike. Drawing 16 bytes from the system for each send was two
    /// `getrandom` calls per request, 2 % of a check run's request loop.
    public static func fresh() -> SendDraw {
        let (number, key0, key1) = counter.withLock { state in
            state.drawn &+= 1
            return (state.drawn, state.key0, state.key1)
        }
        let bytes = (0..<8).map { UInt8(truncatingIfNeeded: number >> UInt64(8 * $0)) }
        return SendDraw(
            key0: SipHash.hash(bytes + [0], key0: key0, key1: key1),
            key1: SipHash.hash(bytes + [1], key0: key0, key1: key1), time: Date().timeIntervalSince1970)
    }

    /// The process's key, and how many draws it made.
    private struct Counter {
        var key0: UInt64
        var key1: UInt64
        var drawn: UInt64 = 0
    }

    private static let counter: Locked<Counter> = {
        var random = SystemRandomNumberGenerator()
        return Locked(Counter(key0: random.next(), key1: random.next()))
    }()

    /// `count` 64-bit words for the placeholder at `place`: SipHash of the place and the word's
    /// number, under the key.
    func words(_ count: Int, at place: String) -> [UInt64] {
        let bytes = Array(place.utf8)
        return (0..<count).map { word in
            SipHash.hash(bytes + [0, UInt8(truncatingIfNeeded: word)], key0: key0, key1: key1)
        }
    }

    /// `count` bytes for the placeholder at `place`.
    func bytes(_ count: Int, at place: String) -> [UInt8] {
        let words = words((count + 7) / 8, at: place)
        return Array(
            words.flatMap { word in (0..<8).map { UInt8(truncatingIfNeeded: word >> UInt64(8 * $0)) } }.prefix(count))
    }

    /// A number in `low...high` for `place`, without the modulo bias of a plain remainder.
    func integer(in range: ClosedRange<Int64>, at place: String) -> Int64 {
        let span = UInt64(bitPattern: range.upperBound &- range.lowerBound) &+ 1
        var word = 0
        while true {
            let value = words(word + 1, at: place)[word]
            guard span != 0 else { return Int64(bitPattern: value) }  // the whole 64-bit range
            // Rejection sampling: values in the last, incomplete span are drawn again.
            let limit = UInt64.max - UInt64.max % span
            if value < limit { return range.lowerBound &+ Int64(bitPattern: value % span) }
            word += 1
        }
    }
}
