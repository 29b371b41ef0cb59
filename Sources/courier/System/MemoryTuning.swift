import CSQLite

/// glibc's allocator, set for a process that allocates in bursts on several threads.
///
/// Why: each thread that allocates (the event loop, the history writer) gets an arena of its
/// own, which glibc grows a page at a time (an `mprotect` each) and gives back whenever its
/// top is free, so the next burst faults every page in again. A check run of 500 routes did
/// that hundreds of times (361 `mprotect`s, now 16), on the request loop's path and the
/// writer's: without history 0.879x -> 0.905x curl's rate (25 paired rounds; with a full history
/// no change over 81). Memory past the top stays mapped up to `trimThreshold`; blocks past the
/// mmap threshold (128 KB) still get their own mapping and go back to the system when freed, so
/// a large body does not stay resident.
enum MemoryTuning {
    /// Free memory at an arena's top kept rather than given back.
    static let trimThreshold: Int32 = 64 << 20
    /// How much more an arena grows by than a request needs.
    static let topPad: Int32 = 16 << 20

    /// Applies the settings, first thing in `main`.
    static func apply() {
        courier_tune_malloc(trimThreshold, topPad)
    }
}
