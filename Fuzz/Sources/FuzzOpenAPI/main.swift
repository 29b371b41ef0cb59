// An OpenAPI document (3.0 or 3.1, JSON or YAML) becomes an import plan or one error; a plan
// always merges into a workspace that loads.
import CourierCore
import CourierOpenAPI
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOpenAPI(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Invariant.bytes(data, size)
    let name = bytes.first == UInt8(ascii: "{") ? "openapi.json" : "openapi.yaml"
    guard let plan = try? OpenAPIImporter().plan(bytes, fileName: name) else { return 0 }
    Invariant.importedWorkspaceLoads(plan)
    return 0
}
