/// The checks one workspace load has parsed, by their text: a workspace repeats the same few
/// (`status == 200`) on most of its routes, and parsing one cost a 500-route check run 2 % of
/// its instructions where a lookup costs a fraction of that.
final class ParsedChecks {
    private var parsed: [String: Check] = [:]

    /// `line` parsed, once per load.
    func check(_ line: String) throws(CheckSyntaxError) -> Check {
        if let known = parsed[line] { return known }
        let check = try CheckParser.check(line)
        parsed[line] = check
        return check
    }
}
