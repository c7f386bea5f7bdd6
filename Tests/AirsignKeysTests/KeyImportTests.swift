import AirsignChains
import AirsignCrypto
import AirsignEncoding
import AirsignKeys
import AirsignTestSupport
import Foundation
import Testing

private struct ImportVectors: Decodable {
    struct Eth: Decodable { let private_key, address, source: String }
    struct PEM: Decodable {
        let name, pem, kind, source: String
        let principal, account_id, public_key: String?
    }
    let source: String
    let ethereum_hex: [Eth]
    let icp_pem: [PEM]
}

/// DER helpers for building test files.
private func tlv(_ tag: UInt8, _ body: [UInt8]) -> [UInt8] {
    precondition(body.count < 0x80)
    return [tag, UInt8(body.count)] + body
}

private func pem(_ label: String, _ der: [UInt8]) -> String {
    let body = Data(der).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
    return "-----BEGIN \(label)-----\n\(body)\n-----END \(label)-----\n"
}

@Suite struct KeyImportTests {
    @Test func ethereumHexKeys() throws {
        let file = try Vectors.load("key_import", as: ImportVectors.self)
        for c in file.ethereum_hex {
            for text in [c.private_key, String(c.private_key.dropFirst(2)), "  " + c.private_key + "\n"] {
                let account = try AccountRules.standard.derive(
                    .ethereum(index: 0), from: KeyImport.ethereumPrivateKey(secret(text))
                ).account
                #expect(account.address == c.address, "\(c.source)")
                #expect(account.path == "")
            }
        }
        #expect(throws: KeysError.self) {
            try KeyImport.ethereumPrivateKey(secret("0x" + String(repeating: "00", count: 32)))
        }
        #expect(throws: KeysError.self) {
            try KeyImport.ethereumPrivateKey(secret("0x" + String(repeating: "ff", count: 32)))
        }
        #expect(throws: KeysError.self) { try KeyImport.ethereumPrivateKey(secret("0x1234")) }
        #expect(throws: KeysError.self) {
            try KeyImport.ethereumPrivateKey(secret("0x" + String(repeating: "4g", count: 32)))
        }
    }

    @Test func icpPEMFiles() throws {
        let file = try Vectors.load("key_import", as: ImportVectors.self)
        for c in file.icp_pem {
            let imported = try KeyImport.icpPEM(secret(c.pem))
            let account = try AccountRules.standard.derive(.icp(index: 0), from: imported).account
            #expect(account.scheme.rawValue == c.kind, "\(c.name)")
            if let principal = c.principal { #expect(account.address == principal, "\(c.source)") }
            if let id = c.account_id { #expect(account.icpAccountIdentifier?.hex == id) }
            if let key = c.public_key { #expect(testHex(account.publicKey) == key, "\(c.source)") }
        }
    }

    @Test func pemVariants() throws {
        let file = try Vectors.load("key_import", as: ImportVectors.self)
        let quill = try #require(file.icp_pem.first { $0.kind == "secp256k1" })
        let expected = try AccountRules.standard.derive(.icp(index: 0), from: KeyImport.icpPEM(secret(quill.pem)))
            .account
        // openssl ecparam -genkey writes an EC PARAMETERS block first; CRLF line ends and
        // explanatory text around the block are fine too.
        let params = pem("EC PARAMETERS", [0x06, 0x05, 0x2b, 0x81, 0x04, 0x00, 0x0a])
        let variants = [
            params + quill.pem, quill.pem.replacingOccurrences(of: "\n", with: "\r\n"),
            "Principal: x\n" + quill.pem + "\ntrailer\n",
        ]
        for text in variants {
            #expect(
                try AccountRules.standard.derive(.icp(index: 0), from: KeyImport.icpPEM(secret(text))).account
                    == expected)
        }

        // The Ed25519 fixture in the PKCS#8 v2 form ring and dfx write, with the public key.
        let jose = try #require(file.icp_pem.first { $0.kind == "ed25519" })
        let v1 = try #require(Data(base64Encoded: jose.pem.split(separator: "\n")[1].description)).map { $0 }
        let seed = Array(v1.suffix(32))
        let publicKey = testBytes(try #require(jose.public_key))
        let algorithm = tlv(0x30, tlv(0x06, [0x2b, 0x65, 0x70]))
        let privateKey = tlv(0x04, tlv(0x04, seed))
        let v2 = tlv(0x30, tlv(0x02, [1]) + algorithm + privateKey + tlv(0xa1, tlv(0x03, [0] + publicKey)))
        let v2Implicit = tlv(0x30, tlv(0x02, [1]) + algorithm + privateKey + tlv(0x81, [0] + publicKey))
        for der in [v2, v2Implicit] {
            let account = try AccountRules.standard.derive(
                .icp(index: 0), from: KeyImport.icpPEM(secret(pem("PRIVATE KEY", der)))
            ).account
            #expect(account.publicKey == publicKey)
        }
        // A public key that is not the private key's is refused.
        var wrong = publicKey
        wrong[0] ^= 1
        let mismatched = tlv(0x30, tlv(0x02, [1]) + algorithm + privateKey + tlv(0xa1, tlv(0x03, [0] + wrong)))
        #expect(throws: KeysError.self) { try KeyImport.icpPEM(secret(pem("PRIVATE KEY", mismatched))) }
    }

    @Test func pemRefusals() throws {
        let file = try Vectors.load("key_import", as: ImportVectors.self)
        let quill = try #require(file.icp_pem.first { $0.kind == "secp256k1" }).pem
        let cases: [String] = [
            "",
            "no pem here",
            quill.replacingOccurrences(of: "-----END EC PRIVATE KEY-----", with: ""),
            quill.replacingOccurrences(of: "END EC PRIVATE KEY", with: "END PRIVATE KEY"),
            quill + quill,
            quill.replacingOccurrences(of: "MHQCAQEE", with: "Proc-Type: 4,ENCRYPTED\nMHQCAQEE"),
            quill.replacingOccurrences(of: "MHQCAQEE", with: "MHQCAQIE"),  // version 2
            // P-256 parameters
            pem("EC PARAMETERS", [0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07]) + quill,
            pem("CERTIFICATE", [0x30, 0x00]) + quill,
        ]
        for text in cases {
            #expect(throws: KeysError.self, "\(text.prefix(40))") { try KeyImport.icpPEM(secret(text)) }
        }
    }

    @Test func stellarAndSubstrateSecrets() throws {
        #expect(throws: KeysError.self) {
            try KeyImport.stellarSecret(secret("GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ"))
        }
        let seed = "0xabf8e5bdbe30c65656c0a3cbd181ff8a56294a69dfedd27982aace4a76909115"
        let account = try AccountRules.standard.derive(
            .substrate(scheme: .ed25519, path: .init(junctions: []), ss58Prefix: 42),
            from: KeyImport.substrateSeed(secret(seed + "\n"))
        ).account
        #expect(account.address == "5FA9nQDVg267DEd8m1ZypXLBnvN7SFxYwV7ndqSYGiN9TTpu")  // //Alice ed25519
        #expect(throws: KeysError.self) { try KeyImport.substrateSeed(secret(String(seed.dropFirst(2)))) }
    }

    @Test func errorsNeverQuoteTheSecret() throws {
        let secrets = [
            "0x4646464646464646464646464646464646464646464646464646464646464g46",
            "SBGWSG6BTNCKCOB3DIFBGCVMUPQFYPA2G4O34RMTB343OYPXU5DJDVMM",
            "-----BEGIN EC PRIVATE KEY-----\nMHQCAQEEIJuWMc4BX7LWlt0H384ByBfXIlE5TIRYDQ3VsMH0D5QhoAcGBSuBBAAK!\n-----END EC PRIVATE KEY-----",
        ]
        for (n, text) in secrets.enumerated() {
            do {
                switch n {
                case 0: _ = try KeyImport.ethereumPrivateKey(secret(text))
                case 1: _ = try KeyImport.stellarSecret(secret(text))
                default: _ = try KeyImport.icpPEM(secret(text))
                }
                Issue.record("accepted a corrupted secret")
            } catch {
                // No six-character piece of the secret part (the PEM body, not its labels).
                let message = error.description
                let secretPart = n == 2 ? String(text.split(separator: "\n")[1]) : text
                for start in stride(from: 0, to: secretPart.count - 6, by: 3) {
                    let piece = String(secretPart.dropFirst(start).prefix(6))
                    #expect(!message.contains(piece), "error quotes \(piece)")
                }
            }
        }
    }

    @Test func randomFilesNeverTrap() throws {
        var rng = SeededRandom.forTest("KeyImportTests.randomFilesNeverTrap")
        let file = try Vectors.load("key_import", as: ImportVectors.self)
        for c in file.icp_pem {
            let der = try #require(Data(base64Encoded: c.pem.split(separator: "\n").dropFirst().dropLast().joined()))
                .map { $0 }
            for bad in rng.corruptions(of: der, count: 1000) {
                _ = try? KeyImport.icpPEM(secret(pem("PRIVATE KEY", bad)))
                _ = try? KeyImport.icpPEM(secret(pem("EC PRIVATE KEY", bad)))
            }
            for bad in rng.corruptions(of: Array(c.pem.utf8), count: 500) {
                _ = try? KeyImport.icpPEM(SecureBytes(copying: bad))
            }
        }
        for _ in 0..<1000 {
            let bytes = rng.bytes(lengthIn: 0...80)
            _ = try? KeyImport.icpPEM(secret(pem("PRIVATE KEY", bytes)))
            _ = try? KeyImport.ethereumPrivateKey(SecureBytes(copying: bytes))
            _ = try? KeyImport.stellarSecret(SecureBytes(copying: bytes))
            _ = try? KeyImport.substrateSeed(SecureBytes(copying: bytes))
        }
    }
}
