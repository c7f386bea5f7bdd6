import AirsignCrypto
import AirsignFiles

extension Keystore {
    /// Checks `pin` against the PIN check file (with the back-off).
    public func verifyPIN(_ pin: SecureBytes) throws(KeystoreError) {
        try pinAttempt(prepare: { () throws(KeystoreError) in try readPINCheck() }) {
            (check) throws(KeystoreError) -> PINVerdict<Void> in
            try verdict(pinCheck: check, pin: pin) ? .right(()) : .wrong
        }
    }

    /// Decrypts one key's secret. A wrong PIN throws `.wrongPIN`; a key file that fails while the
    /// PIN is right throws `.keyFileTampered`.
    public func secret(of name: KeyName, pin: SecureBytes) throws(KeystoreError) -> SecretPayload {
        try pinAttempt(prepare: { () throws(KeystoreError) in (try readKey(name), try readPINCheck()) }) {
            (files) throws(KeystoreError) -> PINVerdict<SecretPayload> in
            try open(files.0, at: keyPath(name), pinCheck: files.1, pin: pin)
        }
    }

    /// Stores a new secret under `metadata.name`, encrypted under the keystore PIN (which `pin`
    /// must be) with the keystore's Argon2id setting. Throws `.keyExists` for a taken name.
    public func add(_ payload: SecretPayload, metadata: KeyMetadata, pin: SecureBytes) throws(KeystoreError) {
        let path = keyPath(metadata.name)
        try pinAttempt(prepare: { () throws(KeystoreError) -> KeystoreDocument in
            guard try SystemCalls.linkInfo(path) == nil else { throw .keyExists(name: metadata.name.value) }
            return try readPINCheck()
        }) { (check) throws(KeystoreError) -> PINVerdict<Void> in
            guard try verdict(pinCheck: check, pin: pin) else { return .wrong }
            do throws(KeystoreError) {
                let document = try KeystoreDocument.seal(payload, metadata: metadata, pin: pin, limits: check.limits)
                try AtomicFile.write(document.fileBytes, to: path, faults: faults)
                return .right(())
            } catch {
                return .rightButFailed(error)
            }
        }
    }

    /// Rewrites a key's public metadata, for example to add an account: `change` gets the
    /// current metadata and the decrypted secret (to derive from) and returns the new metadata,
    /// which must keep the key's name and kind. The file is re-sealed (fresh salt and nonce, same
    /// PIN and limits), since the metadata is part of what the AEAD authenticates.
    public func update(
        _ name: KeyName, pin: SecureBytes,
        _ change: (KeyMetadata, SecretPayload) throws(KeystoreError) -> KeyMetadata
    ) throws(KeystoreError) -> KeyMetadata {
        let path = keyPath(name)
        return try pinAttempt(prepare: { () throws(KeystoreError) in (try readKey(name), try readPINCheck()) }) {
            (files) throws(KeystoreError) -> PINVerdict<KeyMetadata> in
            let payload: SecretPayload
            switch try open(files.0, at: path, pinCheck: files.1, pin: pin) {
            case let .right(secret): payload = secret
            case .wrong: return .wrong
            case let .rightButFailed(error): return .rightButFailed(error)
            }
            do throws(KeystoreError) {
                let metadata = try change(files.0.metadata, payload)
                guard metadata.name == name, metadata.kind == files.0.metadata.kind else {
                    throw .invalidMetadata(field: "name", reason: "an update must keep the key's name and kind")
                }
                let document = try KeystoreDocument.seal(payload, metadata: metadata, pin: pin, limits: files.0.limits)
                try AtomicFile.write(document.fileBytes, to: path, faults: faults)
                return .right(metadata)
            } catch {
                return .rightButFailed(error)
            }
        }
    }

    /// Checks `pin` and then that every key file decrypts (each secret is wiped straight away).
    /// Returns the keys checked; the first key file that fails is thrown as `.keyFileTampered`.
    public func check(pin: SecureBytes) throws(KeystoreError) -> [KeyName] {
        try pinAttempt(prepare: { () throws(KeystoreError) in
            let check = try readPINCheck()
            var documents: [(KeyName, KeystoreDocument)] = []
            for name in try keyNames() { documents.append((name, try readKey(name))) }
            return (check, documents)
        }) { (files) throws(KeystoreError) -> PINVerdict<[KeyName]> in
            guard try verdict(pinCheck: files.0, pin: pin) else { return .wrong }
            for (name, document) in files.1 {
                if case let .rightButFailed(error) = try open(document, at: keyPath(name), pinCheck: files.0, pin: pin)
                {
                    return .rightButFailed(error)
                }
            }
            return .right(files.1.map(\.0))
        }
    }
}
