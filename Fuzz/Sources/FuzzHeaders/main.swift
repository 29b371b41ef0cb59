// Response headers the core reads: the first line is a `WWW-Authenticate` value (challenges,
// and the digest parameters chosen from them); the next two are URLs; then each group of
// four lines is a cookie (name, value, Domain, Path) set by the first URL. Whatever the jar
// keeps, it sends to the second URL only what domain-matches and path-matches it.
import FuzzSupport

@testable import CourierCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHeaders(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let lines = Invariant.text(data, size).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let challenges = AuthChallenge.parse([lines[0]])
    _ = try? DigestAuthorization(challenges: challenges)
    guard lines.count >= 3 else { return 0 }
    let from = lines[1]
    let to = lines[2]
    var jar = CookieJar()
    var index = 3
    while index + 3 < lines.count {
        let cookie = SetCookie(
            name: lines[index], value: lines[index + 1], domain: lines[index + 2].isEmpty ? nil : lines[index + 2],
            path: lines[index + 3].isEmpty ? nil : lines[index + 3], maxAge: index % 7 == 0 ? 0 : nil,
            secure: index % 5 == 0)
        _ = jar.receive(cookie, from: from, now: 1000)
        index += 4
    }
    _ = jar.header(for: to, now: 1000)
    guard let target = CookieURL(to) else { return 0 }
    for cookie in jar.sendable(to: to, now: 1000) {
        let domainOK =
            cookie.hostOnly ? cookie.domain == target.host : CookieURL.domainMatches(target.host, cookie.domain)
        Invariant.require(domainOK, "\(cookie.domain) sent to \(target.host)")
        Invariant.require(target.path.hasPrefix(cookie.path), "path \(cookie.path) sent under \(target.path)")
        Invariant.require(!cookie.secure || target.isSecure, "a Secure cookie sent over http")
    }
    return 0
}
