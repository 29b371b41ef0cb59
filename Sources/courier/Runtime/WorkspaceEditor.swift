import CourierCore
import CourierImport
import CourierStore
import CourierTUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The screen's writes to the workspace file (a pasted curl command, a saved form), through
/// the same merge as `courier import`: the file keeps what it holds, is written whole, and
/// is read back so the screen shows what the file now says.
enum WorkspaceEditor {
    /// Imports `command`, naming the route so no route of `workspace` has its name.
    static func importCurl(_ command: String, into workspace: Workspace, file: WorkspaceFile) -> Result<
        WrittenRoute, ImportError
    > {
        let importer = CurlImporter(currentDirectory: FileManager.default.currentDirectoryPath)
        do {
            var plan = try importer.plan(command)
            let taken = Set(workspace.routes.map(\.name))
            for index in plan.routes.indices {
                plan.routes[index].route.name = ImportPlan.freeName(
                    plan.routes[index].route.name, taken: taken.contains)
            }
            return write(plan, into: workspace, file: file, replace: false)
        } catch {
            return .failure(error)
        }
    }

    /// Writes `route` in place of the route called `replacing`, or adds it.
    static func save(_ route: Route, replacing: String?, into workspace: Workspace, file: WorkspaceFile) -> Result<
        WrittenRoute, ImportError
    > {
        var plan = ImportPlan()
        plan.add(route, environment: nil)
        return write(plan, into: workspace, file: file, replace: replacing != nil)
    }

    /// A sealed workspace is read and written through `file`, so it stays sealed.
    private static func write(_ plan: ImportPlan, into workspace: Workspace, file: WorkspaceFile, replace: Bool)
        -> Result<WrittenRoute, ImportError>
    {
        let path = workspace.file
        guard !path.isEmpty, let name = plan.routes.last?.route.name else {
            return .failure(ImportError("this workspace has no file to write to"))
        }
        do {
            // From the read to the write, no other writer (a `courier import`, another screen).
            return try WorkspaceLock.withExclusive(path) {
                () throws(ImportError) -> Result<WrittenRoute, ImportError> in
                let existing = try? file.read().bytes
                let merge = WorkspaceMerge(
                    fileName: path, baseDirectory: ImportCommand.absoluteFolder(of: path), replace: replace)
                let outcome = try merge.merge(plan, into: existing)
                do {
                    try file.write(outcome.bytes, sealed: workspace.isSealed)
                } catch {
                    throw ImportError("cannot write \(path): \(ErrorText.describe(error))")
                }
                let notes = outcome.credentials.map { "credential: '\($0.variable)' of \($0.environment) (secret)" }
                do throws(WorkspaceError) {
                    return .success(
                        WrittenRoute(
                            workspace: try file.load(), route: name, environment: outcome.environments[name],
                            notes: notes))
                } catch {
                    throw ImportError(error.description)
                }
            }
        } catch let error as ImportError {
            return .failure(error)
        } catch {
            return .failure(ImportError("\(error)"))
        }
    }
}
