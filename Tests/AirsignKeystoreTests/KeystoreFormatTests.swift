import AirsignKeys
import AirsignTestSupport
import Foundation
import Testing

@testable import AirsignKeystore

/// Files written by airsign-signer before the keystore moved to AirsignEncoding's JSON and the
/// shared `Account` type: they must still read, re-serialize to the same bytes (the format is
/// byte-exact), and decrypt.
@Suite struct KeystoreFormatTests {
    static let pinCheck =
        #"{"airsign":"keystore","version":1,"kdf":{"name":"argon2id","opslimit":1,"memlimit":8192,"salt":"f766069877e88fffb6b40ebd37308523"},"cipher":{"name":"xchacha20poly1305","nonce":"0182e047f5d75469daed62b8e764c08feb6ded619c0eaaaf"},"ciphertext":"d0173926ec8e4b33ccf0f9a4bcbed6f578bf33c1747fdc1e5ed25e5d20bbdb0663af7452f60127e35708b72ecf8e0d7de074f97ede213e488f9d61","public":{"name":"pin-check","kind":"pin-check","accounts":[],"created":"2025-06-15T15:06:40Z"}}"#
    static let beta =
        #"{"airsign":"keystore","version":1,"kdf":{"name":"argon2id","opslimit":1,"memlimit":8192,"salt":"0a19eae305bdb2401eac280cb52edcd2"},"cipher":{"name":"xchacha20poly1305","nonce":"1bb2245d0d8b9fe9f206e4b62a0a3e1b2df23155ddd52243"},"ciphertext":"f3f429c79a7eba327927ae33ce3f9926cef622bdefea83aa29ff305b516a6a5fe8df1ea0de3de2c37d3ee9632768f50ef1d94fb5","public":{"name":"beta","kind":"test-seed","accounts":[{"chain":"ethereum","scheme":"secp256k1","path":"m/44'/60'/0'/0/0","publicKey":"0x0407070707070707070707070707070707070707070707070707070707070707070707070707070707070707070707070707070707070707070707070707070707","address":"0x9858EfFD232B4033E47d90003D41EC34EcaEda94","network":"eip155:1","xpub":"xpub6ELHKXNimKbxMCytPh7EdC2QXx46T9qLDJWGnTraz1H9kMMFdcduoU69wh9cxP12wDxqAAfbaESWGYt5rREsX1J8iR2TEunvzvddduAPYcY"},{"chain":"substrate","scheme":"sr25519","publicKey":"0x0909090909090909090909090909090909090909090909090909090909090909","address":"15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5","network":"polkadot:91b171bb158e2d3848fa23a9f1c25182"}],"created":"2025-06-15T12:00:00Z"}}"#

    @Test func keystoreFilesFromEarlierVersionsReadBackByteForByte() throws {
        for text in [Self.pinCheck, Self.beta] {
            let bytes = Array(text.utf8) + [0x0a]
            let document = try KeystoreDocument.parse(bytes, path: "fixture")
            #expect(document.fileBytes == bytes)
        }
        let beta = try KeystoreDocument.parse(Array(Self.beta.utf8) + [0x0a], path: "beta.json")
        #expect(beta.metadata.accounts.map(\.chain) == [.ethereum, .substrate])
        #expect(beta.metadata.accounts[1].path == "")
        #expect(beta.metadata.accounts[0].xpub?.hasPrefix("xpub6ELHKXNim") == true)
        let payload = try beta.open(pin: secret(oldPIN), path: "beta.json")
        #expect(text(of: payload.bytes) == "\(secretMarker)-beta")
        let check = try KeystoreDocument.parse(Array(Self.pinCheck.utf8) + [0x0a], path: "pin-check.json")
        #expect(try check.open(pin: secret(oldPIN), path: "pin-check.json").bytes.count == 32)
    }

    @Test func keystoreAccountPathIsLeftOutWhenEmpty() throws {
        // "path":"" would describe the same account as no path; only one form is accepted.
        let edited = Self.beta.replacingOccurrences(
            of: #"{"chain":"substrate","scheme":"sr25519","#,
            with: #"{"chain":"substrate","scheme":"sr25519","path":"","#)
        #expect(
            throws: KeystoreError.keystoreFileMalformed(
                path: "b", field: "public.accounts[1].path", reason: "must not be empty (leave the field out)")
        ) {
            try KeystoreDocument.parse(Array(edited.utf8) + [0x0a], path: "b")
        }
        let unknownChain = Self.beta.replacingOccurrences(of: #""chain":"substrate""#, with: #""chain":"bitcoin""#)
        #expect(throws: KeystoreError.self) { try KeystoreDocument.parse(Array(unknownChain.utf8) + [0x0a], path: "b") }
    }
}
