// The JSON reader and both printers: the fast printer, its validator and the event printer agree
// on every input (valid or not, same bytes out); the output re-parses to the same value and differs
// from the input only in whitespace; the coloured printer and `JSONValue` accept exactly
// what they accept; a value's compact text parses back to it; the print of a document's start
// (`formatStart`, for a body still arriving) is a prefix of its whole print, in whole lines; the
// print in two parts (`formatInParts`) is the same bytes at any split.
import FuzzSupport

@testable import CourierCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: size)
    var output = FastJSONFormatter.Output(capacity: size * 3 + 64)
    defer { output.free() }
    var fast: [UInt8]?
    if FastJSONFormatter.format(input, indent: 2, into: &output) {
        fast = Array(UnsafeBufferPointer(start: output.base, count: output.count)) + [0x0A]
    }
    let slow = try? JSONFormatter().formatWithEvents(input)
    Invariant.require(fast == slow, "the fast and event printers differ: \(fast != nil) vs \(slow != nil)")
    Invariant.require(FastJSONFormatter.isValid(input) == (slow != nil), "the validator disagrees with the printers")
    let bytes = Array(input)
    let value = try? JSONValue.parse(bytes)
    Invariant.require((value != nil) == (slow != nil), "the printer and the parser disagree on validity")
    Invariant.require((try? JSONFormatter().format(input)) == slow, "the in-place printer differs")
    let colored = try? JSONFormatter(style: .terminal).format(input)
    Invariant.require((colored != nil) == (slow != nil), "the coloured printer disagrees on validity")
    let cuts = [size / 3, size / 2, size * 2 / 3, max(0, size - 1)]
    // Printed in two parts split anywhere: the same bytes, or invalid as well.
    for cut in cuts {
        var joined: [UInt8]?
        if let parts = FastJSONFormatter.formatInParts(input, indent: 2, split: cut, concurrently: false) {
            joined = Array(UnsafeBufferPointer(start: parts.first.base, count: parts.first.count))
            if let rest = parts.rest { joined? += UnsafeBufferPointer(start: rest.base, count: rest.count) }
            joined?.append(0x0A)
            parts.free()
        }
        Invariant.require(joined == fast, "the printer in two parts differs (split at \(cut))")
    }
    // Any start of any input prints without a crash; of a valid document, only its lines.
    for cut in cuts {
        let start = JSONFormatter().formatStart(of: Array(input[..<cut]))
        guard let slow else { continue }
        Invariant.require(
            slow.starts(with: start) && (start.isEmpty || start.last == 0x0A),
            "the start of a document printed lines its whole print does not have (cut at \(cut))")
    }
    guard let slow, let value else { return 0 }
    Invariant.require(Invariant.compact(slow) == Invariant.compact(bytes), "the printer changed more than whitespace")
    Invariant.require((try? JSONValue.parse(slow)) == value, "the printed text parses to another value")
    Invariant.require((try? JSONValue.parse(value.serialized)) == value, "the compact text parses to another value")
    return 0
}
