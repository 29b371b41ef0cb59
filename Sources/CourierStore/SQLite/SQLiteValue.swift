/// One value bound to, or read from, an SQLite statement.
enum SQLiteValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

extension SQLiteValue {
    init(_ value: String?) { self = value.map(SQLiteValue.text) ?? .null }
    init(_ value: Int?) { self = value.map { .integer(Int64($0)) } ?? .null }
    init(_ value: Int64) { self = .integer(value) }
    init(_ value: Double) { self = .real(value) }
    init(_ value: [UInt8]?) { self = value.map(SQLiteValue.blob) ?? .null }
}
