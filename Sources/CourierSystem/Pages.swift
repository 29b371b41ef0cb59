#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Memory taken and advised by the page, for the JSON printer's large buffers: a 2 MB huge
/// page costs one page fault where 4 KB pages cost 512, which is most of what filling 20–40 MB
/// costs. System calls, so they live here rather than in the core.
public enum Pages {
    /// The size of a transparent huge page.
    public static let huge = 2 << 20

    /// Asks for huge pages over the whole 2 MB pages inside `buffer` (nothing for one under
    /// 4 MB). Only advice: the contents and the allocation are unchanged.
    public static func adviseHuge(_ buffer: UnsafeMutableRawBufferPointer) {
        let size = UInt(huge)
        guard buffer.count >= 2 * huge, let base = buffer.baseAddress else { return }
        let start = (UInt(bitPattern: base) + size - 1) & ~(size - 1)
        let end = (UInt(bitPattern: base) + UInt(buffer.count)) & ~(size - 1)
        guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(pointer, Int(end - start), Int32(MADV_HUGEPAGE))
    }

    /// `size` bytes of fresh anonymous memory with huge pages requested, or nil when the
    /// system gives none. Untouched pages cost nothing; `unmap` returns it.
    public static func map(_ size: Int) -> UnsafeMutablePointer<UInt8>? {
        let raw = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let raw, raw != MAP_FAILED else { return nil }
        _ = madvise(raw, size, Int32(MADV_HUGEPAGE))
        return raw.assumingMemoryBound(to: UInt8.self)
    }

    /// Returns memory `map` gave.
    public static func unmap(_ base: UnsafeMutablePointer<UInt8>, size: Int) {
        _ = munmap(base, size)
    }

    /// Drops the whole pages between two offsets of `bytes` from memory (a mapped file's are
    /// read again if needed).
    public static func drop(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, upTo offset: Int) {
        guard let base = bytes.baseAddress else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = UInt(bitPattern: base)
        let alignedStart = (start + UInt(from) + UInt(page) - 1) & ~UInt(page - 1)
        let alignedEnd = (start + UInt(offset)) & ~UInt(page - 1)
        guard alignedEnd > alignedStart, let pointer = UnsafeMutableRawPointer(bitPattern: alignedStart) else { return }
        _ = madvise(pointer, Int(alignedEnd - alignedStart), Int32(MADV_DONTNEED))
    }
}
