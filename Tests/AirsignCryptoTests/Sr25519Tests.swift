@_spi(Testing) import AirsignCrypto
import AirsignKeys
import AirsignTestSupport
import Foundation
import Testing

struct Sr25519File: Decodable {
    struct MiniSecret: Decodable {
        let mini_secret, key_canonical, key_ed25519_format, nonce, `public`, source, status: String
    }
    struct DevRoot: Decodable {
        let mini_secret, sr25519_public, sr25519_secret_ed25519_format, sr25519_secret_canonical_format, source: String
    }
    struct Junction: Decodable { let hard: Bool; let junction: String }
    struct DevAccount: Decodable {
        let suri: String
        let path: [Junction]
        let `public`, secret_ed25519_format, secret_canonical_format, source: String
    }
    struct HDKD: Decodable {
        struct Hard: Decodable { let parent_mini_secret, chain_code, child_mini_secret, child_public: String }
        struct SoftPublic: Decodable { let parent_public, chain_code, child_public: String }
        let source: String
        let hard: Hard
        let soft_public: SoftPublic
    }
    struct Paths: Decodable {
        struct Case: Decodable { let suri: String; let path: [Junction]; let `public`: String }
        let source: String
        let vectors: [Case]
    }
    struct ChainCodes: Decodable {
        struct Case: Decodable { let junction, chain_code: String }
        let source: String
        let vectors: [Case]
    }
    struct Verify: Decodable {
        struct Case: Decodable { let `public`, message_utf8, signature, source: String; let valid: Bool }
        let context: String
        let vectors: [Case]
    }
    struct SignZeroRNG: Decodable {
        let mini_secret, key_canonical, nonce, `public`, context, message_utf8, rng32, R, s, signature, source: String
    }
    let source: String
    let mini_secret_to_public: [MiniSecret]
    let dev_root: DevRoot
    let dev_mini_secret: String
    let dev_accounts_from_dev_mini_secret: [DevAccount]
    let hdkd: HDKD
    let dev_phrase_paths: Paths
    let junction_chain_codes: ChainCodes
    let verify: Verify
    let sign_zero_rng: SignZeroRNG
}

func sr25519Key(mini hex: String) throws -> Sr25519.SecretKey {
    try Sr25519.SecretKey(miniSecret: SecureBytes(copying: testBytes(hex)))
}

/// A junction's chain code, by the secret-URI rules of AirsignKeys.
func chainCode(_ name: String) throws -> [UInt8] {
    try SubstrateJunction(name: name, isHard: true).chainCode
}

/// Applies a Substrate derivation path to a root secret key.
func sr25519Derive(_ root: Sr25519.SecretKey, _ path: [Sr25519File.Junction]) throws -> Sr25519.SecretKey {
    var key = root
    for junction in path {
        let chainCode = try chainCode(junction.junction)
        key = junction.hard ? try key.hardDerived(chainCode: chainCode) : try key.softDerived(chainCode: chainCode)
    }
    return key
}

@Suite("sr25519 known answers") struct Sr25519KnownAnswerTests {
    let file: Sr25519File

    init() throws {
        file = try Vectors.load("sr25519", as: Sr25519File.self)
    }

    @Test func miniSecretExpansionAndBothSecretFormats() throws {
        #expect(file.mini_secret_to_public.count == 3)
        for v in file.mini_secret_to_public {
            let key = try sr25519Key(mini: v.mini_secret)
            #expect(testHex(key.publicKey.bytes) == v.public, "\(v.source)")
            #expect(testHex(contents(key.schnorrkelBytes)) == v.key_canonical + v.nonce)
            #expect(testHex(contents(key.ed25519Bytes)) == v.key_ed25519_format + v.nonce)

            // Each 64-byte form reads back to the same key; the forms are not interchangeable.
            let fromCanonical = try Sr25519.SecretKey(
                schnorrkelBytes: SecureBytes(copying: testBytes(v.key_canonical + v.nonce)))
            let fromEd25519 = try Sr25519.SecretKey(
                ed25519Bytes: SecureBytes(copying: testBytes(v.key_ed25519_format + v.nonce)))
            #expect(fromCanonical.publicKey == key.publicKey)
            #expect(fromEd25519.publicKey == key.publicKey)
            #expect(contents(fromEd25519.schnorrkelBytes) == contents(key.schnorrkelBytes))
            #expect(throws: CryptoError.invalidSr25519SecretKey) {
                try Sr25519.SecretKey(schnorrkelBytes: SecureBytes(copying: testBytes(v.key_ed25519_format + v.nonce)))
            }
        }
    }

    @Test func devPhraseRootSecrets() throws {
        let root = file.dev_root
        let key = try sr25519Key(mini: root.mini_secret)
        #expect(testHex(key.publicKey.bytes) == root.sr25519_public)
        #expect(testHex(contents(key.ed25519Bytes)) == root.sr25519_secret_ed25519_format)
        #expect(testHex(contents(key.schnorrkelBytes)) == root.sr25519_secret_canonical_format)
    }

    @Test func devAccountsByHardDerivation() throws {
        // //Alice, //Bob, //Alice//stash from the DEV_PHRASE mini-secret: public keys and both
        // secret forms (hard derivation is deterministic, so the secrets compare byte for byte).
        let root = try sr25519Key(mini: file.dev_mini_secret)
        #expect(file.dev_accounts_from_dev_mini_secret.count == 3)
        for account in file.dev_accounts_from_dev_mini_secret {
            let key = try sr25519Derive(root, account.path)
            #expect(testHex(key.publicKey.bytes) == account.public, "\(account.suri)")
            #expect(testHex(contents(key.ed25519Bytes)) == account.secret_ed25519_format, "\(account.suri)")
            #expect(testHex(contents(key.schnorrkelBytes)) == account.secret_canonical_format, "\(account.suri)")
        }
        let alice = try sr25519Derive(root, [.init(hard: true, junction: "Alice")])
        #expect(testHex(alice.publicKey.bytes) == "d43593c715fdd31c61141abd04a99fd6822c8558854ccde39a5684e7a56da27d")
    }

    @Test func hdkdVectors() throws {
        let hard = file.hdkd.hard
        let parent = try sr25519Key(mini: hard.parent_mini_secret)
        let childMini = try parent.hardDerivedMiniSecret(chainCode: testBytes(hard.chain_code))
        #expect(testHex(contents(childMini)) == hard.child_mini_secret)
        #expect(
            testHex(try parent.hardDerived(chainCode: testBytes(hard.chain_code)).publicKey.bytes) == hard.child_public)

        let soft = file.hdkd.soft_public
        let parentPublic = try Sr25519.PublicKey(bytes: testBytes(soft.parent_public))
        #expect(testHex(try parentPublic.softDerived(chainCode: testBytes(soft.chain_code)).bytes) == soft.child_public)
        #expect(
            testHex(try parent.softDerived(chainCode: testBytes(soft.chain_code)).publicKey.bytes) == soft.child_public)
    }

    @Test func devPhrasePathsHardAndSoft() throws {
        let root = try sr25519Key(mini: file.dev_mini_secret)
        #expect(file.dev_phrase_paths.vectors.count >= 8)
        for v in file.dev_phrase_paths.vectors {
            let key = try sr25519Derive(root, v.path)
            #expect(testHex(key.publicKey.bytes) == v.public, "\(v.suri)")
            // Where the path ends in soft junctions, the public side alone reaches the same key.
            var hardPrefix = root
            var rest = v.path[...]
            while let first = rest.first, first.hard {
                hardPrefix = try hardPrefix.hardDerived(chainCode: chainCode(first.junction))
                rest = rest.dropFirst()
            }
            if rest.allSatisfy({ !$0.hard }) {
                var publicKey = hardPrefix.publicKey
                for junction in rest {
                    publicKey = try publicKey.softDerived(chainCode: try chainCode(junction.junction))
                }
                #expect(testHex(publicKey.bytes) == v.public, "\(v.suri) (public derivation)")
            }
        }
    }

    @Test func junctionChainCodes() throws {
        for v in file.junction_chain_codes.vectors {
            #expect(testHex(try chainCode(v.junction)) == v.chain_code, "\(v.junction)")
        }
        #expect(try chainCode("18446744073709551615")[0..<8].allSatisfy { $0 == 0xff })
        #expect(try chainCode("-7")[0] == 2 << 2)
        // A 31-byte name encodes to 32 bytes (kept); 32 bytes encode to 33 (hashed).
        #expect(try chainCode(String(repeating: "a", count: 31))[0] == 31 << 2)
        #expect(try chainCode(String(repeating: "a", count: 32))[0] != 32 << 2)
        #expect(try chainCode(String(repeating: "a", count: 70)).count == 32)
    }

    @Test func publishedSignaturesVerify() throws {
        #expect(file.verify.context == "substrate")
        #expect(file.verify.vectors.count == 5)
        for v in file.verify.vectors {
            let valid = Sr25519.isValidSignature(
                testBytes(v.signature), message: Array(v.message_utf8.utf8),
                publicKey: testBytes(v.public))
            #expect(valid == v.valid, "\(v.source)")
        }
    }

    @Test func zeroRandomnessSignatureIsByteExact() throws {
        let v = file.sign_zero_rng
        let key = try sr25519Key(mini: v.mini_secret)
        #expect(testHex(key.publicKey.bytes) == v.public)
        #expect(testHex(contents(key.schnorrkelBytes)) == v.key_canonical + v.nonce)
        let signature = try key.sign(
            Array(v.message_utf8.utf8), context: Array(v.context.utf8),
            testRandomness: testBytes(v.rng32))
        #expect(testHex(signature) == v.signature)
        #expect(testHex(signature[0..<32]) == v.R)
        #expect(key.publicKey.isValidSignature(signature, message: Array(v.message_utf8.utf8)))
    }

    @Test func signaturesAreRandomizedButVerify() throws {
        let key = try sr25519Key(mini: file.dev_mini_secret)
        let message = Array("same message".utf8)
        let a = try key.sign(message)
        let b = try key.sign(message)
        #expect(a != b)
        #expect(a[63] & 0x80 != 0 && b[63] & 0x80 != 0)
        #expect(key.publicKey.isValidSignature(a, message: message))
        #expect(key.publicKey.isValidSignature(b, message: message))
        // The context is part of what is signed.
        let other = try key.sign(message, context: Array("not substrate".utf8))
        #expect(!key.publicKey.isValidSignature(other, message: message))
        #expect(key.publicKey.isValidSignature(other, message: message, context: Array("not substrate".utf8)))
        #expect(!key.publicKey.isValidSignature(a, message: message, context: []))
    }

    @Test func softDerivedNonceIsRandomButKeyIsNot() throws {
        let root = try sr25519Key(mini: file.dev_mini_secret)
        let chainCode = try chainCode("foo")
        let a = try root.softDerived(chainCode: chainCode)
        let b = try root.softDerived(chainCode: chainCode)
        #expect(a.publicKey == b.publicKey)
        #expect(contents(a.schnorrkelBytes)[0..<32] == contents(b.schnorrkelBytes)[0..<32])
        #expect(contents(a.schnorrkelBytes)[32...] != contents(b.schnorrkelBytes)[32...])
        let fixed1 = try root.softDerived(chainCode: chainCode, testRandomness: [UInt8](repeating: 7, count: 32))
        let fixed2 = try root.softDerived(chainCode: chainCode, testRandomness: [UInt8](repeating: 7, count: 32))
        #expect(contents(fixed1.schnorrkelBytes) == contents(fixed2.schnorrkelBytes))
    }

    @Test func inputErrors() throws {
        #expect(throws: CryptoError.wrongLength(.seed, expected: 32, actual: 31)) {
            try Sr25519.SecretKey(miniSecret: SecureBytes(count: 31))
        }
        #expect(throws: CryptoError.wrongLength(.key, expected: 64, actual: 32)) {
            try Sr25519.SecretKey(schnorrkelBytes: SecureBytes(count: 32))
        }
        #expect(throws: CryptoError.wrongLength(.key, expected: 64, actual: 65)) {
            try Sr25519.SecretKey(ed25519Bytes: SecureBytes(count: 65))
        }
        // A zero scalar (public key = identity) in either form.
        #expect(throws: CryptoError.invalidSr25519SecretKey) {
            try Sr25519.SecretKey(schnorrkelBytes: SecureBytes(count: 64))
        }
        #expect(throws: CryptoError.invalidSr25519SecretKey) {
            try Sr25519.SecretKey(ed25519Bytes: SecureBytes(count: 64))
        }
        // ℓ itself is not canonical; ℓ − 1 is.
        let order = testBytes("edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010")
        let orderMinusOne = testBytes("ecd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010")
        #expect(throws: CryptoError.invalidSr25519SecretKey) {
            try Sr25519.SecretKey(schnorrkelBytes: SecureBytes(copying: order + [UInt8](repeating: 1, count: 32)))
        }
        _ = try Sr25519.SecretKey(
            schnorrkelBytes: SecureBytes(copying: orderMinusOne + [UInt8](repeating: 1, count: 32)))
        // ed25519 form: low three bits must be clear.
        var ed = testBytes(file.dev_root.sr25519_secret_ed25519_format)
        ed[0] |= 1
        #expect(throws: CryptoError.invalidSr25519SecretKey) {
            try Sr25519.SecretKey(ed25519Bytes: SecureBytes(copying: ed))
        }

        let key = try sr25519Key(mini: file.dev_mini_secret)
        #expect(throws: CryptoError.wrongLength(.chainCode, expected: 32, actual: 31)) {
            try key.hardDerived(chainCode: [UInt8](repeating: 0, count: 31))
        }
        #expect(throws: CryptoError.wrongLength(.chainCode, expected: 32, actual: 33)) {
            try key.softDerived(chainCode: [UInt8](repeating: 0, count: 33))
        }
        #expect(throws: CryptoError.wrongLength(.chainCode, expected: 32, actual: 0)) {
            try key.publicKey.softDerived(chainCode: [])
        }
        #expect(throws: CryptoError.wrongLength(.key, expected: 32, actual: 33)) {
            try Sr25519.PublicKey(bytes: [UInt8](repeating: 0, count: 33))
        }
        #expect(throws: CryptoError.invalidSr25519PublicKey) {
            try Sr25519.PublicKey(bytes: [UInt8](repeating: 0, count: 32))
        }
        #expect(throws: CryptoError.invalidSr25519PublicKey) {
            try Sr25519.PublicKey(bytes: [UInt8](repeating: 0xff, count: 32))
        }
        // Alice's key with bit 255 set: libsodium 1.0.18 alone would decode it as Alice's point.
        var aliceHighBit = testBytes("d43593c715fdd31c61141abd04a99fd6822c8558854ccde39a5684e7a56da27d")
        aliceHighBit[31] |= 0x80
        #expect(throws: CryptoError.invalidSr25519PublicKey) { try Sr25519.PublicKey(bytes: aliceHighBit) }
        #expect(throws: CryptoError.wrongLength(.nonce, expected: 32, actual: 1)) {
            try key.sign([], context: [], testRandomness: [0])
        }
    }

    @Test func descriptionsAreRedacted() throws {
        let key = try sr25519Key(mini: file.dev_mini_secret)
        #expect("\(key)" == "Sr25519.SecretKey(redacted)")
        var dumped = ""
        dump(key, to: &dumped)
        #expect(!dumped.contains("fd190cce") && !dumped.contains("253, 25, 12"))
        #expect(CryptoError.invalidSr25519SecretKey.description == "sr25519 secret key is not a valid scalar")
    }
}
