import AirsignCrypto
import AirsignEncoding
import AirsignTestSupport
import Foundation
import Testing

/// The secret codecs must agree with the public ones on every input.
@Suite struct SecretTextTests {
    private func secure(_ text: String) -> SecureBytes { SecureBytes(copying: Array(text.utf8)) }
    private func bytes(_ secret: SecureBytes) -> [UInt8] { secret.withUnsafeBytes { Array($0) } }

    @Test func agreesWithPublicCodecs() throws {
        var rng = SeededRandom.forTest("SecretTextTests.agreesWithPublicCodecs")
        for _ in 0..<2000 {
            let data = rng.bytes(lengthIn: 0...90)
            let secret = SecureBytes(copying: data)
            #expect(bytes(try SecretText.decodeHex(secure(Hex.encode(data, prefix: Bool.random(using: &rng))))) == data)
            let base32 = Base32.encode(data)
            #expect(bytes(SecretText.encodeBase32(secret)) == Array(base32.utf8))
            #expect(bytes(try SecretText.decodeBase32(secure(base32))) == data)
            let base58 = Base58Check.encode(data)
            #expect(bytes(SecretText.encodeBase58Check(secret)) == Array(base58.utf8))
            #expect(bytes(try SecretText.decodeBase58Check(secure(base58))) == data)
            let base64 = Data(data).base64EncodedString()
            #expect(Base64.encode(data) == base64)
            #expect(try Base64.decode(base64) == data)
            #expect(bytes(try SecretText.decodeBase64(secure(base64))) == data)
        }
    }

    @Test func strictnessMatchesPublicCodecs() throws {
        var rng = SeededRandom.forTest("SecretTextTests.strictnessMatchesPublicCodecs")
        for _ in 0..<300 {
            let data = rng.bytes(lengthIn: 0...40)
            for bad in rng.corruptions(of: Array(Base32.encode(data).utf8), count: 10) {
                let text = String(decoding: bad, as: UTF8.self)
                let reference = try? Base32.decode(text, letterCase: .upper)
                let ours = try? SecretText.decodeBase32(SecureBytes(copying: bad))
                #expect(reference == ours.map(bytes), "\(text)")
            }
            for bad in rng.corruptions(of: Array(Base58Check.encode(data).utf8), count: 10) {
                let text = String(decoding: bad, as: UTF8.self)
                let reference = try? Base58Check.decode(text)
                let ours = try? SecretText.decodeBase58Check(SecureBytes(copying: bad))
                #expect(reference == ours.map(bytes), "\(text)")
            }
            for bad in rng.corruptions(of: Array(Data(data).base64EncodedString().utf8), count: 10) {
                let text = String(decoding: bad, as: UTF8.self)
                // An accepted text re-encodes to itself (Foundation's encoder), and the secret
                // decoder accepts exactly what the public one does.
                let reference = try? Base64.decode(text)
                let ours = try? SecretText.decodeBase64(SecureBytes(copying: bad))
                #expect(reference == ours.map(bytes), "\(text)")
                if let ours { #expect(Data(bytes(ours)).base64EncodedString() == text) }
            }
        }
    }

    @Test func errorsNameNoCharacter() {
        for (codec, run) in [
            ("hex", { _ = try SecretText.decodeHex(secure("12z4")) }),
            ("base32", { _ = try SecretText.decodeBase32(secure("AB!D")) }),
            ("base58", { _ = try SecretText.decodeBase58Check(secure("3J9!")) }),
            ("base64", { _ = try SecretText.decodeBase64(secure("AB!D")) }),
        ] as [(String, () throws -> Void)] {
            do {
                try run()
                Issue.record("\(codec) accepted a bad character")
            } catch {
                let message = String(describing: error)
                #expect(!message.contains("!") && !message.contains("\"z\""), "\(codec): \(message)")
            }
        }
    }
}
