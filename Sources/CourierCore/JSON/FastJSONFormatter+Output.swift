import CourierSystem

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension FastJSONFormatter {
    /// A growable output buffer. Large buffers are anonymous mappings with transparent huge
    /// pages requested (a 40 MB output then costs ~20 page faults instead of ~10,000).
    /// Callers reserve generously: untouched pages of a mapping cost nothing.
    struct Output {
        private(set) var base: UnsafeMutablePointer<UInt8>
        var count = 0
        private(set) var capacity: Int
        private var mapped: Bool
        private static let hugePage = Pages.huge

        init(capacity: Int) {
            if capacity >= Self.hugePage, let region = Self.map(Self.round(capacity)) {
                base = region
                self.capacity = Self.round(capacity)
                mapped = true
            } else {
                self.capacity = max(capacity, 4096)
                base = UnsafeMutablePointer<UInt8>.allocate(capacity: self.capacity)
                mapped = false
            }
        }

        private static func round(_ size: Int) -> Int { (size + hugePage - 1) / hugePage * hugePage }

        private static func map(_ size: Int) -> UnsafeMutablePointer<UInt8>? { Pages.map(size) }

        @inline(__always)
        mutating func reserve(_ extra: Int) {
            if count &+ extra > capacity { grow(count + extra) }
        }

        mutating func grow(_ needed: Int) {
            var newCapacity = capacity * 2
            while newCapacity < needed { newCapacity *= 2 }
            let rounded = Self.round(newCapacity)
            let mappedFresh = newCapacity >= Self.hugePage ? Self.map(rounded) : nil
            let fresh = mappedFresh ?? UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
            fresh.update(from: base, count: count)
            release()
            base = fresh
            capacity = mappedFresh == nil ? newCapacity : rounded
            mapped = mappedFresh != nil
        }

        @inline(__always)
        mutating func append(_ byte: UInt8) {
            reserve(1)
            base[count] = byte
            count &+= 1
        }

        /// Appends `length` bytes (see `FastJSONFormatter.copy`).
        @inline(__always)
        mutating func append(_ source: UnsafePointer<UInt8>, _ length: Int) {
            reserve(length)
            FastJSONFormatter.copy(source, length, to: base + count)
            count &+= length
        }

        @inline(__always)
        mutating func appendColonSpace() {
            reserve(2)
            base[count] = UInt8(ascii: ":")
            base[count &+ 1] = UInt8(ascii: " ")
            count &+= 2
        }

        /// Frees the buffer.
        func free() { release() }

        private func release() {
            if mapped {
                Pages.unmap(base, size: capacity)
            } else {
                base.deallocate()
            }
        }
    }
}

/// Where the fast printer writes: the growable buffer, a fixed one, or nothing when only
/// validity is wanted (`FastJSONFormatter.isValid`). The printer is generic over it, so each
/// is compiled on its own.
protocol FastJSONSink {
    /// A newline and the next line's indentation: `length` bytes of `pad`.
    mutating func appendNewline(_ pad: UnsafePointer<UInt8>, _ length: Int)
    mutating func append(_ byte: UInt8)
    mutating func append(_ source: UnsafePointer<UInt8>, _ length: Int)
    mutating func appendColonSpace()
}

extension FastJSONFormatter.Output: FastJSONSink {
    @inline(__always) mutating func appendNewline(_ pad: UnsafePointer<UInt8>, _ length: Int) { append(pad, length) }
}

extension FastJSONFormatter {
    /// Copies `length` bytes; short runs (most tokens) with two overlapping word moves instead
    /// of a `memmove` call.
    @inline(__always)
    static func copy(_ source: UnsafePointer<UInt8>, _ length: Int, to target: UnsafeMutablePointer<UInt8>) {
        let to = UnsafeMutableRawPointer(target)
        let from = UnsafeRawPointer(source)
        if length >= 8 && length <= 16 {
            to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
            (to + length - 8).storeBytes(of: (from + length - 8).loadUnaligned(as: UInt64.self), as: UInt64.self)
        } else if length >= 4 && length < 8 {
            to.storeBytes(of: from.loadUnaligned(as: UInt32.self), as: UInt32.self)
            (to + length - 4).storeBytes(of: (from + length - 4).loadUnaligned(as: UInt32.self), as: UInt32.self)
        } else if length < 4 {
            var index = 0
            while index < length {
                target[index] = source[index]
                index += 1
            }
        } else {
            to.copyMemory(from: from, byteCount: length)
        }
    }
}

/// Writes into memory the caller owns (an array's storage) and never grows: past its end it
/// only notes that the output did not fit, and the caller prints again the growable way. On
/// request it notes where each line starts, which the printer knows as it writes them.
struct FixedJSONSink: FastJSONSink {
    let base: UnsafeMutablePointer<UInt8>
    let capacity: Int
    private(set) var count = 0
    private(set) var overflowed = false
    /// Offsets where lines start, 0 first (nil: not noted). Noted only when `capacity` fits
    /// in 32 bits, so every offset does.
    private(set) var lineStarts: [UInt32]?

    init(_ base: UnsafeMutablePointer<UInt8>, capacity: Int, notingLines: Bool = false) {
        self.base = base
        self.capacity = capacity
        if notingLines, capacity <= Int(UInt32.max) {
            lineStarts = [0]
            // Pretty JSON has a line every ~18 bytes and fills about half of `capacity`: this
            // holds them without growing (a copy at the peak); unused reserve costs nothing.
            lineStarts?.reserveCapacity(capacity / 24)
        }
    }

    @inline(__always) mutating func appendNewline(_ pad: UnsafePointer<UInt8>, _ length: Int) {
        if lineStarts != nil { lineStarts?.append(UInt32(truncatingIfNeeded: count &+ 1)) }
        append(pad, length)
    }

    @inline(__always) mutating func append(_ byte: UInt8) {
        guard count < capacity else {
            overflowed = true
            return
        }
        base[count] = byte
        count &+= 1
    }

    @inline(__always) mutating func append(_ source: UnsafePointer<UInt8>, _ length: Int) {
        guard capacity &- count >= length else {
            overflowed = true
            return
        }
        FastJSONFormatter.copy(source, length, to: base + count)
        count &+= length
    }

    @inline(__always) mutating func appendColonSpace() {
        guard capacity &- count >= 2 else {
            overflowed = true
            return
        }
        base[count] = UInt8(ascii: ":")
        base[count &+ 1] = UInt8(ascii: " ")
        count &+= 2
    }
}

/// Writes nothing: the printer's walk is then a validator.
struct DiscardingJSONSink: FastJSONSink {
    /// Never read. A struct with no stored properties has no storage of its own: every
    /// instance is one shared address, so two threads validating at once "modify" the same
    /// memory as far as the thread sanitizer's access checks can tell (CI saw that report).
    private var storage: UInt8 = 0

    @inline(__always) mutating func appendNewline(_ pad: UnsafePointer<UInt8>, _ length: Int) {}
    @inline(__always) mutating func append(_ byte: UInt8) {}
    @inline(__always) mutating func append(_ source: UnsafePointer<UInt8>, _ length: Int) {}
    @inline(__always) mutating func appendColonSpace() {}
}
