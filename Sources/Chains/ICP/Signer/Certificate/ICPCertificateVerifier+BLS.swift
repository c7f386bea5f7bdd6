import AirsignBLS12381

extension ICPCertificateVerifier {
    /// The verifier the watch uses: the signatures checked with BLS12-381
    /// (`BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_`, the suite the interface spec names).
    public init(rootKey: ICPRootKey) {
        self.init(rootKey: rootKey) { signature, message, publicKey in
            try BLS12381.verify(signature: signature, message: message, publicKey: publicKey)
        }
    }
}
