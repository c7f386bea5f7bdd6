import AirsignCrypto

extension Keystore {
    /// `update` for a change that can fail with an error of its own (deriving an account from
    /// the secret can): that error is thrown as it is, and the key file is left as it was. The
    /// PIN still counts as right.
    public func update<Failure: Error>(
        _ name: KeyName, pin: SecureBytes,
        deriving change: (KeyMetadata, SecretPayload) throws(Failure) -> KeyMetadata
    ) throws -> KeyMetadata {
        var failure: Failure?
        do throws(KeystoreError) {
            return try update(name, pin: pin) { (metadata, payload) throws(KeystoreError) -> KeyMetadata in
                do throws(Failure) {
                    return try change(metadata, payload)
                } catch {
                    failure = error
                    throw .updateAbandoned
                }
            }
        } catch {
            if error == .updateAbandoned, let failure { throw failure }
            throw error
        }
    }
}
