import CourierCore
import CourierImport

/// What every fuzz target shares: how a broken property is reported, and the checks that
/// more than one target makes.
public enum Invariant {
    /// Stops the run when `condition` is false: libFuzzer keeps the input as `crash-…`.
    /// (A fuzz harness is the one place where trapping is the point.)
    public static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("invariant broken: \(message())") }
    }

    /// The input as bytes.
    public static func bytes(_ data: UnsafePointer<UInt8>, _ size: Int) -> [UInt8] {
        Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// The input as text (invalid UTF-8 replaced, as Courier reads files).
    public static func text(_ data: UnsafePointer<UInt8>, _ size: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    }

    /// JSON text without the whitespace between tokens (and without a leading BOM): two texts
    /// that differ only in layout have the same compact form.
    public static func compact(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var inString = false
        var escaped = false
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        for byte in bytes[start...] {
            if inString {
                out.append(byte)
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
                out.append(byte)
            } else if ![0x20, 0x09, 0x0A, 0x0D].contains(byte) {
                out.append(byte)
            }
        }
        return out
    }

    /// An import must never write a workspace that does not load: merged into an empty file,
    /// `plan`'s result loads, and writing what loaded gives a file that loads to the same.
    public static func importedWorkspaceLoads(_ plan: ImportPlan) {
        let merge = WorkspaceMerge(fileName: "environments.json", baseDirectory: "/tmp", replace: false)
        guard let outcome = try? merge.merge(plan, into: nil) else { return }
        workspaceRoundTrips(outcome.bytes, what: "an imported workspace")
    }

    /// `bytes` load; what the writer makes of them loads to the same workspace and writes
    /// the same bytes again.
    public static func workspaceRoundTrips(_ bytes: [UInt8], what: String) {
        let loader = WorkspaceLoader()
        let workspace: Workspace
        do {
            workspace = try loader.load(bytes: bytes, fileName: "environments.json", baseDirectory: "/tmp")
        } catch {
            fatalError("invariant broken: \(what) does not load: \(error)\n\(String(decoding: bytes, as: UTF8.self))")
        }
        let written = WorkspaceWriter().bytes(workspace)
        do {
            let again = try loader.load(bytes: written, fileName: "environments.json", baseDirectory: "/tmp")
            require(
                WorkspaceWriter().bytes(again) == written,
                "\(what) writes differently once reloaded:\n\(String(decoding: written, as: UTF8.self))")
        } catch {
            fatalError(
                "invariant broken: \(what), written, does not load: \(error)\n\(String(decoding: written, as: UTF8.self))"
            )
        }
    }
}
