import AirsignCrypto
import AirsignFiles

extension Keystore {
    /// Re-encrypts every file of the keystore under `new` (which must meet `PINPolicy`), with
    /// `limits` or the keystore's current Argon2id setting. All files are decrypted with `old`
    /// first, so a damaged key file stops the change before anything is written; then the new
    /// files replace the old ones in one `FileTransaction`, so a crash at any point leaves a
    /// keystore that opens with exactly one of the two PINs.
    public func changePIN(from old: SecureBytes, to new: SecureBytes, limits: Argon2id.Limits? = nil)
        throws(KeystoreError)
    {
        try PINPolicy.checkNew(new)
        try pinAttempt(prepare: { () throws(KeystoreError) in
            let check = try readPINCheck()
            var documents: [(KeyName, KeystoreDocument)] = []
            for name in try keyNames() { documents.append((name, try readKey(name))) }
            return (check, documents)
        }) { (files) throws(KeystoreError) -> PINVerdict<Void> in
            let (check, documents) = files
            guard try verdict(pinCheck: check, pin: old) else { return .wrong }
            let newLimits = limits ?? check.limits
            do throws(KeystoreError) {
                var replacements: [(relativePath: String, contents: [UInt8])] = [
                    (Self.pinCheckFile, try Self.sealPINCheck(pin: new, limits: newLimits, now: clock.now()).fileBytes)
                ]
                // One secret at a time, so at most one is decrypted in memory.
                for (name, document) in documents {
                    let payload: SecretPayload
                    switch try open(document, at: keyPath(name), pinCheck: check, pin: old) {
                    case let .right(secret): payload = secret
                    case .wrong: throw .keyFileTampered(path: keyPath(name))  // the PIN check said right
                    case let .rightButFailed(error): throw error
                    }
                    let resealed = try KeystoreDocument.seal(
                        payload, metadata: document.metadata, pin: new, limits: newLimits)
                    replacements.append((relativeKeyPath(name), resealed.fileBytes))
                }
                try FileTransaction(root: directory, faults: faults).replace(replacements)
                return .right(())
            } catch {
                return .rightButFailed(error)
            }
        }
    }
}
