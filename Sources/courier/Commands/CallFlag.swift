import ArgumentParser

/// Every option and flag `courier call` takes, declared once: the ArgumentParser declarations
/// (`WorkspaceOptions`, `RequestOptions`, `SendFlags`, `PrintOptions`, `CallCommand`) take
/// their names and help from here, and `CallQuickParser` reads the same names, so the fast
/// path and ArgumentParser cannot disagree on a spelling (`CallShortcutTests` holds the rest).
enum CallFlag: Int, CaseIterable {
    // Options that take a value.
    case env, config, param, query, header, body, form, part, text, graphQLVariables, variable, language, timeout,
        retries
    case retryDelay, jsonPath, message, until, count, har
    // Flags.
    case yes, curl, showSecrets, noFollow, noHistory, noCookies, include, raw, timing

    /// Every spelling, the one help shows first.
    var names: [String] {
        switch self {
        case .env: ["--env"]
        case .config: ["--config"]
        case .param: ["-p"]
        case .query: ["-q"]
        case .header: ["-H"]
        case .body: ["--body"]
        case .form: ["--form"]
        case .part: ["-F"]
        case .text: ["--text"]
        case .graphQLVariables: ["--variables"]
        case .variable: ["--var"]
        case .language: ["--lang"]
        case .timeout: ["--timeout"]
        case .retries: ["--retries"]
        case .retryDelay: ["--retry-delay"]
        case .jsonPath: ["--json-path"]
        case .message: ["--message"]
        case .until: ["--until"]
        case .count: ["--count"]
        case .har: ["--har"]
        case .yes: ["--yes"]
        case .curl: ["--curl"]
        case .showSecrets: ["--show-secrets"]
        case .noFollow: ["--no-follow"]
        case .noHistory: ["--no-history"]
        case .noCookies: ["--no-cookies"]
        case .include: ["-i", "--include"]
        case .raw: ["--raw"]
        case .timing: ["-v", "--timing"]
        }
    }

    /// Whether it takes a value (the others are flags).
    var takesValue: Bool { rawValue <= CallFlag.har.rawValue }

    /// Whether a call may give it more than once.
    var repeats: Bool {
        switch self {
        case .param, .query, .header, .form, .part, .variable, .message: true
        default: false
        }
    }

    /// The flag `argument` spells, or nil.
    static func named(_ argument: String) -> CallFlag? {
        allCases.first { $0.names.contains(argument) }
    }

    /// Its names as ArgumentParser declares them.
    var name: NameSpecification {
        NameSpecification(
            names.map { name in
                name.hasPrefix("--")
                    ? .customLong(String(name.dropFirst(2))) : .customShort(name.last ?? "-")
            })
    }

    /// What `--help` says of it.
    var help: ArgumentHelp {
        switch self {
        case .env: ArgumentHelp("Environment (default: the remembered one, else the first).")
        case .config: ArgumentHelp("The workspace file (a sealed .bin asks for its password).")
        case .param: ArgumentHelp("Path parameter.", valueName: "NAME=VALUE")
        case .query: ArgumentHelp("Query parameter.", valueName: "NAME=VALUE")
        case .header: ArgumentHelp("Header; 'Name:' removes one.", valueName: "'Name: value'")
        case .body: ArgumentHelp("JSON body, or @FILE to read it from a file.", valueName: "JSON|@FILE")
        case .form:
            ArgumentHelp(
                "Form field (sent application/x-www-form-urlencoded); repeatable, over the route's form.",
                valueName: "NAME=VALUE")
        case .part:
            ArgumentHelp(
                "Multipart part: a value, or @FILE (streamed, ';type=T' and ';filename=N' may follow); repeatable.",
                valueName: "NAME=VALUE|NAME=@FILE")
        case .text: ArgumentHelp("Text body, or @FILE to read it from a file.", valueName: "TEXT|@FILE")
        case .graphQLVariables:
            ArgumentHelp("A GraphQL route's variables (a JSON object), or @FILE.", valueName: "JSON|@FILE")
        case .variable: ArgumentHelp("Template variable.", valueName: "NAME=VALUE")
        case .language: ArgumentHelp("Accept-Language to send.", valueName: "CODE")
        case .timeout: ArgumentHelp("Seconds before giving up.", valueName: "S")
        case .retries: ArgumentHelp("Extra attempts for idempotent requests after transient failures.", valueName: "N")
        case .retryDelay: ArgumentHelp("Seconds between attempts.", valueName: "S")
        case .jsonPath: ArgumentHelp("Print only this part of a JSON body ('' for all).", valueName: "PATH")
        case .message:
            ArgumentHelp(
                "A WebSocket route: send this message (repeatable; replaces the route's, and stdin is not read).",
                valueName: "TEXT")
        case .until:
            ArgumentHelp(
                "A WebSocket route: close once this check passes after a message (json type == \"done\").",
                valueName: "CHECK")
        case .count: ArgumentHelp("A WebSocket route: close once this many messages were received.", valueName: "N")
        case .har: ArgumentHelp("Also write the exchange as HAR 1.2 (secrets masked).", valueName: "FILE")
        case .yes: ArgumentHelp("Confirm a mutating request to a protected environment.")
        case .curl: ArgumentHelp("Print the request as a curl command instead of sending it.")
        case .showSecrets: ArgumentHelp("With --curl: write secret values instead of shell variables.")
        case .noFollow: ArgumentHelp("Do not follow redirects.")
        case .noHistory: ArgumentHelp("Record nothing in the history database.")
        case .noCookies: ArgumentHelp("Send no cookie and keep none.")
        case .include: ArgumentHelp("Print the status line and headers first.")
        case .raw: ArgumentHelp("Print the body as received (after gzip/deflate decoding).")
        case .timing:
            ArgumentHelp("Print each hop's phases on stderr: connect, send, wait (first byte), receive.")
        }
    }
}
