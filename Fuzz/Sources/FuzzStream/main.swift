// Live stream framing (server-sent events and NDJSON): the first byte picks the format and
// a split point; the events are the same whether the rest comes whole or in two pieces, and
// each reads as text.
import CourierCore
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStream(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Invariant.bytes(data, size)
    guard let control = bytes.first else { return 0 }
    let type = control & 1 == 0 ? "text/event-stream" : "application/x-ndjson"
    let body = Array(bytes.dropFirst())
    let split = body.isEmpty ? 0 : Int(control >> 1) % (body.count + 1)
    guard var whole = StreamFramer(contentType: type, limit: 4096),
        var pieces = StreamFramer(contentType: type, limit: 4096)
    else {
        Invariant.require(false, "no framer for \(type)")
        return 0
    }
    let once = try? whole.feed(body)
    var twice: [StreamEvent]?
    if let first = try? pieces.feed(body[..<split]), let second = try? pieces.feed(body[split...]) {
        twice = first + second
    }
    Invariant.require(once == twice, "the events depend on how the bytes were split")
    if let once {
        for event in once + whole.finished {
            _ = event.readableText()
            _ = event.wireText
        }
    }
    return 0
}
