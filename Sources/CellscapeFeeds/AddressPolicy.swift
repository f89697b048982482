import Foundation

/// Where the addresses a feed's server gives (its pages' media and links, its redirects) may lead:
/// `https` only, plain `http` only when the user's own address is `http` on this machine; no user name
/// or password in them; and no host on this computer, the local network or a link-local one, unless
/// the user's own address is there. A name is judged by what it resolves to, before a socket opens
/// (the transport asks ``allows(_:host:)``), so a name that resolves to 10.0.0.1 is refused as well.
public struct AddressPolicy: Sendable, Hashable {
    /// The kind of network an address of the Internet Protocol is on.
    public enum Network: Sendable, Hashable {
        /// Anywhere on the internet.
        case global
        /// This computer: 127.0.0.0/8, ::1.
        case loopback
        /// A local network: 10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7.
        case local
        /// A link's own: 169.254/16 (where clouds answer with their machines' keys), fe80::/10.
        case linkLocal
        /// No host at all: 0.0.0.0/8, ::, multicast, broadcast and the reserved ranges.
        case reserved
    }

    /// Why an address is refused, said in a user's words.
    public enum Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        case scheme(String)
        case plainHTTP
        case userInfo
        case noHost
        case network(Network)

        public var description: String {
            switch self {
            case .scheme("file"): "refused: the server points at a file on this computer"
            case .scheme(let scheme): "refused: the server points at a \(scheme): address"
            case .plainHTTP: "refused: the server points at plain http"
            case .userInfo: "refused: the server's address carries a user name or password"
            case .noHost: "refused: the server points at no address"
            case .network(.loopback): "refused: the server points at this computer"
            case .network(.local): "refused: the server points into the local network"
            case .network(.linkLocal): "refused: the server points at a link-local address"
            case .network(_): "refused: the server points at a reserved address"
            }
        }
    }

    /// The networks a server's addresses may lead to besides the internet: the user's own address's.
    public let networks: Set<Network>
    /// Whether plain `http` is allowed (the user's own address is `http` on this machine).
    public let allowsPlainHTTP: Bool
    /// The user's own host, lower case: reached wherever it resolves to.
    public let userHost: String?

    /// The policy for a feed the user asked for at `userAddress` (the feed's, or `--api-base`); nil:
    /// the internet alone, over `https`.
    public init(userAddress: URL?) {
        let host = userAddress?.host.map { Self.bare($0) }
        userHost = host
        var networks: Set<Network> = [.global]
        if let host {
            if host == "localhost" {
                networks.insert(.loopback)
            } else if let bytes = Self.literalAddress(host) {
                networks.insert(Self.network(of: bytes))
            }
        }
        self.networks = networks
        allowsPlainHTTP = userAddress?.scheme?.lowercased() == "http" && networks.contains(.loopback)
    }

    /// What is wrong with `url` before anything is asked: its scheme, user info, or a host written as an
    /// address of a network not allowed; nil when it may be asked (a name is judged when resolved).
    public func refusal(of url: URL) -> Refusal? {
        guard let scheme = url.scheme?.lowercased() else { return .noHost }
        switch scheme {
        case "https": break
        case "http": if !allowsPlainHTTP { return .plainHTTP }
        default: return .scheme(scheme)
        }
        if url.user != nil || url.password != nil { return .userInfo }
        guard let host = url.host.map({ Self.bare($0) }), !host.isEmpty else { return .noHost }
        if host == userHost { return nil }
        if host == "localhost" || host.hasSuffix(".localhost") {
            return networks.contains(.loopback) ? nil : .network(.loopback)
        }
        if let bytes = Self.literalAddress(host), !networks.contains(Self.network(of: bytes)) {
            return .network(Self.network(of: bytes))
        }
        return nil
    }

    /// Whether a connection to `address` (4 or 16 bytes, as resolved) may be opened for `host`: the
    /// user's own host anywhere, any other only on an allowed network.
    public func allows(_ address: [UInt8], host: String) -> Bool {
        Self.bare(host) == userHost || networks.contains(Self.network(of: address))
    }

    /// The network of `address`: 4 bytes of IPv4 or 16 of IPv6 (an IPv4-mapped one judged as its IPv4).
    public static func network(of address: [UInt8]) -> Network {
        switch address.count {
        case 4: return network(ipv4: address)
        case 16:
            if address[0..<10].allSatisfy({ $0 == 0 }) && address[10] == 0xFF && address[11] == 0xFF {
                return network(ipv4: Array(address[12...]))
            }
            if address[0..<15].allSatisfy({ $0 == 0 }) { return address[15] == 1 ? .loopback : .reserved }
            if address[0] & 0xFE == 0xFC { return .local }
            if address[0] == 0xFE && address[1] & 0xC0 == 0x80 { return .linkLocal }
            if address[0] == 0xFF { return .reserved }
            return .global
        default: return .reserved
        }
    }

    private static func network(ipv4 address: [UInt8]) -> Network {
        let (first, second) = (address[0], address[1])
        switch first {
        case 127: return .loopback
        case 10: return .local
        case 172 where second & 0xF0 == 16: return .local
        case 192 where second == 168: return .local
        case 100 where second & 0xC0 == 64: return .local
        case 169 where second == 254: return .linkLocal
        case 0, 224...255: return .reserved
        default: return .global
        }
    }

    /// The bytes of `host` written as an address (`10.0.0.1`, `::1`); nil for a name.
    public static func literalAddress(_ host: String) -> [UInt8]? {
        var four = in_addr()
        if inet_pton(AF_INET, host, &four) == 1 { return withUnsafeBytes(of: &four) { Array($0) } }
        var sixteen = in6_addr()
        if inet_pton(AF_INET6, host, &sixteen) == 1 { return withUnsafeBytes(of: &sixteen) { Array($0) } }
        return nil
    }

    /// A host without the brackets of an IPv6 address and its trailing dot, lower case.
    private static func bare(_ host: String) -> String {
        var host = host.lowercased()
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.hasSuffix(".") { host.removeLast() }
        return host
    }
}
