// `json_path` selection: the first line is the path, the rest the document. A selection in a
// valid document is a range inside it that is itself a valid value.
import CourierCore
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONPath(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Invariant.bytes(data, size)
    let newline = bytes.firstIndex(of: 0x0A) ?? bytes.count
    let path = JSONPath(String(decoding: bytes[..<newline], as: UTF8.self))
    let document = Array(bytes[min(newline + 1, bytes.count)...])
    _ = path.description
    guard let range = try? path.select(in: document) else { return 0 }
    Invariant.require(range.lowerBound >= 0 && range.upperBound <= document.count, "a range outside the document")
    if (try? JSONValue.parse(document)) != nil {
        Invariant.require(
            (try? JSONFormatter().format(document, range: range)) != nil, "the selection is not a value")
    }
    return 0
}
