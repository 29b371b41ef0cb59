/// One result row, read by column name. A missing column or a value of another type reads as
/// the type's zero (or nil for the optional readers): the schema is ours, so that only
/// happens for a column a later migration added and an older row lacks, which a default
/// covers.
struct SQLiteRow: Sendable {
    /// Column name → position, shared by every row of one result.
    let columns: [String: Int]
    let values: [SQLiteValue]

    subscript(_ column: String) -> SQLiteValue {
        guard let index = columns[column], index < values.count else { return .null }
        return values[index]
    }

    func int64(_ column: String) -> Int64 {
        switch self[column] {
        case .integer(let value): value
        case .real(let value): Int64(exactly: value.rounded(.towardZero)) ?? 0
        default: 0
        }
    }

    func int(_ column: String) -> Int { Int(truncatingIfNeeded: int64(column)) }

    func optionalInt(_ column: String) -> Int? {
        if case .null = self[column] { return nil }
        return int(column)
    }

    func double(_ column: String) -> Double {
        switch self[column] {
        case .real(let value): value
        case .integer(let value): Double(value)
        default: 0
        }
    }

    func optionalString(_ column: String) -> String? {
        switch self[column] {
        case .text(let value): value
        case .blob(let bytes): String(decoding: bytes, as: UTF8.self)
        default: nil
        }
    }

    func string(_ column: String) -> String { optionalString(column) ?? "" }

    func optionalBytes(_ column: String) -> [UInt8]? {
        switch self[column] {
        case .blob(let bytes): bytes
        case .text(let text): Array(text.utf8)
        default: nil
        }
    }

    func bytes(_ column: String) -> [UInt8] { optionalBytes(column) ?? [] }
}
