import CourierCore
import Foundation

/// Whole-file writes that never leave a half-written file: the bytes go to a temporary file
/// in the same folder, which is then renamed over the target (atomic on POSIX file systems).
public enum AtomicFile {
    /// Writes `bytes` to `path`, creating its folder when `createFolder` is set.
    public static func write(_ bytes: [UInt8], to path: String, createFolder: Bool = false) throws {
        if createFolder {
            try FileManager.default.createDirectory(
                atPath: FileBytes.directory(path), withIntermediateDirectories: true)
        }
        let temporary = path + ".tmp-\(getpid())"
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: temporary))
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw CocoaError(.fileWriteUnknown)
        }
    }
}
