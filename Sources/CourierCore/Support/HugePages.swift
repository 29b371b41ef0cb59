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

/// Transparent huge pages for large buffers that are about to be filled: a 2 MB page costs one
/// page fault where 4 KB pages cost 512, which is most of what filling 20–40 MB costs here.
enum HugePages {
    private static let size = UInt(2 << 20)

    /// Asks for huge pages over the whole 2 MB pages inside `buffer` (nothing for one under
    /// 4 MB). Only advice: the contents and the allocation are unchanged.
    static func advise(_ buffer: UnsafeMutableRawBufferPointer) {
        guard buffer.count >= 2 * Int(size), let base = buffer.baseAddress else { return }
        let start = (UInt(bitPattern: base) + size - 1) & ~(size - 1)
        let end = (UInt(bitPattern: base) + UInt(buffer.count)) & ~(size - 1)
        guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(pointer, Int(end - start), Int32(MADV_HUGEPAGE))
    }
}
