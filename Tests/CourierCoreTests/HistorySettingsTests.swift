import Foundation
import Testing

@testable import CourierCore

@Suite("History settings in the workspace")
struct HistorySettingsTests {
    private func load(_ text: String) throws(WorkspaceError) -> Workspace {
        try WorkspaceLoader().load(bytes: Array(text.utf8), fileName: "environments.json")
    }

    private let environments =
        #""environments": {"dev": {"base_url": "http://x"}, "ci": {"base_url": "http://y", "history": false}}"#

    @Test(
        "\"history\" at the top level sets the limits or turns recording off; an environment can opt out",
        arguments: [
            ("", HistorySettings()),
            (#", "history": false"#, HistorySettings(enabled: false)),
            (#", "history": {"keep": 20}"#, HistorySettings(keep: 20)),
            (#", "history": {"max_mb": 0.5}"#, HistorySettings(maxBytes: 524_288)),
            (#", "history": {"keep": 5, "max_mb": 64}"#, HistorySettings(keep: 5, maxBytes: 64 << 20)),
        ])
    func settings(extra: String, expected: HistorySettings) throws {
        let text = "{\(environments)\(extra)}"
        let workspace = try load(text)
        #expect(workspace.history == expected)
        #expect(workspace.environments.map(\.recordsHistory) == [true, false])
        // Written back, it loads to the same value.
        let again = try WorkspaceLoader().load(bytes: WorkspaceWriter().bytes(workspace), fileName: "environments.json")
        #expect(again.history == expected)
        #expect(again.environments.map(\.recordsHistory) == [true, false])
    }

    @Test(
        "wrong values name the key",
        arguments: [
            (#""history": {"keep": 0}"#, "environments.json: history.keep: must be at least 1"),
            (#""history": {"kept": 3}"#, "environments.json: history.kept: unknown key (did you mean 'keep'?)"),
            (#""history": "off""#, "environments.json: history: expected an object, found a string"),
        ])
    func errors(extra: String, message: String) {
        #expect(throws: (any Error).self) { try load("{\(environments), \(extra)}") }
        do {
            _ = try load("{\(environments), \(extra)}")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("\"capture_ttl\" at the top level: seconds a captured value is kept; written back as written")
    func captureLifetime() throws {
        #expect(try load("{\(environments)}").captureLifetime == nil)
        let workspace = try load("{\(environments), \"capture_ttl\": 900}")
        #expect(workspace.captureLifetime == 900)
        let written = String(decoding: WorkspaceWriter().bytes(workspace), as: UTF8.self)
        #expect(written.contains("\"capture_ttl\": 900"))
        let again = try WorkspaceLoader().load(bytes: Array(written.utf8), fileName: "environments.json")
        #expect(again.captureLifetime == 900)
        do {
            _ = try load("{\(environments), \"capture_ttl\": 0}")
            Issue.record("loaded")
        } catch {
            #expect(error.description == "environments.json: capture_ttl: must be at least 1")
        }
    }

    @Test("an environment's \"history\" can only be false")
    func environmentTrue() {
        do {
            _ = try load(#"{"environments": {"dev": {"base_url": "http://x", "history": true}}}"#)
            Issue.record("loaded")
        } catch {
            #expect(
                error.description
                    == #"environments.json: environments.dev.history: only false is allowed here (limits go in the top-level "history")"#
            )
        }
    }
}
