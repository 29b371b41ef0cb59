import CourierStore
import Foundation

/// Files a command writes besides its output (reports, HAR): checked before anything is sent,
/// written whole or not at all.
enum ReportFile {
    /// Fails before anything is sent when a report could not be written there.
    static func checkWritable(_ path: String, flag: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        let existing = folder.isEmpty ? "." : folder
        guard FileManager.default.fileExists(atPath: existing, isDirectory: &isFolder), isFolder.boolValue else {
            throw CLIFailure("\(flag) \(path): the folder \(existing) does not exist")
        }
        guard FileManager.default.isWritableFile(atPath: existing) else {
            throw CLIFailure("\(flag) \(path): the folder \(existing) is not writable")
        }
    }

    /// Writes a report whole or not at all.
    static func write(_ bytes: [UInt8], to path: String) throws {
        do {
            try AtomicFile.write(bytes, to: path)
        } catch {
            throw CLIFailure("cannot write \(path): \(error.localizedDescription)")
        }
    }
}
