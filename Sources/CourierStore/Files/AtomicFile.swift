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

/// Whole-file writes that never leave a half-written file: the bytes go to a temporary file
/// in the same folder, are flushed to disk, and the file is then renamed over the target
/// (atomic on POSIX file systems). A file that exists keeps its permissions (a workspace
/// holding secrets may be private), and a symbolic link is followed, not replaced.
///
/// A state file (`isPrivate`) is different: 0600 whatever it was, its folder 0700, and a link
/// where it belongs is refused rather than followed (see `PrivateFiles`).
public enum AtomicFile {
    /// Writes `bytes` to `path`, creating its folder when `createFolder` is set. A new file
    /// gets `newFileMode` (less the umask); a private one 0600.
    public static func write(
        _ bytes: [UInt8], to path: String, createFolder: Bool = false, newFileMode: mode_t = 0o644,
        isPrivate: Bool = false
    ) throws {
        let folder = PathText.directory(path)
        if createFolder && isPrivate {
            try StateFolder.prepare(folder)
        } else if createFolder {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        var target = path
        var mode = isPrivate ? PrivateFiles.fileMode : newFileMode
        var info = stat()
        if isPrivate && lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK {
            throw PrivateFiles.Refusal(
                description: "\(path) is a symbolic link; Courier does not write its state through one")
        }
        let existed = stat(path, &info) == 0
        if existed && isPrivate {
            mode = PrivateFiles.fileMode
        } else if existed {
            mode = info.st_mode & 0o7777
            if let resolved = realpath(path, nil) {
                target = String(cString: resolved)
                free(resolved)
            }
        }
        let temporary = target + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var written = 0
        var failure: Int32 = 0
        bytes.withUnsafeBytes { raw in
            while written < raw.count {
                let count = systemWrite(descriptor, raw.baseAddress.map { $0 + written }, raw.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                written += count
            }
        }
        // The mode given to open() is masked by the umask; a file that existed keeps its own.
        if failure == 0 && (existed || isPrivate) && fchmod(descriptor, mode) != 0 { failure = errno }
        if failure == 0 && fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        guard failure == 0 else {
            unlink(temporary)
            throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO)
        }
        guard rename(temporary, target) == 0 else {
            let code = errno
            unlink(temporary)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
    }
}

/// The C library's `write`, which methods named `write` here would shadow.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
