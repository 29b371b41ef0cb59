import CourierCore
import CourierStore

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

/// Files a command writes besides its output (reports, HAR): checked before anything is sent,
/// written whole or not at all.
enum ReportFile {
    /// Fails before anything is sent when a report could not be written there.
    static func checkWritable(_ path: String, flag: String) throws {
        let folder = PathText.parent(path)
        let existing = folder.isEmpty ? "." : folder
        var info = stat()
        guard stat(existing, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw CLIFailure("\(flag) \(path): the folder \(existing) does not exist")
        }
        guard access(existing, W_OK) == 0 else {
            throw CLIFailure("\(flag) \(path): the folder \(existing) is not writable")
        }
    }

    /// Writes a report whole or not at all.
    static func write(_ bytes: [UInt8], to path: String) throws {
        do {
            try AtomicFile.write(bytes, to: path)
        } catch {
            throw CLIFailure("cannot write \(path): \(ErrorText.describe(error))")
        }
    }
}
