import Foundation
import Testing

@testable import CourierTUI

/// A whole screen as a reviewer reads it, text and style: the rows (trailing spaces trimmed),
/// then one letter per cell for its style (`.` plain), then what each letter means. Kept in
/// `Screens/NAME.txt` beside this file and compared cell for cell; a protected environment's
/// colour or the focused pane's border changing shows as a changed letter.
///
/// `COURIER_RECORD_SCREENS=1 swift test --filter ScreenSnapshotTests` writes the files again
/// (review the diff before committing). A missing file is written and the test fails, so a
/// screen never passes unseen.
enum ScreenSnapshot {
    /// The folder holding the snapshots.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Screens")

    /// `buffer` as the snapshot text; each of `replacing`'s first strings becomes its second
    /// (same width), for what depends on the machine (local times).
    static func text(of buffer: ScreenBuffer, replacing: [(String, String)] = []) -> String {
        var lines = buffer.trimmedLines
        for (actual, placeholder) in replacing where !actual.isEmpty {
            lines = lines.map { $0.replacingOccurrences(of: actual, with: placeholder) }
        }
        var legend: [Style] = []
        var styleRows: [String] = []
        for row in 0..<buffer.height {
            var letters = ""
            for column in 0..<buffer.width {
                let style = buffer.cells[row * buffer.width + column].style
                if style == .plain {
                    letters += "."
                    continue
                }
                let index = legend.firstIndex(of: style) ?? (legend.count)
                if index == legend.count { legend.append(style) }
                letters += String(UnicodeScalar(UInt8(index < 26 ? 97 + index : 65 + index - 26)))
            }
            while letters.hasSuffix(".") { letters.removeLast() }
            styleRows.append(letters)
        }
        let meanings = legend.enumerated().map { index, style in
            let letter = String(UnicodeScalar(UInt8(index < 26 ? 97 + index : 65 + index - 26)))
            return "\(letter) \(describe(style))"
        }
        return (lines + ["--- styles"] + styleRows + ["--- legend"] + meanings).joined(separator: "\n") + "\n"
    }

    /// `red bold reverse`, `default dim`.
    static func describe(_ style: Style) -> String {
        var words = [style.foreground.map { "\($0)" } ?? "default"]
        if style.bold { words.append("bold") }
        if style.reverse { words.append("reverse") }
        if style.dim { words.append("dim") }
        if style.underline { words.append("underline") }
        return words.joined(separator: " ")
    }

    /// Compares `state`'s screen with `Screens/NAME.txt`.
    static func expect(
        _ state: AppState, named name: String, replacing: [(String, String)] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let actual = text(of: Views.render(state), replacing: replacing)
        let file = folder.appendingPathComponent(name + ".txt")
        let recording = ProcessInfo.processInfo.environment["COURIER_RECORD_SCREENS"] == "1"
        guard !recording, let expected = try? String(contentsOf: file, encoding: .utf8) else {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try actual.write(to: file, atomically: true, encoding: .utf8)
            if !recording {
                Issue.record("Screens/\(name).txt was missing: written; review it", sourceLocation: sourceLocation)
            }
            return
        }
        #expect(
            actual == expected, "Screens/\(name).txt differs; the screen is:\n\(actual)", sourceLocation: sourceLocation
        )
    }
}
