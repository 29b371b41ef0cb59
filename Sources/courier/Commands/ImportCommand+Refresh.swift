import CourierCore
import CourierImport
import CourierStore

/// `courier import --refresh [--dry-run]`: every document the workspace records under
/// `"imports"` fetched again and merged as its last import was; what it adds, changes and no
/// longer has is listed (`+`, `~`, `-`) before anything is written, and only listed with
/// `--dry-run`. A source that cannot be fetched stops the refresh before anything is written.
extension ImportCommand {
    func refreshAll() async throws {
        let path = workspace.config
        let (existing, _, _) = try workspace.read()
        guard let existing, existing.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            throw CLIFailure("\(path) does not exist yet, so it records no import to refresh")
        }
        let loaded: Workspace
        do {
            loaded = try WorkspaceLoader().load(
                bytes: existing, fileName: path, baseDirectory: Self.absoluteFolder(of: path))
        } catch {
            throw CLIFailure(error.description)
        }
        guard !loaded.imports.isEmpty else {
            throw CLIFailure("\(path) records no import from a URL; courier import URL records one")
        }
        var plans: [(ImportSource, ImportPlan)] = []
        for source in loaded.imports {
            guard let format = ImportFormat(rawValue: source.format) else { continue }
            let bytes = try await ImportFetch.bytes(source.url, insecure: insecure)
            do {
                plans.append((source, try makePlan(format, source.url, bytes)))
            } catch let error as ImportError {
                throw CLIFailure(error.message)
            }
        }
        do {
            try WorkspaceLock.withExclusive(path) { try write(plans) }
        } catch let busy as WorkspaceLock.Busy {
            throw CLIFailure(busy.description)
        }
    }

    private func write(_ plans: [(ImportSource, ImportPlan)]) throws {
        let path = workspace.config
        var (bytes, sealed, file) = try workspace.read()
        var changes = 0
        for (source, plan) in plans {
            var merge = WorkspaceMerge(fileName: path, baseDirectory: Self.absoluteFolder(of: path), replace: false)
            merge.source = ImportSource(url: source.url, format: source.format)
            let outcome: WorkspaceMerge.Outcome
            do {
                outcome = try merge.merge(plan, into: bytes)
            } catch {
                throw CLIFailure(error.message)
            }
            for warning in plan.warnings + plan.skipWarnings + outcome.warnings { Console.error("warning: \(warning)") }
            for name in outcome.added { Console.line("+ \(name)") }
            for name in outcome.changed { Console.line("~ \(name)") }
            for name in outcome.removed { Console.line("- \(name)") }
            changes += outcome.added.count + outcome.changed.count + outcome.removed.count
            Console.error(
                "\(source.url): \(outcome.added.count) added, \(outcome.changed.count) changed, "
                    + "\(outcome.removed.count) removed, \(outcome.unchanged.count) unchanged",
                prefixed: false)
            bytes = outcome.bytes
        }
        if dryRun {
            Console.error(changes == 0 ? "nothing to change" : "--dry-run: nothing was written", prefixed: false)
            return
        }
        guard let bytes, changes > 0 else { return }
        do {
            try file.write(bytes, sealed: sealed)
        } catch {
            throw CLIFailure("cannot write \(path): \(ErrorText.describe(error))")
        }
    }
}
