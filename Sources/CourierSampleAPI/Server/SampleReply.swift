import CourierCore

/// A reply from the sample API.
struct SampleReply: Sendable {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]
    /// Parts sent after `body`, each after its pause: a live stream, or a server that stalls.
    /// Each part is made when it is sent (a stream's events carry their send time).
    var paced: [(pause: Duration, bytes: @Sendable () -> [UInt8])] = []

}

extension SampleReply {
    /// `value` as `application/json`.
    static func json(_ value: JSONValue, status: Int = 200) -> SampleReply {
        SampleReply(status: status, headers: [("Content-Type", "application/json")], body: Array(value.serialized.utf8))
    }

    /// `{"error": message}` with `status`.
    static func error(_ status: Int, _ message: String) -> SampleReply {
        json(.fields(["error": .string(message)]), status: status)
    }

    /// 404 for a record that does not exist.
    static func missing(_ kind: String, _ id: String) -> SampleReply {
        error(404, "no \(kind) with id \(id)")
    }

    /// 204 with no body.
    static let noContent = SampleReply(status: 204, headers: [], body: [])
}
