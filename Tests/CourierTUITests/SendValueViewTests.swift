import CourierCore
import Testing

@testable import CourierTUI

/// Values made at send time on the screen: the preview shows the values the send uses, a
/// prompt asks in a dialog (a secret one unseen, masked after), a file or a command is made by
/// the runtime and the send goes on, a failure is one line.
@Suite("Values made at send time, on the screen")
struct SendValueViewTests {
    static func state(_ routes: [Route]) -> AppState {
        var workspace = Fixtures.workspace
        workspace.routes = routes
        var state = AppState(workspace: workspace, processEnvironment: [:], width: 100, height: 30)
        state.draw = SendDraw(key0: 11, key1: 12, time: 1_795_879_931)
        return state
    }

    @Test("the preview shows the send's made values; the send uses them; the next send draws anew")
    func preview() throws {
        var state = Self.state([
            Route(name: "made", method: "GET", path: "/users", query: [QueryItem("id", "{{$uuid}}")])
        ])
        state.press(.enter)
        let previewed = try #require(try state.resolvedURL?.get())
        #expect(Views.render(state).trimmedLines.joined().contains(String(previewed.suffix(20))))
        let sent = try #require(state.press(.enter).sent.first)
        #expect(sent.request.url == previewed)
        _ = state.update(.drawn(SendDraw(key0: 1, key1: 2, time: 0)))
        #expect(try state.resolvedURL?.get() != previewed)
    }

    @Test("a secret prompt asks in a dialog, typed unseen; the answer is sent, masked, and asked again next time")
    func prompt() throws {
        let route = Route(
            name: "otp", method: "GET", path: "/users",
            headers: [HeaderField("X-OTP", "{{$prompt.secret \"OTP code\"}}")])
        var state = Self.state([route])
        state.press(.enter)
        #expect(state.outgoingHeaders.contains { $0.field.name == "X-OTP" })
        #expect(state.press(.enter).isEmpty)
        let dialog = try #require(state.modal?.dialog as? TextEntryDialog)
        #expect(dialog.kind == .answer(.secretPrompt("OTP code")))
        state.type("12+/=&\"")
        let screen = Views.render(state).trimmedLines.joined(separator: "\n")
        #expect(screen.contains("OTP code") && screen.contains("> •••••••▏") && !screen.contains("12+/"))
        let sent = try #require(state.press(.enter).sent.first)
        #expect(sent.request.headers.value(for: "X-OTP") == "12+/=&\"")
        let flight = try #require(state.inFlight[sent.id])
        #expect(flight.request.origin.secretValues.contains("12+/=&\""))
        #expect(state.sendAnswers.isEmpty)
        // Esc cancels the request in flight; the next send asks again, and Esc sends nothing.
        state.press(.escape)
        #expect(state.press(.enter).isEmpty && state.modal?.dialog is TextEntryDialog)
        #expect(state.press(.escape).isEmpty && state.modal == nil)
    }

    @Test("a file or a command is made by the runtime, then the send goes on; a failure is one line")
    func madeByRuntime() throws {
        var route = Route(name: "note", method: "POST", path: "/echo")
        route.text = "{{$file \"note.txt\"}}"
        var state = Self.state([route])
        state.press(.enter)
        #expect(state.press(.enter) == [.makeValue(.file("note.txt"))])
        #expect(state.status?.text == "making {{$file \"note.txt\"}}…")
        let sent = try #require(state.update(.valueMade(.file("note.txt"), .success("from disk"))).sent.first)
        #expect(sent.request.body == Array("from disk".utf8))
        #expect(state.status == nil)
        // Read again at the next send; this time it fails.
        state.press(.escape)
        #expect(state.press(.enter) == [.makeValue(.file("note.txt"))])
        let failure = RequestError.valueFailed(.file("note.txt"), reason: "No such file or directory")
        #expect(state.update(.valueMade(.file("note.txt"), .failure(failure))).isEmpty)
        #expect(
            state.status?.text == "{{$file \"note.txt\"}}: No such file or directory" && state.status?.isError == true)
        // A late answer for nothing waiting does nothing.
        #expect(state.update(.valueMade(.file("note.txt"), .success("late"))).isEmpty)
    }

    @Test(
        "a command of a file not trusted yet: the dialog lists the commands; y trusts and makes it, another key runs none"
    )
    func trust() throws {
        var route = Route(name: "tok", method: "GET", path: "/users")
        route.headers = [HeaderField("X-Tok", "{{$command \"pass show t\"}}")]
        var state = Self.state([route])
        state.press(.enter)
        let need = SendNeed.command("pass show t")
        #expect(state.press(.enter) == [.makeValue(need)])
        #expect(state.update(.trustAsked(need)).isEmpty)
        let dialog = try #require(state.modal?.dialog as? TrustDialog)
        #expect(dialog.commands == ["pass show t"])
        #expect(Views.render(state).trimmedLines.joined(separator: "\n").contains("  pass show t"))
        #expect(state.press(.char("y")) == [.trustWorkspace(commands: ["pass show t"]), .makeValue(need)])
        #expect(state.modal == nil)
        let sent = try #require(state.update(.valueMade(need, .success("t0ken"))).sent.first)
        #expect(sent.request.headers.value(for: "X-Tok") == "t0ken")
        // The command's output is kept for the session; a refusal runs nothing.
        state.press(.escape)
        #expect(state.press(.enter).sent.count == 1)
        var refusing = Self.state([route])
        refusing.press(.enter, .enter)
        _ = refusing.update(.trustAsked(need))
        #expect(refusing.press(.char("n")).isEmpty)
        #expect(refusing.status?.text == "not trusted: no command ran, nothing was sent")
    }
}
