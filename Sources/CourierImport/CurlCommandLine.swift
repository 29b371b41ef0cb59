import CourierCore

/// The options of one curl command line that shape what goes on the wire, read as curl
/// reads them: short flags grouped (`-sSL`) or with their value attached (`-XPOST`), long
/// ones spelled out, everything else that is not an option a URL. Options that change
/// nothing Courier can keep are collected by name for a warning.
struct CurlCommandLine {
    /// A piece of request data, in the order given (`-d` pieces are joined with `&`).
    enum Data {
        /// `-d`, `--data-ascii`: `@FILE` is read with CR and LF removed.
        case ascii(String)
        /// `--data-raw`: taken as it is.
        case raw(String)
        /// `--data-binary`: `@FILE` is read as it is.
        case binary(String)
        /// `--data-urlencode`.
        case urlencode(String)
        /// `--json`: as `--data-binary`, joined without `&`.
        case json(String)
    }

    var urls: [String] = []
    var method: String?
    var headers: [String] = []
    var data: [Data] = []
    /// `-F` (value parsed) and `--form-string` (value literal) in order.
    var form: [(spec: String, literal: Bool)] = []
    var user: String?
    var cookies: [String] = []
    var userAgent: String?
    var referer: String?
    var bearer: String?
    /// `--url-query` pieces, in order.
    var urlQuery: [String] = []
    /// `-r`, `--range`.
    var range: String?
    /// The auth scheme options in order (`bearer`, `digest`, `basic`): the last one is what
    /// curl uses; `-u` alone is Basic.
    var schemes: [String] = []
    /// `--digest` is the last scheme: the user's credentials answer a digest challenge.
    var digest: Bool { schemes.last == "digest" }
    /// `--oauth2-bearer` is the last scheme: `-u` is not sent.
    var bearerWins: Bool { schemes.last == "bearer" }
    var get = false
    var head = false
    var insecure = false
    /// Options read and not kept, by the name written.
    var ignored: [String] = []

    /// Long options that take a value, which this importer reads.
    private static let read: [String: String] = [
        "--request": "X", "--header": "H", "--data": "d", "--data-ascii": "d", "--data-raw": "data-raw",
        "--data-binary": "data-binary", "--data-urlencode": "data-urlencode", "--json": "json", "--form": "F",
        "--form-string": "form-string", "--user": "u", "--cookie": "b", "--user-agent": "A", "--referer": "e",
        "--url": "url", "--oauth2-bearer": "oauth2-bearer", "--url-query": "url-query", "--range": "r",
    ]
    /// Long options without a value, which this importer reads.
    private static let flags: [String: String] = [
        "--get": "G", "--head": "I", "--insecure": "k", "--location": "L", "--compressed": "compressed",
        "--location-trusted": "L", "--digest": "digest", "--basic": "basic",
    ]
    /// Short options that take a value (curl 8), read or not.
    private static let shortWithValue: Set<Character> = [
        "A", "b", "c", "C", "d", "D", "e", "E", "F", "H", "K", "m", "o", "P", "Q", "r", "t", "T", "u", "U", "w", "x",
        "X", "y", "Y", "z",
    ]
    /// Long options that take a value and are not read: their value must not be taken for a URL.
    private static let ignoredWithValue: Set<String> = [
        "--abstract-unix-socket", "--alt-svc", "--aws-sigv4", "--cacert", "--capath", "--cert", "--cert-type",
        "--ciphers", "--config", "--connect-timeout", "--connect-to", "--continue-at", "--cookie-jar", "--crlfile",
        "--curves", "--delegation", "--dns-interface", "--dns-ipv4-addr", "--dns-ipv6-addr", "--dns-servers",
        "--doh-url", "--dump-header", "--egd-file", "--engine", "--etag-compare", "--etag-save",
        "--expect100-timeout", "--ftp-account", "--ftp-alternative-to-user", "--ftp-method", "--ftp-port",
        "--ftp-ssl-ccc-mode", "--happy-eyeballs-timeout-ms", "--haproxy-clientip", "--hostpubmd5",
        "--hostpubsha256", "--hsts", "--interface", "--ipfs-gateway", "--keepalive-time", "--key", "--key-type",
        "--krb", "--libcurl", "--limit-rate", "--local-port", "--login-options", "--mail-auth", "--mail-from",
        "--mail-rcpt", "--max-filesize", "--max-redirs", "--max-time", "--netrc-file", "--noproxy", "--output",
        "--output-dir", "--pass", "--pinnedpubkey", "--preproxy", "--proto", "--proto-default", "--proto-redir",
        "--proxy", "--proxy-cacert", "--proxy-capath", "--proxy-cert", "--proxy-cert-type", "--proxy-ciphers",
        "--proxy-crlfile", "--proxy-header", "--proxy-key", "--proxy-key-type", "--proxy-pass", "--proxy-pinnedpubkey",
        "--proxy-service-name", "--proxy-tls13-ciphers", "--proxy-tlsauthtype", "--proxy-tlspassword",
        "--proxy-tlsuser", "--proxy-user", "--proxy1.0", "--pubkey", "--quote", "--random-file",
        "--rate", "--request-target", "--resolve", "--retry", "--retry-delay", "--retry-max-time", "--sasl-authzid",
        "--service-name", "--socks4", "--socks4a", "--socks5", "--socks5-gssapi-service", "--socks5-hostname",
        "--speed-limit", "--speed-time", "--stderr", "--telnet-option", "--tftp-blksize", "--time-cond",
        "--tls-max", "--tls13-ciphers", "--tlsauthtype", "--tlspassword", "--tlsuser", "--trace", "--trace-ascii",
        "--trace-config", "--unix-socket", "--upload-file", "--user-agent", "--variable",
        "--write-out", "--ech", "--ip-tos", "--mptcp", "--vlan-priority",
    ]

    /// Reads `words` (the first one is `curl`).
    init(_ words: [String]) throws(ImportError) {
        var index = 1
        func value(for option: String) throws(ImportError) -> String {
            guard index < words.count else { throw ImportError("curl: \(option) needs a value") }
            defer { index += 1 }
            return words[index]
        }
        var onlyURLs = false
        while index < words.count {
            let word = words[index]
            index += 1
            if onlyURLs || !word.hasPrefix("-") || word == "-" {
                urls.append(word)
            } else if word == "--" {
                onlyURLs = true
            } else if word.hasPrefix("--") {
                if let key = Self.read[word] {
                    try apply(key, try value(for: word), written: word)
                } else if let key = Self.flags[word] {
                    try apply(key, nil, written: word)
                } else {
                    ignored.append(word)
                    if Self.ignoredWithValue.contains(word) { _ = try value(for: word) }
                }
            } else {
                // A group of short options; one that takes a value takes the rest of the word,
                // or the next word.
                var characters = Array(word.dropFirst())
                while !characters.isEmpty {
                    let option = characters.removeFirst()
                    if Self.shortWithValue.contains(option) {
                        let attached = String(characters)
                        characters = []
                        let text = attached.isEmpty ? try value(for: "-\(option)") : attached
                        try apply(String(option), text, written: "-\(option)")
                    } else if "GIkL".contains(option) {
                        try apply(String(option), nil, written: "-\(option)")
                    } else {
                        ignored.append("-\(option)")
                    }
                }
            }
        }
    }

    private mutating func apply(_ key: String, _ value: String?, written: String) throws(ImportError) {
        let text = value ?? ""
        switch key {
        case "X": method = text
        case "H": headers.append(text)
        case "d": data.append(.ascii(text))
        case "data-raw": data.append(.raw(text))
        case "data-binary": data.append(.binary(text))
        case "data-urlencode": data.append(.urlencode(text))
        case "json": data.append(.json(text))
        case "F": form.append((text, false))
        case "form-string": form.append((text, true))
        case "u": user = text
        case "b": cookies.append(text)
        case "A": userAgent = text
        case "e": referer = text
        case "url": urls.append(text)
        case "oauth2-bearer":
            bearer = text
            schemes.append("bearer")
        case "url-query": urlQuery.append(text)
        case "r": range = text
        case "digest", "basic": schemes.append(key)
        case "G": get = true
        case "I": head = true
        case "k": insecure = true
        case "L", "compressed": break
        default: ignored.append(written)
        }
    }
}
