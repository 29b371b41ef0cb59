import Foundation
import Testing

@testable import CourierCore

/// The golden files of an importer's fixture: `BASE.json` (the workspace an empty folder
/// gets), or `BASE.error` (the one line), and `BASE.warnings`. With
/// `COURIER_WRITE_FIXTURES=1` they are written from what the importer makes, to be read over
/// before they are committed (`COURIER_WRITE_FIXTURES=1 swift test --filter ImportTests`).
enum FixtureWriter {
    typealias Run = () throws(ImportError) -> (json: String, warnings: [String])

    /// Checks `run` against the files at `base` (writing them first when asked to).
    static func check(_ base: URL, _ run: Run) throws {
        if ProcessInfo.processInfo.environment["COURIER_WRITE_FIXTURES"] == "1" { write(to: base, run) }
        let warnings = text(base, "warnings").split(separator: "\n").map(String.init)
        let error = text(base, "error")
        if !error.isEmpty {
            #expect(throws: ImportError(error.trimmingCharacters(in: .newlines))) { try run() }
            return
        }
        let result = try run()
        #expect(result.json == text(base, "json"))
        #expect(result.warnings == warnings)
    }

    private static func text(_ base: URL, _ suffix: String) -> String {
        (try? String(contentsOf: base.appendingPathExtension(suffix), encoding: .utf8)) ?? ""
    }

    private static func write(to base: URL, _ run: Run) {
        for suffix in ["json", "error", "warnings"] {
            try? FileManager.default.removeItem(at: base.appendingPathExtension(suffix))
        }
        do {
            let result = try run()
            try? Data(result.json.utf8).write(to: base.appendingPathExtension("json"))
            if !result.warnings.isEmpty {
                try? Data((result.warnings.joined(separator: "\n") + "\n").utf8)
                    .write(to: base.appendingPathExtension("warnings"))
            }
        } catch {
            try? Data((error.message + "\n").utf8).write(to: base.appendingPathExtension("error"))
        }
    }
}
