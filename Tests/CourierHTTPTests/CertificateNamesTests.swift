import Testing

@testable import CourierHTTP

/// IP addresses in a certificate's names, as `certificate names` lists them and hosts match
/// them: IPv6 as RFC 5952 writes it.
@Suite("Certificate names")
struct CertificateNamesTests {
    static func address(_ groups: [Int]) -> [UInt8] { groups.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xff)] } }

    @Test(
        "IPv6 addresses (RFC 5952 §4)",
        arguments: [
            ([0, 0, 0, 0, 0, 0, 0, 1], "::1"), ([0, 0, 0, 0, 0, 0, 0, 0], "::"),
            ([0x2001, 0xdb8, 0, 0, 0, 0, 2, 1], "2001:db8::2:1"),
            ([0x2001, 0xdb8, 0, 1, 1, 1, 1, 1], "2001:db8:0:1:1:1:1:1"),
            ([0x2001, 0, 0, 1, 0, 0, 0, 1], "2001:0:0:1::1"), ([0x2001, 0xdb8, 0, 0, 1, 0, 0, 1], "2001:db8::1:0:0:1"),
            ([0xfe80, 0, 0, 0, 0xabcd, 0, 0, 0], "fe80::abcd:0:0:0"),
        ])
    func ipv6(groups: [Int], text: String) {
        #expect(TLSDiagnosis.ipv6(Self.address(groups)) == text)
    }
}
