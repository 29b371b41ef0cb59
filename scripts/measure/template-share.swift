// Measures what share of a request build goes to parsing templates; run by
// scripts/measure/template-share.sh, which compiles it with the core.
import Glibc

func now() -> Double { var t = timespec(); clock_gettime(CLOCK_MONOTONIC, &t); return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9 }

@main
struct Bench {
    static func main() throws {
        let path = CommandLine.arguments[1]
        guard let f = fopen(path, "rb") else { return }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true { let n = fread(&buffer, 1, 65536, f); if n <= 0 { break }; bytes += buffer[0..<n] }
        fclose(f)
        let workspace = try WorkspaceLoader().load(bytes: bytes, fileName: "environments.json")
        let builder = RequestBuilder(workspace: workspace, processEnvironment: [:])
        let environment = workspace.environments[0]
        let routes = workspace.routes
        var built = 0
        let rounds = 2000
        var start = now()
        for _ in 0..<rounds {
            for route in routes { if (try? builder.build(route: route, environment: environment)) != nil { built += 1 } }
        }
        let buildTime = (now() - start) / Double(rounds * routes.count)
        // Every string a build renders, parsed: path, query values, header values, base URL, variable values.
        var texts: [String] = [environment.baseURL]
        texts += environment.variables.values
        texts += workspace.variables.values
        for route in routes {
            texts.append(route.path)
            texts += route.query.map(\.value)
            texts += route.headers.map(\.value)
        }
        texts += workspace.headers.map(\.value) + environment.headers.map(\.value)
        let templated = texts.filter { $0.utf8.contains(UInt8(ascii: "{")) }
        var segments = 0
        start = now()
        for _ in 0..<rounds { for text in templated { segments += Template(text).segments.count } }
        let parseAll = (now() - start) / Double(rounds)
        let perRouteParse = parseAll / Double(routes.count)
        print("routes \(routes.count), built \(built), templated strings \(templated.count)")
        print("build: \(Int(buildTime * 1e9)) ns per route")
        print("parsing every templated string once: \(Int(parseAll * 1e9)) ns; per route \(Int(perRouteParse * 1e9)) ns")
        print("parse share of a build, at most: \(Int(perRouteParse / buildTime * 1000) / 10) %")
        _ = segments
    }
}
