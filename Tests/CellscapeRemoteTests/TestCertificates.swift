import Crypto
import Foundation
import NIOSSL
import SwiftASN1
import X509

/// A certificate authority made for one test run and a server certificate it signed for 127.0.0.1:
/// the server presents the second, the client trusts the first, and nothing outside the test does.
struct TestCertificates {
    let authority: NIOSSLCertificate
    let server: NIOSSLCertificate
    let serverKey: NIOSSLPrivateKey

    init() throws {
        let authorityKey = P256.Signing.PrivateKey()
        let authorityName = try DistinguishedName { CommonName("Cellscape test authority") }
        let now = Date()
        let authorityCertificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(),
            publicKey: Certificate.PublicKey(authorityKey.publicKey),
            notValidBefore: now - 3600, notValidAfter: now + 86400, issuer: authorityName, subject: authorityName,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true))
            },
            issuerPrivateKey: Certificate.PrivateKey(authorityKey))
        let key = P256.Signing.PrivateKey()
        let serverCertificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: Certificate.PublicKey(key.publicKey),
            notValidBefore: now - 3600, notValidAfter: now + 86400, issuer: authorityName,
            subject: try DistinguishedName { CommonName("127.0.0.1") }, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames([.ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1]))])
            },
            issuerPrivateKey: Certificate.PrivateKey(authorityKey))
        authority = try NIOSSLCertificate(bytes: Self.der(authorityCertificate), format: .der)
        server = try NIOSSLCertificate(bytes: Self.der(serverCertificate), format: .der)
        serverKey = try NIOSSLPrivateKey(bytes: Array(key.derRepresentation), format: .der)
    }

    private static func der(_ certificate: Certificate) throws -> [UInt8] {
        var serializer = DER.Serializer()
        try serializer.serialize(certificate)
        return serializer.serializedBytes
    }
}
