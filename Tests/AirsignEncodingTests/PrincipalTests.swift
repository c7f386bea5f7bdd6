import AirsignCrypto
import AirsignEncoding
import AirsignTestSupport
import Testing

private struct ICPVectors: Decodable {
    struct Text: Decodable { let bytes, text, source: String }
    struct Key: Decodable {
        let name, principal, source: String
        let der, private_key, ed25519_seed, account_id: String?
    }
    struct Account: Decodable { let principal, subaccount, account_id, source: String }
    let source: String
    let principal_text: [Text]
    let keys: [Key]
    let account_identifier: [Account]
}

@Suite struct PrincipalTests {
    @Test func textVectors() throws {
        let file = try Vectors.load("icp_identity", as: ICPVectors.self)
        #expect(file.principal_text.count == 7)
        for c in file.principal_text {
            let principal = try Principal(bytes: testBytes(c.bytes))
            #expect(principal.text == c.text, "\(c.source)")
            #expect(try Principal(text: c.text) == principal)
            #expect(try Principal(text: c.text.uppercased()) == principal)
        }
        #expect(Principal.anonymous.text == "2vxsx-fae")
        #expect(Principal.managementCanister.text == "aaaaa-aa")
    }

    @Test func keysToPrincipalsAndAccounts() throws {
        let file = try Vectors.load("icp_identity", as: ICPVectors.self)
        #expect(file.keys.count == 5)
        for c in file.keys {
            var der: [UInt8]
            if let seed = c.ed25519_seed {
                der = try SubjectPublicKeyInfo.ed25519(
                    publicKey: Ed25519.PrivateKey(seed: SecureBytes(copying: testBytes(seed))).publicKey)
            } else {
                let key = try Secp256k1.PrivateKey(SecureBytes(copying: testBytes(try #require(c.private_key))))
                der = try SubjectPublicKeyInfo.secp256k1(uncompressedPublicKey: key.publicKey.uncompressed)
            }
            if let expected = c.der { #expect(testHex(der) == expected, "\(c.name)") }
            let principal = Principal.selfAuthenticating(derPublicKey: der)
            #expect(principal.text == c.principal, "\(c.name): \(c.source)")
            if let account = c.account_id {
                #expect(try ICPAccountIdentifier(principal: principal).hex == account, "\(c.name)")
            }
        }
    }

    @Test func accountIdentifiers() throws {
        let file = try Vectors.load("icp_identity", as: ICPVectors.self)
        #expect(file.account_identifier.count == 4)
        for c in file.account_identifier {
            let id = try ICPAccountIdentifier(
                principal: Principal(text: c.principal), subaccount: testBytes(c.subaccount))
            #expect(id.hex == c.account_id, "\(c.source)")
            #expect(try ICPAccountIdentifier(hex: c.account_id) == id)
            #expect(try ICPAccountIdentifier(hex: c.account_id.uppercased()) == id)
        }
        let good = "345f723e9e619934daac6ae0f4be13a7b0ba57d6a608e511a00fd0ded5866752"
        #expect(throws: EncodingError.self) {
            try ICPAccountIdentifier(hex: "445f723e9e619934daac6ae0f4be13a7b0ba57d6a608e511a00fd0ded5866752")
        }
        #expect(throws: EncodingError.self) { try ICPAccountIdentifier(hex: good.dropLast(2)) }
        #expect(throws: EncodingError.self) { try ICPAccountIdentifier(hex: "0x" + good.dropLast(2)) }
        #expect(throws: EncodingError.self) { try ICPAccountIdentifier(principal: .anonymous, subaccount: [1]) }
    }

    @Test func strictText() throws {
        #expect(throws: EncodingError.self) { try Principal(text: "em77ebvlzuaq") }  // no dashes
        #expect(throws: EncodingError.self) { try Principal(text: "em77e-bvlzu-aq-") }  // trailing dash
        #expect(throws: EncodingError.self) { try Principal(text: "-em77e-bvlzu-aq") }  // leading dash
        #expect(throws: EncodingError.self) { try Principal(text: "em77e-bvlz-uaq") }  // short group
        #expect(throws: EncodingError.self) { try Principal(text: "em77e-bvlzu-ar") }  // bad CRC / bits
        #expect(throws: EncodingError.self) { try Principal(text: "em77e-bvlzu-aQ") }  // mixed case
        #expect(throws: EncodingError.self) { try Principal(text: "") }
        #expect(throws: EncodingError.self) { try Principal(text: "aaaa") }
        #expect(throws: EncodingError.self) { try Principal(bytes: [UInt8](repeating: 1, count: 30)) }
        // 30 bytes of data with a valid CRC is still too long for a principal.
        let long = [UInt8](repeating: 1, count: 30)
        let crc = CRC32.checksum(long)
        let raw = Array(
            Base32.encode([24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> UInt32($0)) } + long, lowercase: true))
        let grouped = stride(from: 0, to: raw.count, by: 5).map { String(raw[$0..<min($0 + 5, raw.count)]) }.joined(
            separator: "-")
        #expect(throws: EncodingError.self) { try Principal(text: grouped) }
    }

    @Test func roundTripsAndCorruptionsNeverTrap() throws {
        var rng = SeededRandom.forTest("PrincipalTests.roundTripsAndCorruptionsNeverTrap")
        for _ in 0..<500 {
            let principal = try Principal(bytes: rng.bytes(lengthIn: 0...29))
            #expect(try Principal(text: principal.text) == principal)
            for bad in rng.corruptions(of: Array(principal.text.utf8), count: 10) {
                let text = String(decoding: bad, as: UTF8.self)
                if let parsed = try? Principal(text: text) { #expect(parsed.text == text.lowercased()) }
            }
            let account = try ICPAccountIdentifier(principal: principal, subaccount: rng.bytes(32))
            for bad in rng.corruptions(of: Array(account.hex.utf8), count: 5) {
                _ = try? ICPAccountIdentifier(hex: String(decoding: bad, as: UTF8.self))
            }
        }
    }

    @Test func subjectPublicKeyInfoRefusesWrongKeys() {
        #expect(throws: EncodingError.self) {
            try SubjectPublicKeyInfo.secp256k1(uncompressedPublicKey: [UInt8](repeating: 2, count: 33))
        }
        #expect(throws: EncodingError.self) {
            try SubjectPublicKeyInfo.secp256k1(uncompressedPublicKey: [0x05] + [UInt8](repeating: 2, count: 64))
        }
        #expect(throws: EncodingError.self) {
            try SubjectPublicKeyInfo.ed25519(publicKey: [UInt8](repeating: 2, count: 31))
        }
    }

    /// A node key is read out of its SPKI only when the SPKI is exactly an Ed25519 one: the
    /// RFC 8410 header (written out here from the RFC, not from our constant) and 32 bytes.
    @Test func anEd25519KeyIsReadOnlyFromAnEd25519SPKI() throws {
        let key = [UInt8](0..<32)
        let der = testBytes("302a300506032b6570032100") + key
        #expect(SubjectPublicKeyInfo.ed25519Key(in: der) == key)
        #expect(try SubjectPublicKeyInfo.ed25519(publicKey: key) == der)
        #expect(SubjectPublicKeyInfo.ed25519Key(in: Array(der.dropLast())) == nil)
        #expect(SubjectPublicKeyInfo.ed25519Key(in: der + [0]) == nil)
        var otherCurve = der
        otherCurve[8] = 0x71  // 1.3.101.113, Ed448's OID
        #expect(SubjectPublicKeyInfo.ed25519Key(in: otherCurve) == nil)
        let secp = try SubjectPublicKeyInfo.secp256k1(uncompressedPublicKey: [0x04] + [UInt8](repeating: 7, count: 64))
        #expect(SubjectPublicKeyInfo.ed25519Key(in: secp) == nil)
    }
}
