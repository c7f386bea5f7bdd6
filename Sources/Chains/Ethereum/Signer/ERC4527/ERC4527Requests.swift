import AirsignEncoding
import AirsignKeys
import AirsignMessages

/// The watch's side of ERC-4527: one of its stored requests as an `eth-sign-request` (so a
/// Keystone-style signer can sign it), and an `eth-signature` answer as the compact response
/// `finalize` verifies.
extension EthSignRequest {
    /// `request` (chain ethereum) for the account at `path`: a transaction as data type 1 or 4,
    /// a personal message as 3, typed data as 2 (its canonical JSON), with the chain id of the
    /// request's network, the account's address, origin "airsign", and the request's own id as
    /// the UUID the answer echoes. `sourceFingerprint` is the master fingerprint of the signer's
    /// wallet (from its pairing, `ERC4527Pairing`), which a signer compares with its own.
    public init(request: SignRequest, path: String, sourceFingerprint: UInt32? = nil) throws(ERC4527Error) {
        let keyPath: DerivationPath
        do { keyPath = try DerivationPath(path) } catch { throw ERC4527Error("the account's path \(path): \(error)") }
        let chainId: UInt64
        do {
            let id = try EthereumChain.chainId(of: request.network)
            guard id <= UInt64(Int64.max) else { throw ERC4527Error("chain id \(id) does not fit an ERC-4527 request") }
            chainId = UInt64(id)
        } catch let error as ERC4527Error { throw error } catch { throw ERC4527Error("\(error)") }
        let address: EthereumAddress
        do { address = try EthereumAddress(request.account.address) } catch {
            throw ERC4527Error("account.address: \(error)")
        }
        let data: [UInt8]
        let type: DataType
        switch (request.payloadType, request.payload) {
        case let ("transaction", payload):
            guard case let .string(hex)? = payload["transaction"], let bytes = try? Hex.decode(hex),
                let first = bytes.first
            else {
                throw ERC4527Error("payload.transaction is not 0x hex")
            }
            (data, type) = (bytes, first >= 0xc0 ? .transaction : .typedTransaction)
        case let ("personal_message", payload):
            guard case let .string(hex)? = payload["message"], let bytes = try? Hex.decode(hex) else {
                throw ERC4527Error("payload.message is not 0x hex")
            }
            (data, type) = (bytes, .personalMessage)
        case let ("typed_data", payload):
            guard let typed = payload["typedData"] else { throw ERC4527Error("payload.typedData is missing") }
            (data, type) = (Array(JSONSerializer().serialize(typed).utf8), .typedData)
        default:
            throw ERC4527Error("a \(request.payloadType) payload has no ERC-4527 data type")
        }
        self.init(
            requestId: request.id.uuidBytes, signData: data, dataType: type, chainId: chainId,
            derivationPath: CryptoKeypath(keyPath, sourceFingerprint: sourceFingerprint), address: address.bytes,
            origin: "airsign")
    }
}

extension EthSignature {
    /// The compact response this answer stands for: the request id its UUID names (one of the
    /// watch's, which are version 4 UUIDs) and its signature, for `finalize` to verify against
    /// the stored request.
    public func compactResponse() throws(ERC4527Error) -> SignResponse {
        guard let requestId else {
            throw ERC4527Error("eth-signature has no request-id, so it answers no stored request")
        }
        do {
            return try SignResponse(
                id: try RequestID(uuidBytes: requestId), signatures: [Hex.encode(signature, prefix: true)])
        } catch {
            throw ERC4527Error("eth-signature.request-id: \(error)")
        }
    }
}
