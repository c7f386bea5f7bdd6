import AirsignMessages

/// ERC-4527, the QR protocol of MetaMask's "QR-based hardware wallet", Rabby, Keystone-style
/// apps and our watch, as one of the signer's foreign formats: a scanned (or UR-text)
/// `ur:eth-sign-request`, single or multi-part, becomes Airsign's own Ethereum request for the
/// keystore's account at its path (`ERC4527Signing`), and is answered with a
/// `ur:eth-signature` echoing the request id (`ERC4527Answer`).
public struct ERC4527Format: ForeignFormat {
    public let name = "ERC-4527 (MetaMask / Keystone QR)"

    public init() {}

    /// A UR of type `eth-sign-request`: the UR type alone decides.
    public func recognizes(_ input: SignerInput) -> Bool {
        input.urType == EthSignRequest.urType
    }

    public func requests(_ input: SignerInput, accounts: [OwnAccount]) throws -> [ForeignRequest] {
        let signing = try ERC4527Signing(cbor: input.bytes, accounts: accounts)
        // MetaMask sends the master fingerprint of the pairing it imported; other wallets may not.
        return [
            ForeignRequest(
                request: signing.signRequest, answer: ERC4527Answer(signing: signing),
                masterFingerprint: signing.request.derivationPath.sourceFingerprint)
        ]
    }
}

/// The `eth-signature` an ERC-4527 wallet scans back: the CBOR of its UR, written as
/// `ur:eth-signature` frames (`ForeignAnswerQR.ur`).
public struct ERC4527Answer: ForeignAnswer {
    public let signing: ERC4527Signing
    public let name = "ERC-4527 eth-signature"
    public let qr = ForeignAnswerQR.ur(type: EthSignature.urType)

    public init(signing: ERC4527Signing) {
        self.signing = signing
    }

    public func encode(_ response: SignResponse) throws -> [UInt8] {
        try signing.answer(response).cbor()
    }
}
