import ArgumentParser

/// The flags that shape one request: `-p -q -H --body --form -F --text --variables` and the `SendFlags` (`--var --lang
/// --timeout --retries --retry-delay --no-follow`). `call` uses them; `diff` and export will.
struct RequestOptions: ParsableArguments {
    @Option(name: CallFlag.param.name, help: CallFlag.param.help)
    var params: [String] = []

    @Option(name: CallFlag.query.name, help: CallFlag.query.help)
    var query: [String] = []

    @Option(name: CallFlag.header.name, help: CallFlag.header.help)
    var headers: [String] = []

    @Option(name: CallFlag.body.name, help: CallFlag.body.help)
    var body: String?

    @Option(name: CallFlag.form.name, help: CallFlag.form.help)
    var form: [String] = []

    @Option(name: CallFlag.part.name, help: CallFlag.part.help)
    var parts: [String] = []

    @Option(name: CallFlag.text.name, help: CallFlag.text.help)
    var text: String?

    @Option(name: CallFlag.graphQLVariables.name, help: CallFlag.graphQLVariables.help)
    var graphQLVariables: String?

    @OptionGroup var send: SendFlags

    /// The flags as plain values (reading them is what costs in ArgumentParser's types).
    var settings: RequestSettings {
        RequestSettings(
            params: params, query: query, headers: headers, body: body, form: form, parts: parts, text: text,
            graphQLVariables: graphQLVariables, send: send.settings)
    }
}
