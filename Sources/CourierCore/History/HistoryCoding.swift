/// How the parts of a recorded exchange that are lists are kept in the database: as JSON
/// text, written and read with Courier's own JSON engine (so the store needs no Codable).
public enum HistoryCoding {
    /// `[["Name", "value"], …]`, order and repeats kept.
    public static func headers(_ fields: [HeaderField]) -> String {
        JSONValue.array(fields.map { .array([.string($0.name), .string($0.value)]) }).serialized
    }

    /// The fields of `headers(_:)`; nothing for text that is not that shape.
    public static func headers(from text: String) -> [HeaderField] {
        guard case .array(let items)? = try? JSONValue.parse(text) else { return [] }
        return items.compactMap { item in
            guard case .array(let pair) = item, pair.count == 2, case .string(let name) = pair[0],
                case .string(let value) = pair[1]
            else { return nil }
            return HeaderField(name, value)
        }
    }

    /// `[{"check": …, "passed": …, "message"?, "expected"?, "actual"?}, …]`.
    public static func checks(_ results: [CheckResult]) -> String {
        JSONValue.array(
            results.map { result in
                var members = [JSONMember("check", .string(result.check)), JSONMember("passed", .bool(result.passed))]
                if let message = result.message { members.append(JSONMember("message", .string(message))) }
                if let expected = result.expected { members.append(JSONMember("expected", .string(expected))) }
                if let actual = result.actual { members.append(JSONMember("actual", .string(actual))) }
                return .object(members)
            }
        ).serialized
    }

    /// The results of `checks(_:)`.
    public static func checks(from text: String) -> [CheckResult] {
        guard case .array(let items)? = try? JSONValue.parse(text) else { return [] }
        return items.compactMap { item in
            guard case .string(let check)? = item["check"], case .bool(let passed)? = item["passed"] else { return nil }
            func string(_ key: String) -> String? {
                if case .string(let value)? = item[key] { return value }
                return nil
            }
            return CheckResult(
                check: check, passed: passed, message: string("message"), expected: string("expected"),
                actual: string("actual"))
        }
    }

    /// `{"name": "value", …}`, names sorted.
    public static func strings(_ values: [String: String]) -> String {
        JSONValue.object(values.keys.sorted().map { JSONMember($0, .string(values[$0] ?? "")) }).serialized
    }

    /// The map of `strings(_:)`.
    public static func strings(from text: String) -> [String: String] {
        guard case .object(let members)? = try? JSONValue.parse(text) else { return [:] }
        var values: [String: String] = [:]
        for member in members {
            if case .string(let value) = member.value { values[member.key] = value }
        }
        return values
    }
}
