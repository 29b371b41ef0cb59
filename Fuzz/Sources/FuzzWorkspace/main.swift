// The workspace loader (both formats: environments + routes, and T21Environment's languages
// + configurations). What loads writes back to a file that loads to the same, and every
// route builds (or says why not) in every environment.
import CourierCore
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWorkspace(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Invariant.bytes(data, size)
    guard
        let workspace = try? WorkspaceLoader().load(bytes: bytes, fileName: "environments.json", baseDirectory: "/tmp")
    else { return 0 }
    Invariant.workspaceRoundTrips(WorkspaceWriter().bytes(workspace), what: "a written workspace")
    let builder = RequestBuilder(workspace: workspace, processEnvironment: ["HOME": "/home/qa"])
    for environment in workspace.environments.prefix(4) {
        for route in workspace.routes.prefix(16) {
            if let prepared = try? builder.build(route: route, environment: environment) {
                _ = CurlExport(secrets: []).command(for: prepared)
            }
        }
    }
    return 0
}
