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

/// Notices the workspace file changing on disk (saved from an editor, which often writes a
/// new file and renames it over the old one) by looking at its inode, size and modification
/// time twice a second, and reads it again. A stat costs microseconds, so an idle screen
/// stays idle in every way that matters.
@MainActor
final class WorkspaceWatcher {
    private let file: WorkspaceFile
    private var path: String { file.path }
    private var signature: [Int]?
    private var task: Task<Void, Never>?

    /// Watches `file` (a sealed one is read with its password).
    init(file: WorkspaceFile) {
        self.file = file
        signature = Self.signature(file.path)
    }

    /// Polls until `stop`; `changed` gets each new load (or its error).
    func start(_ changed: @escaping @MainActor (Result<Workspace, WorkspaceError>) -> Void) {
        guard !path.isEmpty else { return }
        task = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(500))
                guard let self else { return }
                let now = Self.signature(self.path)
                guard now != self.signature else { continue }
                self.signature = now
                // A file that is gone for a moment (mid-rename) is looked at again next time.
                guard now != nil else { continue }
                do throws(WorkspaceError) {
                    changed(.success(try self.file.load()))
                } catch {
                    changed(.failure(error))
                }
            }
        }
    }

    /// The screen wrote the file itself (and read it back): not a change to report.
    func noteWritten() { signature = Self.signature(path) }

    func stop() { task?.cancel() }

    private static func signature(_ path: String) -> [Int]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [
            Int(info.st_ino), Int(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec),
        ]
    }
}
