// The RNCryptor v3 container: any bytes are a container, or one error; a container's parts
// join back into exactly the bytes it was read from.
import CourierCore
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSeal(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Invariant.bytes(data, size)
    _ = RNCryptorContainer.isSealed(bytes)
    guard let container = try? RNCryptorContainer(parsing: bytes) else { return 0 }
    Invariant.require(container.bytes == bytes, "the container does not give back its bytes")
    Invariant.require(container.iv.count == 16 && container.hmac.count == 32, "parts of the wrong size")
    return 0
}
