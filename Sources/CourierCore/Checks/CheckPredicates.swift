/// What each predicate means for a found value and an expected one (DESIGN.md §6).
enum CheckPredicates {
    /// A predicate that cannot apply to the value found, e.g. `<` on a string.
    struct Mismatch: Error {
        var message: String
    }

    /// Whether `predicate` holds (before `not`), or why it cannot apply.
    static func holds(_ predicate: CheckPredicate, _ actual: JSONValue, _ expected: JSONValue?) -> Result<
        Bool, Mismatch
    > {
        let expected = expected ?? .null
        switch predicate {
        case .equal: return .success(actual.sameValue(as: expected))
        case .notEqual: return .success(!actual.sameValue(as: expected))
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard let left = actual.number, let right = expected.number else {
                return .failure(Mismatch(message: "\(predicate.rawValue) compares numbers, got \(actual.brief())"))
            }
            switch predicate {
            case .less: return .success(left < right)
            case .lessOrEqual: return .success(left <= right)
            case .greater: return .success(left > right)
            default: return .success(left >= right)
            }
        case .contains:
            switch (actual, expected) {
            case (.string(let text), .string(let part)): return .success(text.contains(part))
            case (.array(let items), _): return .success(items.contains { $0.sameValue(as: expected) })
            default:
                return .failure(Mismatch(message: "contains needs a string or an array, got \(actual.brief())"))
            }
        case .startsWith, .endsWith, .matches:
            guard case .string(let text) = actual, case .string(let pattern) = expected else {
                return .failure(Mismatch(message: "\(predicate.rawValue) needs a string, got \(actual.brief())"))
            }
            if predicate == .startsWith { return .success(text.hasPrefix(pattern)) }
            if predicate == .endsWith { return .success(text.hasSuffix(pattern)) }
            do {
                return try LinearRegex(pattern).isMatch(in: text).mapError { Mismatch(message: "\($0)") }
            } catch {
                return .failure(Mismatch(message: "the pattern does not compile: \(error)"))
            }
        case .exists: return .success(true)
        case .isEmpty:
            guard let length = actual.length else {
                return .failure(Mismatch(message: "isEmpty needs a string, array or object, got \(actual.brief())"))
            }
            return .success(length == 0)
        case .isString, .isNumber, .isInteger, .isBoolean, .isNull, .isArray, .isObject:
            return .success(isType(predicate, actual))
        }
    }

    private static func isType(_ predicate: CheckPredicate, _ value: JSONValue) -> Bool {
        switch (predicate, value) {
        case (.isString, .string), (.isNumber, .number), (.isBoolean, .bool), (.isNull, .null), (.isArray, .array),
            (.isObject, .object):
            return true
        case (.isInteger, .number(let literal)):
            return !literal.contains { $0 == "." || $0 == "e" || $0 == "E" }
        default:
            return false
        }
    }
}
