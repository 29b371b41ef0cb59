import CourierCore

/// A send that stopped for a value from outside (`{{$prompt}}`, `{{$file}}`, `{{$command}}`),
/// sent again once the value is there.
public struct ValueWait: Sendable, Equatable {
    /// What it waits for.
    public var need: SendNeed
    /// The route and the environment it was going to.
    public var route: Route
    public var environment: Environment
    /// What its answer is for.
    public var purpose = AppState.InFlight.Purpose.show
}

/// Values made at send time on the screen: the draw the preview shares with the send, the
/// prompt dialog, and the values the runtime makes off the loop.
extension AppState {
    /// `input` with this screen's draw and the values from outside made so far.
    func made(_ input: RequestInput) -> RequestInput {
        var input = input
        input.draw = draw
        input.answers = sendAnswers
        return input
    }

    /// Asks for what `wait` needs: a prompt in a dialog, the rest from the runtime.
    mutating func ask(for wait: ValueWait) -> [Effect] {
        valueWait = wait
        switch wait.need {
        case .prompt, .secretPrompt:
            mode = .dialog(Modal(TextEntryDialog(.answer(wait.need))))
            return []
        case .file, .command:
            status = StatusLine(text: "making \(wait.need.description)…", isError: false)
            return [.makeValue(wait.need)]
        }
    }

    /// A value came (typed, or made by the runtime): the waiting send goes again, which may
    /// ask for the next one. A failure is one line, and nothing is sent.
    mutating func valueCame(_ need: SendNeed, _ result: Result<String, RequestError>) -> [Effect] {
        guard let wait = valueWait, wait.need == need else { return [] }
        valueWait = nil
        switch result {
        case .success(let value):
            sendAnswers[need] = value
            if status?.text.hasPrefix("making ") == true { status = nil }
            return send(route: wait.route, to: wait.environment, purpose: wait.purpose)
        case .failure(let error):
            status = StatusLine(text: error.screenDescription, isError: true)
            return []
        }
    }
}
