import Foundation

@testable import CourierCore

/// Writes what an importer makes of a fixture as its expected files (`.json`, `.error`,
/// `.warnings` beside `base`), to be read over before they are committed:
/// `COURIER_WRITE_FIXTURES=1 swift test --filter ImportTests`.
enum FixtureWriter {
    static func write(to base: URL, _ run: () throws(ImportError) -> (json: String, warnings: [String])) {
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
