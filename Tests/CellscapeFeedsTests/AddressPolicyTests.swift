import Foundation
import Testing

@testable import CellscapeFeeds

/// Where a server's addresses may lead, as a pure function of addresses: no test connects anywhere.
@Suite struct AddressPolicyTests {
    static func bytes(_ text: String) throws -> [UInt8] { try #require(AddressPolicy.literalAddress(text)) }

    @Test(arguments: [
        ("10.0.0.1", AddressPolicy.Network.local), ("10.255.255.255", .local), ("172.16.0.1", .local),
        ("172.31.255.254", .local), ("172.32.0.1", .global), ("172.15.0.1", .global), ("192.168.1.1", .local),
        ("192.169.0.1", .global), ("100.64.0.1", .local), ("169.254.169.254", .linkLocal), ("127.0.0.1", .loopback),
        ("127.8.9.10", .loopback), ("0.0.0.0", .reserved), ("224.0.0.1", .reserved), ("255.255.255.255", .reserved),
        ("8.8.8.8", .global), ("151.101.1.1", .global), ("::1", .loopback), ("::", .reserved),
        ("fc00::1", .local), ("fd12:3456::1", .local), ("fe80::1", .linkLocal), ("febf::1", .linkLocal),
        ("fec0::1", .global), ("ff02::1", .reserved), ("2a00:1450:4001::1", .global),
        ("::ffff:10.0.0.1", .local), ("::ffff:127.0.0.1", .loopback), ("::ffff:169.254.1.1", .linkLocal),
        ("::ffff:8.8.8.8", .global),
    ])
    func eachAddressIsOnItsNetwork(address: String, network: AddressPolicy.Network) throws {
        #expect(AddressPolicy.network(of: try Self.bytes(address)) == network)
    }

    @Test func aFeedOnTheInternetLeadsOnlyToTheInternetOverHTTPS() throws {
        let policy = AddressPolicy(userAddress: URL(string: "https://mastodon.social")!)
        func refusal(_ text: String) -> String? { policy.refusal(of: URL(string: text)!)?.description }
        #expect(refusal("https://files.mastodon.social/a.png") == nil)
        #expect(refusal("file:///etc/passwd") == "refused: the server points at a file on this computer")
        #expect(refusal("ftp://example.org/a.gif") == "refused: the server points at a ftp: address")
        #expect(
            refusal("http+unix://%2Fvar%2Frun%2Fdocker.sock/info")
                == "refused: the server points at a http+unix: address")
        #expect(refusal("javascript:alert(1)") == "refused: the server points at a javascript: address")
        #expect(refusal("http://example.org/a.png") == "refused: the server points at plain http")
        #expect(
            refusal("https://user:pw@example.org/a.png")
                == "refused: the server's address carries a user name or password")
        #expect(refusal("https://10.0.0.1/a.png") == "refused: the server points into the local network")
        #expect(
            refusal("https://169.254.169.254/latest/meta-data") == "refused: the server points at a link-local address")
        #expect(refusal("https://127.0.0.1/a.png") == "refused: the server points at this computer")
        #expect(refusal("https://[::1]/a.png") == "refused: the server points at this computer")
        #expect(refusal("https://localhost/a.png") == "refused: the server points at this computer")
        #expect(refusal("https://[::ffff:192.168.0.1]/a.png") == "refused: the server points into the local network")
        #expect(refusal("https://[fe80::1]/a.png") == "refused: the server points at a link-local address")
        // A name is judged by what it resolves to, before its socket opens.
        #expect(policy.allows(try Self.bytes("151.101.1.1"), host: "cdn.example"))
        #expect(!policy.allows(try Self.bytes("10.0.0.1"), host: "cdn.example"))
        #expect(!policy.allows(try Self.bytes("::ffff:127.0.0.1"), host: "cdn.example"))
        // The user's own server, wherever its name leads (a server at home).
        #expect(policy.allows(try Self.bytes("192.168.1.5"), host: "Mastodon.Social"))
    }

    @Test func aFeedOnThisMachineMayLeadToThisMachineAndPlainHTTP() throws {
        let policy = AddressPolicy(userAddress: URL(string: "http://127.0.0.1:8765")!)
        #expect(policy.refusal(of: URL(string: "http://127.0.0.1:9000/a.gif")!) == nil)
        #expect(policy.refusal(of: URL(string: "http://localhost:9000/a.gif")!) == nil)
        #expect(policy.allows(try Self.bytes("127.0.0.1"), host: "media.test"))
        // Not the local network for all that, nor a file.
        #expect(policy.refusal(of: URL(string: "http://192.168.0.1/a.gif")!) == .network(.local))
        #expect(!policy.allows(try Self.bytes("10.1.2.3"), host: "media.test"))
        #expect(policy.refusal(of: URL(string: "file:///etc/passwd")!) == .scheme("file"))
        // A feed at home (the user's own address on the local network): https still, the network allowed.
        let home = AddressPolicy(userAddress: URL(string: "https://192.168.1.5")!)
        #expect(home.allows(try Self.bytes("192.168.1.9"), host: "media.home"))
        #expect(home.refusal(of: URL(string: "http://192.168.1.9/a.gif")!) == .plainHTTP)
        #expect(!home.allows(try Self.bytes("127.0.0.1"), host: "media.home"))
    }
}
