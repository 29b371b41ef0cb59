import CourierCore
import CourierStore
import CourierTUI

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

/// The screen's password dialog for a sealed workspace, shown before the workspace loads:
/// draws `PasswordDialog` and tries each password it submits until one opens the file or the
/// user quits. Nothing else runs yet, so it waits for keys in `poll()` on the main actor.
@MainActor
enum PasswordScreen {
    /// The opened workspace and the file with its password, or nil when the user quit.
    static func unlock(_ file: WorkspaceFile, terminal: NcursesTerminal, input: InputWatcher) -> (
        Workspace, WorkspaceFile
    )? {
        var dialog = PasswordDialog(file: file.path)
        var file = file
        while true {
            let size = terminal.size
            terminal.present(dialog.render(width: size.width, height: size.height))
            var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 200)
            if input.takeResize() { terminal.resizeToWindow() }
            for case .key(let key) in terminal.readKeys() {
                switch dialog.handle(key) {
                case .none:
                    continue
                case .cancel:
                    return nil
                case .submit(let password):
                    file.password = password
                    do throws(WorkspaceError) {
                        return (try file.load(), file)
                    } catch .sealed(_, let error) {
                        dialog.error = error.description
                    } catch {
                        dialog.error = error.description
                    }
                }
            }
        }
    }
}
