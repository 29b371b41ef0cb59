import CourierCore
import Foundation

/// A request as the sample API sees it, independent of the server library.
struct SampleRequest: Sendable {
    var method: String
    var path: String
    var query: [(name: String, value: String)]
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    func query(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }
}
