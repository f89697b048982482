import CellscapeFeeds
import Foundation

extension AddressPolicy {
    /// The policy of a feed the user asked for on this machine over plain http: the tests' servers
    /// listen on loopback.
    static let thisMachine = AddressPolicy(userAddress: URL(string: "http://127.0.0.1")!)
}
