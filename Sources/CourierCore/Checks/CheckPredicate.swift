/// How a check compares what its query found (DESIGN.md §6).
public enum CheckPredicate: String, Sendable, Equatable, CaseIterable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case contains
    case startsWith
    case endsWith
    case matches
    case exists
    case isEmpty
    case isString
    case isNumber
    case isInteger
    case isBoolean
    case isNull
    case isArray
    case isObject

    /// Whether a VALUE follows the predicate.
    var takesValue: Bool {
        switch self {
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual, .contains, .startsWith, .endsWith,
            .matches:
            return true
        default:
            return false
        }
    }

    /// Whether the predicate orders numbers (`<`, `<=`, `>`, `>=`).
    var isOrdering: Bool { [.less, .lessOrEqual, .greater, .greaterOrEqual].contains(self) }

    /// Whether the predicate compares what `count` produces, a number.
    var acceptsCount: Bool { isOrdering || self == .equal || self == .notEqual }

    /// Words other tools use for a predicate, so a mistaken one gets the right suggestion.
    static let aliases: [String: CheckPredicate] = [
        "equals": .equal, "eq": .equal, "is": .equal, "=": .equal, "notequals": .notEqual, "ne": .notEqual,
        "<>": .notEqual, "lt": .less, "le": .lessOrEqual, "lte": .lessOrEqual, "gt": .greater, "ge": .greaterOrEqual,
        "gte": .greaterOrEqual, "includes": .contains, "has": .contains, "regex": .matches, "match": .matches,
        "startswith": .startsWith, "endswith": .endsWith, "empty": .isEmpty, "exist": .exists, "null": .isNull,
    ]

    /// The predicates as written, for messages.
    static var spellings: String { allCases.map(\.rawValue).joined(separator: " ") }
}
