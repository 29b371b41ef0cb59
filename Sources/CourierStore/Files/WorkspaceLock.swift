import CourierCore

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

/// One writer at a time for a workspace file: every read-modify-write of it (an import, the
/// screen's paste and save) holds this exclusive lock from its read to its write, so two
/// writers at once both land, one after the other, and no route is lost.
///
/// The lock is `flock` on the file itself, so no lock file is left in the user's folder.
/// Because a write replaces the file (a rename), a writer that got the lock checks that the
/// file it locked is still the one at the path, and locks again if not. While the file does
/// not exist yet, its folder is locked instead.
public enum WorkspaceLock {
    /// Why the lock could not be had.
    public struct Busy: Error, CustomStringConvertible, Sendable {
        /// One line naming the file.
        public let description: String
    }

    /// Runs `body` holding the exclusive lock of the workspace file at `path`; throws `Busy`
    /// when another writer holds it for longer than `seconds`.
    public static func withExclusive<T>(_ path: String, waiting seconds: Double = 5, _ body: () throws -> T) throws
        -> T
    {
        let descriptor = try acquire(path, seconds: seconds)
        defer {
            flock(descriptor, LOCK_UN)
            close(descriptor)
        }
        return try body()
    }

    private static func acquire(_ path: String, seconds: Double) throws(Busy) -> Int32 {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while true {
            var locksFolder = false
            var descriptor = open(path, O_RDONLY | O_CLOEXEC)
            if descriptor < 0 && errno == ENOENT {
                locksFolder = true
                descriptor = open(PathText.directory(path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            }
            guard descriptor >= 0 else {
                throw Busy(description: "cannot lock \(path): \(String(cString: strerror(errno)))")
            }
            while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                guard errno == EWOULDBLOCK || errno == EINTR, ContinuousClock.now < deadline else {
                    close(descriptor)
                    let waited = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
                    throw Busy(description: "\(path) is being changed by another Courier; gave up after \(waited) s")
                }
                usleep(20_000)
            }
            if stillCurrent(descriptor, path: path, locksFolder: locksFolder) { return descriptor }
            // The file was replaced (or made) while we waited: lock what is there now.
            flock(descriptor, LOCK_UN)
            close(descriptor)
        }
    }

    /// Whether the locked descriptor still stands for the path: the same file, or for a folder
    /// lock, a file that still does not exist.
    private static func stillCurrent(_ descriptor: Int32, path: String, locksFolder: Bool) -> Bool {
        var current = stat()
        let exists = stat(path, &current) == 0
        if locksFolder { return !exists }
        var locked = stat()
        guard exists, fstat(descriptor, &locked) == 0 else { return false }
        return locked.st_ino == current.st_ino && locked.st_dev == current.st_dev
    }
}
