// The patterns of `matches`: the first line is a pattern, the rest the text it searches. Any
// pattern compiles or is refused with a message; any search ends within its step budget; a
// pattern of letters and digits alone finds exactly what `contains` finds.
import CourierCore
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRegex(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Invariant.bytes(data, size)
    let newline = bytes.firstIndex(of: 0x0A) ?? bytes.count
    let pattern = String(decoding: bytes[..<newline], as: UTF8.self)
    let text = String(decoding: bytes[min(newline + 1, bytes.count)...], as: UTF8.self)
    guard let regex = try? LinearRegex(pattern) else { return 0 }
    let found = try? regex.isMatch(in: text, maxSteps: 2_000_000).get()
    let literal = pattern.unicodeScalars.allSatisfy {
        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))
    }
    if literal, let found {
        Invariant.require(
            found == text.unicodeScalars.contains(pattern.unicodeScalars), "a literal pattern disagrees with contains")
    }
    return 0
}
