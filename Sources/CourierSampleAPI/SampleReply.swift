/// A reply from the sample API.
struct SampleReply: Sendable {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]
}
