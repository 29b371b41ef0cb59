import CourierCore
import Foundation
import Testing

@testable import CourierTUI

/// The history dialog, a recorded exchange in the Response pane, sending it again, comparing
/// it with the current response or with another environment, and copying as curl.
@Suite("History, comparisons and curl on the screen")
struct HistoryViewTests {
    static let madrid = #"{"id":42,"address":{"city":"Madrid"}}"#
    static let paris = #"{"id":42,"address":{"city":"Paris"}}"#

    /// users.show open and answered live from development with Madrid.
    static func answered(width: Int = 100, height: Int = 30) throws -> AppState {
        var state = Fixtures.state(width: width, height: height)
        state.press(.down, .enter)
        try state.sendAndAnswer(Fixtures.response(madrid))
        return state
    }

    static let entries = [
        HistoryEntry(
            id: 7, recordedAt: Date(timeIntervalSince1970: 1_800_000_000), workspace: "w", environment: "production",
            route: "users.show", method: "GET", url: "https://prod.test/users/42", status: 200, totalTime: 0.012,
            bodySize: 38, checkTally: CheckTally(passed: 2, total: 2)),
        HistoryEntry(
            id: 3, recordedAt: Date(timeIntervalSince1970: 1_799_990_000), workspace: "w", environment: "development",
            route: "users.show", method: "GET", url: "http://dev.test/v1/users/42", status: 404, totalTime: 0.003,
            bodySize: 20),
    ]

    /// Entry 7 as the database gives it back: production, Paris, masked.
    static var record: HistoryRecord {
        HistoryRecord(
            id: 7, recordedAt: Date(timeIntervalSince1970: 1_800_000_000),
            exchange: Exchange(
                request: HTTPRequest(method: .get, url: "https://prod.test/users/42"),
                response: Fixtures.response(paris),
                origin: ExchangeOrigin(workspace: "w", environmentName: "production", routeName: "users.show")))
    }

    @Test("H asks for the open route's history; the dialog lists it newest first; Enter asks for one exchange")
    func dialog() throws {
        var state = try Self.answered()
        #expect(state.press(.escape, .char("H")) == [.loadHistory(route: "users.show")])
        _ = state.update(.historyLoaded(route: "users.show", entries: Self.entries))
        guard let browser = state.modal?.dialog as? HistoryDialog else {
            Issue.record("no history dialog: \(state.mode)")
            return
        }
        #expect(browser.entries.map(\.id) == [7, 3])
        let screen = Views.render(state).trimmedLines.joined(separator: "\n")
        #expect(screen.contains("History · users.show"))
        #expect(
            screen.contains(
                "#7  \(HistoryListing.localTime(Self.entries[0].recordedAt))  production   200  12 ms  ✓ 2/2"))
        #expect(screen.contains("#3  \(HistoryListing.localTime(Self.entries[1].recordedAt))  development  404  3 ms"))
        #expect(state.press(.char("j"), .enter) == [.loadRecord(id: 3)])
        #expect(state.mode == .normal)
        // Ids padded to the widest, so the columns after them line up.
        var wider = Self.entries
        wider[0].id = 12
        let rows = wider.map { HistoryDialog.row($0, environmentWidth: 11, idWidth: 2) }
        #expect(rows[0].hasPrefix("#12  " + HistoryListing.localTime(wider[0].recordedAt)))
        #expect(rows[1].hasPrefix("#3   " + HistoryListing.localTime(wider[1].recordedAt)))

        var empty = try Self.answered()
        empty.press(.escape, .char("H"))
        _ = empty.update(.historyLoaded(route: "users.show", entries: []))
        #expect(empty.mode == .normal && empty.status?.text == "nothing recorded for users.show yet")
    }

    @Test("a recorded exchange is shown marked as recorded; s sends its route to its environment again")
    func recorded() throws {
        var state = try Self.answered()
        // A request in flight when the record opens…
        let early = try #require(state.press(.enter).sent.first?.id)
        _ = state.update(.recordLoaded(Self.record))
        #expect(state.focus == .response && state.response?.recordedAt == Self.record.recordedAt)
        #expect(state.response?.environmentName == "production")
        let title = Views.render(state).trimmedLines.first { $0.contains("Response ──") } ?? ""
        #expect(title.contains("Response ── recorded \(HistoryListing.localTime(Self.record.recordedAt)) 200 OK"))
        // …answers late: it does not cover the recorded exchange.
        state.answer(early, with: Fixtures.response(Self.madrid))
        #expect(state.response?.recordedAt == Self.record.recordedAt)
        #expect(state.response?.environmentName == "production")
        let sent = state.press(.char("s")).sent
        #expect(sent.map(\.request.url) == ["https://prod.test/users/42"])
    }

    @Test("a failed attempt: — and why in the list, in red; Enter shows it as the failure it was; s sends it again")
    func failedAttempt() throws {
        var state = try Self.answered()
        state.press(.escape, .char("H"))
        var failed = Self.entries[1]
        failed.id = 9
        failed.status = 0
        failed.failure = "could not connect to http://dev.test/v1/users/42: connection refused"
        _ = state.update(.historyLoaded(route: "users.show", entries: [failed] + Self.entries))
        let screen = Views.render(state).trimmedLines.joined(separator: "\n")
        let time = HistoryListing.localTime(failed.recordedAt)
        #expect(screen.contains("#9  \(time)  development  —    3 ms  ✗ could not connect to http://dev.test/v1/"))
        #expect(state.press(.enter) == [.loadRecord(id: 9)])
        var record = Self.record
        record.id = 9
        record.exchange.origin.environmentName = "development"
        record.exchange.request.url = "http://dev.test/v1/users/42"
        record.exchange.response = HTTPResponse(status: 0, reason: "", totalTime: 0.003, attempts: 0)
        record.failure = failed.failure
        _ = state.update(.recordLoaded(record))
        #expect(state.response == nil && state.focus == .response)
        let pane = Views.render(state).trimmedLines.joined(separator: "\n")
        #expect(pane.contains("Response ── ✗ Failed (recorded #9)"), "\(pane)")
        #expect(pane.contains("users.show @ development") && pane.contains("connection refused"))
        #expect(!pane.contains(" 0 ") && !pane.contains("200 OK"))
        #expect(state.press(.char("s")).sent.map(\.request.url) == ["http://dev.test/v1/users/42"])
    }

    @Test("x compares the recorded exchange with the current response; n N jump, Esc closes")
    func compareRecorded() throws {
        var state = try Self.answered()
        _ = state.update(.recordLoaded(Self.record))
        state.press(.char("x"))
        guard let display = state.modal?.dialog as? DiffDisplay else {
            Issue.record("no diff view: \(state.mode)")
            return
        }
        #expect(display.differences == [Difference(place: "json address.city", left: "\"Paris\"", right: "\"Madrid\"")])
        #expect(display.leftTitle.hasPrefix("production · 200 · recorded "))
        #expect(display.rightTitle == "development · 200 · now")
        state.press(.char("n"), .escape)
        #expect(state.mode == .normal)

        var fresh = try Self.answered()
        fresh.press(.tab, .char("x"))
        #expect(fresh.status?.text == "x compares a recorded exchange (H lists them)")
    }

    @Test("d sends the shown route to the picked environment and compares; the same answer says so")
    func compareEnvironments() throws {
        var state = try Self.answered()
        state.press(.tab, .char("d"))
        #expect(state.mode == .dialog(Modal(DiffPicker(cursor: ListCursor(1)))))
        let sent = state.press(.enter).sent
        #expect(sent.map(\.request.url) == ["https://prod.test/users/42"])
        state.answer(try #require(sent.first?.id), with: Fixtures.response(Self.paris))
        guard let display = state.modal?.dialog as? DiffDisplay else {
            Issue.record("no diff view: \(state.mode)")
            return
        }
        #expect(display.rightTitle == "production · 200 · now" && display.leftTitle == "development · 200 · now")
        // The response pane still shows what was compared from.
        #expect(state.response?.environmentName == "development")

        state.press(.escape, .char("d"), .char("1"))
        let again = try #require(state.inFlight.keys.max())
        state.answer(again, with: Fixtures.response(Self.madrid))
        #expect(state.mode == .normal)
        #expect(state.status?.text == "development · 200 · now and development · 200 · now: the same")
    }

    @Test("a diff of binary bodies is sizes and a hex line, inside the frame at 80×24")
    func binaryDiff() {
        // Bytes that would move the cursor and clear the screen if they reached the terminal.
        let image: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x1B, 0x5B, 0x32, 0x4A] + Array(repeating: 0x07, count: 300)
        var changed = image
        changed[200] = 0x0D
        let left = Exchange(
            request: HTTPRequest(method: .get, url: "x"),
            response: HTTPResponse(status: 200, reason: "OK", body: image),
            origin: ExchangeOrigin(environmentName: "development"))
        var right = left
        right.response.body = changed
        let display = DiffDisplay(
            route: "r", leftTitle: "development", left: left, rightTitle: "production", right: right)
        #expect(display.bodyLines.isEmpty)
        #expect(display.differences.map(\.place) == ["body", "body bytes from 192 (first difference at 200)"])
        var state = Fixtures.state(width: 80, height: 24)
        state.mode = .dialog(Modal(display))
        let screen = Views.render(state).trimmedLines
        #expect(screen.count == 24 && screen.allSatisfy { CellWidth.of($0) <= 80 })
        #expect(!screen.joined().contains { $0.unicodeScalars.contains { $0.value < 0x20 } })
        #expect(screen.contains { $0.contains("binary, 308 B") })
    }

    @Test("the diff view: side by side at 100 columns, stacked below; the current difference marked")
    func diffView() throws {
        let left = Exchange(
            request: HTTPRequest(method: .get, url: "x"),
            response: Fixtures.response(#"{"a":1,"b":"tok-1"}"#, status: 200),
            origin: ExchangeOrigin(environmentName: "development", secretValues: ["tok-1"]))
        var right = left
        right.response = Fixtures.response(#"{"a":2,"b":"x"}"#, status: 404)
        right.origin.environmentName = "production"
        let display = DiffDisplay(
            route: "r", leftTitle: "development", left: left, rightTitle: "production", right: right)
        #expect(
            display.differences.map(\.description) == [
                "status: 200 | 404", "json a: 1 | 2", "json b: \"••••••\" | \"x\"",
            ])

        // Each side's own secret: they differ, and masked they read alike, so it is said once.
        var secret = right
        secret.response = Fixtures.response(#"{"a":1,"b":"tok-2"}"#)
        secret.origin.secretValues = ["tok-2"]
        let secrets = DiffDisplay(
            route: "r", leftTitle: "development", left: left, rightTitle: "production", right: secret)
        #expect(secrets.differences.map(\.description) == ["json b: \"••••••\" (secret differs)"])
        #expect(secrets.rows(width: 120) == [.place("json b"), .text("  \"••••••\"  (secret differs)")])

        var wide = Fixtures.state(width: 100, height: 14)
        wide.mode = .dialog(Modal(display))
        let lines = Views.render(wide).trimmedLines
        #expect(
            lines[1]
                == "│ development                                    │ production                                      │"
        )
        #expect(
            lines[2]
                == "│▸status                                                                                           │"
        )
        #expect(
            lines[3]
                == "│  200                                           │ 404                                             │"
        )
        #expect(
            lines[11]
                == "│ n N next / previous difference · j k scroll · Esc closes · 1/3                                   │"
        )

        var narrow = Fixtures.state(width: 60, height: 14)
        narrow.mode = .dialog(Modal(display))
        narrow.press(.char("n"))
        let stacked = Views.render(narrow).trimmedLines
        #expect(stacked[1] == "│ - development  + production                              │")
        #expect(stacked[2] == "│ status                                                   │")
        #expect(stacked[3] == "│   - 200                                                  │")
        #expect(stacked[4] == "│   + 404                                                  │")
        #expect(stacked[5] == "│▸json a                                                   │")
        #expect(stacked[11] == "│ n N next / previous difference · j k scroll · Esc closes │")
    }

    @Test("y copies the open request as curl, secrets as shell variables")
    func copyCurl() throws {
        var state = try Self.answered()
        let effects = state.press(.escape, .char("y"))
        guard case .copy(let text)? = effects.first else {
            Issue.record("nothing copied: \(effects)")
            return
        }
        #expect(text.contains(#"--header 'Authorization: Bearer '"$TOKEN""#))
        #expect(!text.contains("dev-secret"))
        #expect(state.status?.text == "copied users.show as curl (secrets as shell variables)")
    }
}
