import AirsignCrypto
import AirsignEncoding

/// A Substrate secret URI, `<phrase | 0x-seed>[//hard | /soft]*[///password]`, parsed from
/// UTF-8 held in protected memory (sp-core `SecretUri` and `address_uri.rs`).
///
/// The phrase becomes a `Mnemonic` (entropy in SecureBytes), the seed and password stay in
/// SecureBytes; only the junctions, which account metadata shows, are ordinary strings.
public struct SecretURI: Sendable {
    /// Substrate's well-known development phrase, whose keys (`//Alice`…) anyone can derive.
    public static let developmentPhrase = "bottom drive obey lake curtain smoke basket hold race lonely fit walk"

    public enum Root: Sendable {
        /// A BIP39 phrase, turned into the mini-secret with substrate-bip39.
        case phrase(Mnemonic)
        /// A 32-byte seed given as `0x…`, used as the mini-secret directly.
        case seed(SecureBytes)
    }

    public let root: Root
    public let path: SubstrateDerivationPath
    /// The `///password`, empty when absent (Substrate treats `///` alone as no password).
    public let password: SecureBytes

    public init(root: Root, path: SubstrateDerivationPath, password: SecureBytes = SecureBytes(count: 0))
        throws(KeysError)
    {
        if case .seed(let seed) = root {
            guard seed.count == 32 else {
                throw .invalidSecretEncoding("a 0x seed is 32 bytes (64 hex digits), not \(seed.count)")
            }
            guard password.isEmpty else { throw .passphraseWithRawKey }
        }
        self.root = root
        self.path = path
        self.password = password
    }

    /// Parses a secret URI. Without a phrase or seed (`//Alice`) Substrate falls back to the
    /// development phrase; that is refused unless `allowDevelopmentPhrase` says otherwise.
    /// Errors describe the structure, never the phrase, seed or password.
    public init(parsing text: SecureBytes, allowDevelopmentPhrase: Bool = false) throws(KeysError) {
        try TextNormalization.checkUTF8(text, what: "secret URI")
        // Structure from sp-core's regex: the phrase runs to the first '/', then junctions of
        // one or two slashes, then optionally three slashes and the password to the end.
        let (phraseEnd, passwordStart) = text.withUnsafeBytes { bytes -> (Int, Int?) in
            let slash = UInt8(ascii: "/")
            let phraseEnd = bytes.firstIndex(of: slash) ?? bytes.count
            var index = phraseEnd
            while index < bytes.count {
                let run = bytes[index...].prefix { $0 == slash }.count
                if run >= 3 { return (phraseEnd, index + 3) }
                index += run
                index += bytes[index...].prefix { $0 != slash }.count
            }
            return (phraseEnd, nil)
        }
        let pathEnd = passwordStart.map { $0 - 3 } ?? text.count
        let pathText = text.withUnsafeBytes { String(decoding: $0[phraseEnd..<pathEnd], as: UTF8.self) }
        let path = try SubstrateDerivationPath(pathText)
        let password = passwordStart.map { text.slice($0..<text.count) } ?? SecureBytes(count: 0)
        let controlInPassword = password.withUnsafeBytes { $0.contains { $0 < 0x20 || $0 == 0x7f } }
        guard !controlInPassword else {
            throw .invalidSecretURI("the password contains a control character (a line break?)")
        }

        let phrase = text.slice(0..<phraseEnd)
        let isBlank = phrase.withUnsafeBytes { $0.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0a || $0 == 0x0d } }
        let root: Root
        if isBlank {
            guard allowDevelopmentPhrase else { throw .secretURIWithoutSecret }
            root = .phrase(try Mnemonic(phrase: SecureBytes(copying: Array(Self.developmentPhrase.utf8))))
        } else if phrase.withUnsafeBytes({ $0.starts(with: [0x30, 0x78]) }) {
            let seed: SecureBytes
            do {
                seed = try SecretText.decodeHex(phrase)
            } catch {
                throw .invalidSecretEncoding("the 0x seed is not hex (\(error.description))")
            }
            root = .seed(seed)
        } else {
            root = .phrase(try Mnemonic(phrase: phrase))
        }
        try self.init(root: root, path: path, password: password)
    }

    /// The 32-byte root secret: the phrase's substrate-bip39 mini-secret under the password, or
    /// the seed itself.
    public func miniSecret() throws(KeysError) -> SecureBytes {
        switch root {
        case .phrase(let mnemonic): return try mnemonic.substrateMiniSecret(password: password)
        case .seed(let seed): return seed
        }
    }
}
