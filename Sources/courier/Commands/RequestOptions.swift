import ArgumentParser

/// The flags that shape one request: `-p -q -H --body --form -F --text` and the `SendFlags` (`--var --lang
/// --timeout --retries --retry-delay --no-follow`). `call` uses them; `diff` and export will.
struct RequestOptions: ParsableArguments {
    @Option(name: .customShort("p"), help: ArgumentHelp("Path parameter.", valueName: "NAME=VALUE"))
    var params: [String] = []

    @Option(name: .customShort("q"), help: ArgumentHelp("Query parameter.", valueName: "NAME=VALUE"))
    var query: [String] = []

    @Option(name: .customShort("H"), help: ArgumentHelp("Header; 'Name:' removes one.", valueName: "'Name: value'"))
    var headers: [String] = []

    @Option(name: .long, help: ArgumentHelp("JSON body, or @FILE to read it from a file.", valueName: "JSON|@FILE"))
    var body: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Form field (sent application/x-www-form-urlencoded); repeatable, over the route's form.",
            valueName: "NAME=VALUE"))
    var form: [String] = []

    @Option(
        name: .customShort("F"),
        help: ArgumentHelp(
            "Multipart part: a value, or @FILE (streamed, ';type=T' and ';filename=N' may follow); repeatable.",
            valueName: "NAME=VALUE|NAME=@FILE"))
    var parts: [String] = []

    @Option(name: .long, help: ArgumentHelp("Text body, or @FILE to read it from a file.", valueName: "TEXT|@FILE"))
    var text: String?

    @OptionGroup var send: SendFlags

    /// The flags as plain values (reading them is what costs in ArgumentParser's types).
    var settings: RequestSettings {
        RequestSettings(
            params: params, query: query, headers: headers, body: body, form: form, parts: parts, text: text,
            send: send.settings)
    }
}
