// The check grammar: the first line is a check (or, after `capture `, a capture), the rest a
// JSON response body it is evaluated against. Any line parses or gives a syntax error; any
// check evaluates to a result with a message when it fails.
import CourierCore
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCheck(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Invariant.bytes(data, size)
    let newline = bytes.firstIndex(of: 0x0A) ?? bytes.count
    let line = String(decoding: bytes[..<newline], as: UTF8.self)
    let body = Array(bytes[min(newline + 1, bytes.count)...])
    let response = HTTPResponse(
        status: 200, reason: "OK", headers: [HeaderField("Content-Type", "application/json")], body: body)
    let evaluator = CheckEvaluator(response: response, context: TemplateContext(environment: ["city": "Madrid"]))
    if line.hasPrefix("capture ") {
        if let capture = try? CheckParser.capture(named: "x", String(line.dropFirst(8))) {
            _ = evaluator.capture(capture)
        }
    } else if let check = try? CheckParser.check(line) {
        let result = evaluator.evaluate(check)
        Invariant.require(result.passed || result.message != nil, "a failed check without a message")
    }
    return 0
}
