import Foundation

/// The sample API's echo of a request (method, path, query, headers, body), made comparable
/// between two clients that send the same request.
enum EchoedRequest {
    /// `echoed` with a multipart boundary (each client picks its own) replaced by `B` and
    /// `Content-Length` adjusted to match, and the headers in `dropping` removed.
    static func normalized(_ echoed: String, dropping: Set<String> = []) throws -> NSDictionary? {
        guard var object = try JSONSerialization.jsonObject(with: Data(echoed.utf8)) as? [String: Any] else {
            return nil
        }
        guard var headers = object["headers"] as? [String: String] else { return object as NSDictionary }
        for name in dropping { headers[name] = nil }
        if let type = headers["content-type"], let range = type.range(of: "boundary=") {
            let boundary = String(type[range.upperBound...])
            let body = (object["body"] as? String) ?? ""
            let count = body.components(separatedBy: boundary).count - 1
            headers["content-type"] = type.replacingOccurrences(of: boundary, with: "B")
            if let length = headers["content-length"].flatMap(Int.init) {
                headers["content-length"] = String(length - count * (boundary.utf8.count - 1))
            }
            object["body"] = body.replacingOccurrences(of: boundary, with: "B")
        }
        object["headers"] = headers
        return object as NSDictionary
    }
}
