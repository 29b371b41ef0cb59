import CourierCore
import Foundation
import Testing

@testable import CourierTUI

/// Every pane and every dialog, whole-screen, text and style, at 80×24, 160×48 and 200×60 (the
/// snapshots are in `Screens/`; `ScreenSnapshot` says how to write them again).
@Suite("Whole screens, text and style, for every pane and dialog")
struct ScreenSnapshotTests {
    /// One screen to draw.
    enum Scene: String, CaseIterable, Sendable {
        case routes, environments, form, response, production, failedCheck
        case help, switcher, confirm, runPicker, runConfirmation, runView, history, diffPicker, diff
        case pasteCurl, saveRoute, cookies, captures, capturesEmpty, comparePicker, compareView, timing
        case wrappedText, cutJSON, prompt, trust, operations, pickedOperation

        /// The state showing it on a `width` × `height` screen.
        func state(width: Int, height: Int) throws -> AppState {
            var state = Fixtures.state(width: width, height: height)
            switch self {
            case .routes:
                state.press(.down)
            case .environments:
                state.press(.backTab, .down)
            case .form:
                state.press(.down, .enter)
            case .response:
                state = try ScreenTests.answeredState(width: width, height: height)
            case .production:
                state = Fixtures.state(session: SessionState(environment: "production"), width: width, height: height)
                state.press(.down, .down, .enter)
            case .failedCheck:
                state.press(.down, .enter)
                try state.sendAndAnswer(Fixtures.response(#"{"id":42,"address":{"city":"Paris"}}"#))
            case .help:
                state.press(.char("?"), .down, .down)
            case .switcher:
                state.press(.char("e"), .down)
            case .confirm:
                state = Fixtures.state(session: SessionState(environment: "production"), width: width, height: height)
                state.press(.down, .down, .enter, .enter)
            case .runPicker:
                state.mode = .dialog(Modal(RunPicker()))
            case .runConfirmation:
                state = Fixtures.state(session: SessionState(environment: "production"), width: width, height: height)
                state.mode = .dialog(
                    Modal(
                        RunConfirmation(
                            title: "default selection", routes: Fixtures.workspace.routes, mutating: ["users.create"])))
            case .runView:
                state.press(.char("R"))
                state.mode = .dialog(Modal(RunDialog()))
            case .history:
                state.press(.down, .enter)
                _ = state.update(.historyLoaded(route: "users.show", entries: HistoryViewTests.entries))
            case .diffPicker:
                state = try ScreenTests.answeredState(width: width, height: height)
                state.press(.char("d"))
            case .diff:
                state = try ScreenTests.answeredState(width: width, height: height)
                let left = try #require(state.shownExchange)
                var right = left
                right.origin.environmentName = "production"
                right.response = Fixtures.response(#"{"id":42,"name":"Pablo","address":{"city":"Paris"}}"#)
                state.mode = .dialog(
                    Modal(
                        DiffDisplay(
                            route: "users.show", leftTitle: "development · 200 · now", left: left,
                            rightTitle: "production · 200 · now", right: right)))
            case .pasteCurl:
                state.press(.char("I"))
                state.type("curl 'https://api.test/users?page=2' -H 'Accept: application/json'")
            case .saveRoute:
                state.press(.down, .enter, .ctrl("s"))
            case .cookies:
                let cookies = [
                    StoredCookie(
                        name: "session", value: "s3cr3t", domain: "dev.test", hostOnly: true, path: "/", created: 0),
                    StoredCookie(
                        name: "theme", value: "dark", domain: "dev.test", hostOnly: false, path: "/v1", secure: true,
                        httpOnly: true, expires: 1_800_000_000, created: 0),
                ]
                _ = state.update(.cookiesLoaded(environment: "development", cookies: cookies))
            case .captures:
                state.captured["development"] = ["created": "43", "session": "tok-3f9a"]
                state.press(.char("V"), .down)
            case .capturesEmpty:
                state.press(.char("V"))
            case .comparePicker:
                state.workspace.runs = [NamedRun(name: "smoke", patterns: ["users.*"])]
                state.press(.char("R"), .down, .char("c"))
            case .compareView:
                state = try CompareViewTests.compared(width: width, height: height).0
            case .prompt:
                state.press(.down, .enter)
                state.mode = .dialog(Modal(TextEntryDialog(.answer(.secretPrompt("OTP code")), text: "123456")))
            case .trust:
                state.mode = .dialog(
                    Modal(
                        TrustDialog(
                            need: .command("pass show api/token"),
                            commands: ["pass show api/token", "op read op://vault/item/field"],
                            file: "/home/qa/shop/environments.json")))
            case .operations, .pickedOperation:
                state = GraphQLOperationTests.state(width: width, height: height)
                _ = try GraphQLOperationTests.open(&state, answer: .schema(try GraphQLOperationTests.schema))
                if self == .pickedOperation { state.press(.down, .down, .enter) }
            case .timing:
                state = try TimingDialogTests.timed(width: width, height: height)
                state.press(.char("t"))
            case .wrappedText:
                state = try WrapTests.answered(WrapTests.text, width: width, height: height)
            case .cutJSON:
                let long = String(repeating: "abcdefghij", count: 20)
                state = try WrapTests.answered(
                    Fixtures.response(#"{"id": 42, "note": "\#(long)", "tags": ["a", "b"]}"#), width: width,
                    height: height)
                state.press(.right)
            }
            return state
        }
    }

    @Test(
        "the screen as the snapshot shows it", arguments: Scene.allCases,
        [(80, 24), (160, 48), (200, 60)] as [(Int, Int)])
    func snapshot(scene: Scene, size: (Int, Int)) throws {
        let state = try scene.state(width: size.0, height: size.1)
        let times = HistoryViewTests.entries.map { (HistoryListing.localTime($0.recordedAt), "YYYY-MM-DD hh:mm:ss") }
        try ScreenSnapshot.expect(state, named: "\(scene.rawValue)-\(size.0)x\(size.1)", replacing: times)
    }
}
