/// Reads the one-line check grammar of DESIGN.md §6, `QUERY [count] [not] PREDICATE [VALUE]`,
/// and the query-only form of captures. Errors name the column, so the workspace loader can
/// point at the exact place in `routes[3].checks[1]`.
public struct CheckParser {
    // Scalars, not Characters: grapheme breaking cost more than the rest of the parse, and a
    // check's syntax is ASCII (only quoted values and names may hold more).
    private let text: [Unicode.Scalar]
    var index = 0

    private init(_ line: String) { text = Array(line.unicodeScalars) }

    /// Parses one check line.
    public static func check(_ line: String) throws(CheckSyntaxError) -> Check {
        var parser = CheckParser(line)
        return try parser.parseCheck(source: line)
    }

    /// Parses the query of a capture, `json access_token` or `json items count`.
    public static func capture(named name: String, _ line: String) throws(CheckSyntaxError) -> Capture {
        var parser = CheckParser(line)
        let query = try parser.parseQuery()
        parser.skipSpaces()
        let countColumn = parser.index + 1
        let count = parser.take("count")
        if count && !query.isCountable { throw parser.countError(query, column: countColumn) }
        parser.skipSpaces()
        if parser.index < parser.text.count {
            throw CheckSyntaxError(
                column: parser.index + 1,
                "a capture is a query only (e.g. \"json access_token\"); unexpected '\(parser.rest)'")
        }
        return Capture(name: name, query: query, count: count, source: line)
    }

    // MARK: Grammar

    private mutating func parseCheck(source: String) throws(CheckSyntaxError) -> Check {
        let query = try parseQuery()
        skipSpaces()
        let countColumn = index + 1
        let count = take("count")
        if count && !query.isCountable { throw countError(query, column: countColumn) }
        let negated = take("not")
        skipSpaces()
        let predicateColumn = index + 1
        let word = predicateWord()
        guard !word.isEmpty else {
            throw CheckSyntaxError(column: predicateColumn, "a predicate is missing (\(CheckPredicate.spellings))")
        }
        guard let predicate = CheckPredicate(rawValue: word) else {
            let names = CheckPredicate.allCases.map(\.rawValue)
            let suggestion =
                CheckPredicate.aliases[word.lowercased()]?.rawValue ?? NameSuggester.closest(to: word, in: names)
            let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
            throw CheckSyntaxError(column: predicateColumn, "unknown predicate '\(word)'\(hint)")
        }
        if count && !predicate.acceptsCount {
            throw CheckSyntaxError(column: predicateColumn, "count is compared with ==, !=, <, <=, > or >=")
        }
        skipSpaces()
        let valueColumn = index + 1
        let valueText = rest
        guard predicate.takesValue else {
            guard valueText.isEmpty else {
                throw CheckSyntaxError(column: valueColumn, "\(predicate.rawValue) takes no value")
            }
            return Check(query: query, count: count, negated: negated, predicate: predicate, source: source)
        }
        let value = try parseValue(valueText, column: valueColumn, for: predicate)
        return Check(query: query, count: count, negated: negated, predicate: predicate, value: value, source: source)
    }

    private mutating func parseQuery() throws(CheckSyntaxError) -> CheckQuery {
        skipSpaces()
        let column = index + 1
        let keyword = word(stoppingAtOperators: true)
        switch keyword {
        case "status": return .status
        case "body": return .body
        case "duration": return try parsePercentile()
        case "bytes": return .bytes
        case "certificate":
            skipSpaces()
            let column = index + 1
            let name = word(stoppingAtOperators: true)
            let fields = PeerCertificate.Field.allCases.map(\.rawValue)
            guard let field = PeerCertificate.Field(rawValue: name) else {
                throw CheckSyntaxError(
                    column: column,
                    "certificate takes \(fields.joined(separator: ", "))"
                        + (name.isEmpty ? "" : ", not '\(name)'"))
            }
            return .certificate(field)
        case "message": return try parseMessage()
        case "close":
            skipSpaces()
            let column = index + 1
            guard word(stoppingAtOperators: true) == "code" else {
                throw CheckSyntaxError(column: column, "close takes code (close code == 1000)")
            }
            return .closeCode
        case "header":
            skipSpaces()
            let name = word(stoppingAtOperators: false)
            guard !name.isEmpty else { throw CheckSyntaxError(column: index + 1, "header needs a name") }
            guard HeaderField.isToken(name) else {
                throw CheckSyntaxError(column: index + 1 - name.count, "'\(name)' is not a header name")
            }
            return .header(name)
        case "json":
            skipSpaces()
            let path = word(stoppingAtOperators: false)
            guard !path.isEmpty else {
                throw CheckSyntaxError(
                    column: index + 1, "json needs a path (e.g. items.0.id, or . for the whole body)")
            }
            return .json(JSONPath(path == "." ? "" : path))
        case "":
            throw CheckSyntaxError(
                column: column, "empty; expected a query (\(CheckQuery.keywords.joined(separator: ", ")))")
        default:
            let hint = NameSuggester.closest(to: keyword, in: CheckQuery.keywords).map { "; did you mean '\($0)'?" }
            throw CheckSyntaxError(
                column: column,
                "unknown query '\(keyword)'"
                    + (hint ?? " (expected \(CheckQuery.keywords.joined(separator: ", ")))"))
        }
    }

    /// `duration`, or `duration p95` (`p50 p75 p90 p95 p99 p99.9 max`): over the repeats of a
    /// run, the percentile of the route's times.
    private mutating func parsePercentile() throws(CheckSyntaxError) -> CheckQuery {
        let start = index
        skipSpaces()
        let column = index + 1
        let word = word(stoppingAtOperators: true)
        let percentile: Double?
        if word == "max" {
            percentile = 100
        } else if word.hasPrefix("p"), word.count > 1 {
            percentile = Double(word.dropFirst())
        } else {
            index = start
            return .duration
        }
        guard let percentile, LatencySummary.percentiles.contains(percentile) else {
            throw CheckSyntaxError(
                column: column, "duration takes p50, p75, p90, p95, p99, p99.9 or max, not '\(word)'")
        }
        return .durationPercentile(percentile)
    }

    /// The VALUE: a JSON literal, checked against what the predicate compares.
    private func parseValue(_ text: String, column: Int, for predicate: CheckPredicate) throws(CheckSyntaxError)
        -> JSONValue
    {
        guard !text.isEmpty else {
            throw CheckSyntaxError(
                column: column, "\(predicate.rawValue) needs a value (a JSON literal: 200, \"text\")")
        }
        let value: JSONValue
        do {
            value = try JSONValue.parse(text)
        } catch {
            let bare = text.allSatisfy { $0.isLetter || $0.isNumber || "-_./".contains($0) }
            let hint = bare ? "; strings need quotes: \"\(text)\"" : " (\(error.reason))"
            throw CheckSyntaxError(column: column, "'\(text)' is not a JSON value\(hint)")
        }
        if predicate.isOrdering, case .string = value {
            throw CheckSyntaxError(column: column, "\(predicate.rawValue) compares numbers; \(text) is a string")
        }
        if predicate.isOrdering, value.number == nil {
            throw CheckSyntaxError(column: column, "\(predicate.rawValue) compares numbers; \(text) is not one")
        }
        let needsString: [CheckPredicate] = [.startsWith, .endsWith, .matches]
        if needsString.contains(predicate) {
            guard case .string(let pattern) = value else {
                throw CheckSyntaxError(column: column, "\(predicate.rawValue) needs a string in quotes")
            }
            if predicate == .matches, Template.variableNames(in: pattern).isEmpty {
                do {
                    _ = try LinearRegex(pattern)
                } catch {
                    throw CheckSyntaxError(column: column, "the pattern does not compile: \(error)")
                }
            }
        }
        return value
    }

    // MARK: Scanning

    private var rest: String {
        var end = text.count
        while end > index, Self.isSpace(text[end - 1]) { end -= 1 }
        return index < end ? Self.string(text[index..<end]) : ""
    }

    mutating func skipSpaces() {
        while index < text.count, Self.isSpace(text[index]) { index += 1 }
    }

    /// Unicode's White_Space, answered without the property tables for ASCII (a check is
    /// nearly all ASCII, and each table look-up is a search).
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return scalar.properties.isWhitespace }
        return scalar == " " || (0x09...0x0D).contains(scalar.value)
    }

    // A switch and a loop of single appends, not a `Set` and `append(contentsOf:)`: a workspace
    // load parses every check, and the first use of each of those makes the Swift runtime
    // search all protocol conformances in the binary (~30 µs each).
    private static func isOperator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "=", "!", "<", ">": true
        default: false
        }
    }

    private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        for scalar in scalars { view.append(scalar) }
        return String(view)
    }

    /// Characters up to the next space (or, for keywords, the next operator, so `status==200` reads).
    mutating func word(stoppingAtOperators: Bool) -> String {
        let start = index
        while index < text.count, !Self.isSpace(text[index]),
            !(stoppingAtOperators && Self.isOperator(text[index]))
        {
            index += 1
        }
        return Self.string(text[start..<index])
    }

    /// An operator (`==`, `<=`, …) or a predicate word.
    private mutating func predicateWord() -> String {
        guard index < text.count, Self.isOperator(text[index]) else {
            return word(stoppingAtOperators: true)
        }
        let start = index
        while index < text.count, Self.isOperator(text[index]), index - start < 2 { index += 1 }
        return Self.string(text[start..<index])
    }

    /// Consumes `keyword` when it is the next word.
    private mutating func take(_ keyword: String) -> Bool {
        let saved = index
        skipSpaces()
        if word(stoppingAtOperators: true) == keyword { return true }
        index = saved
        return false
    }

    private func countError(_ query: CheckQuery, column: Int) -> CheckSyntaxError {
        CheckSyntaxError(column: column, "count applies to json, header or body, not \(query.description)")
    }
}
