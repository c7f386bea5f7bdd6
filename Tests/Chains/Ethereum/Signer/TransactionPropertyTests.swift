import AirsignCrypto
import AirsignEthereum
import AirsignTestSupport
import BigInt
import Testing

/// Random transactions of every type, for round trips and corruption runs.
func randomTransaction(_ type: TransactionType, _ rng: inout SeededRandom) throws -> EthereumTransaction {
    func uint(_ maxBytes: Int) -> BigUInt {
        BigUInt(Data256(rng.bytes(Int.random(in: 0...maxBytes, using: &rng))))
    }
    var chainId = uint(Bool.random(using: &rng) ? 8 : 31)
    if chainId == 0 { chainId = 1 }
    let fees: TransactionFees =
        type == .feeMarket || type == .setCode
        ? .feeMarket(maxPriorityFeePerGas: uint(32), maxFeePerGas: uint(32)) : .gasPrice(uint(32))
    var accessList: [AccessListEntry] = []
    if type != .legacy {
        for _ in 0..<Int.random(in: 0...3, using: &rng) {
            let keys = (0..<Int.random(in: 0...3, using: &rng)).map { _ in rng.bytes(32) }
            accessList.append(
                try AccessListEntry(address: try EthereumAddress(bytes: rng.bytes(20)), storageKeys: keys))
        }
    }
    // Type 4: one to three tuples with any widths EIP-7702 lets into a valid transaction
    // (y_parity to 255, r and s to 32 bytes), whether or not a client would apply them.
    var authorizations: [SignedSetCodeAuthorization] = []
    if type == .setCode {
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
            authorizations.append(
                SignedSetCodeAuthorization(
                    authorization: try SetCodeAuthorization(
                        chainId: Bool.random(using: &rng) ? 0 : uint(32),
                        delegate: try EthereumAddress(bytes: rng.bytes(20)),
                        nonce: rng.next() >> UInt64.random(in: 0...63, using: &rng)),
                    yParity: UInt8.random(in: 0...255, using: &rng), r: uint(32), s: uint(32)))
        }
    }
    let creates = type != .setCode && Bool.random(using: &rng)
    return try EthereumTransaction(
        type: type, chainId: chainId, nonce: rng.next() >> UInt64.random(in: 0...63, using: &rng), fees: fees,
        gasLimit: rng.next() >> UInt64.random(in: 0...63, using: &rng),
        to: creates ? nil : try EthereumAddress(bytes: rng.bytes(20)),
        value: uint(32), data: rng.bytes(lengthIn: 0...(Bool.random(using: &rng) ? 8 : 300)), accessList: accessList,
        authorizationList: authorizations)
}

/// Bytes to BigUInt without going through the library under test's helpers.
private func Data256(_ bytes: [UInt8]) -> BigUInt {
    bytes.reduce(BigUInt(0)) { $0 << 8 + BigUInt($1) }
}

@Suite struct TransactionPropertyTests {
    @Test func unsignedRoundTrip() throws {
        var rng = SeededRandom.forTest("ethereum.unsignedRoundTrip")
        for type in TransactionType.allCases {
            for _ in 0..<300 {
                let tx = try randomTransaction(type, &rng)
                let bytes = tx.unsignedEncoding
                #expect(try EthereumTransaction.decodeUnsigned(bytes) == tx)
                #expect(try EthereumTransaction.decodeUnsigned(bytes).unsignedEncoding == bytes)
            }
        }
    }

    @Test func signedRoundTripAndRecovery() throws {
        var rng = SeededRandom.forTest("ethereum.signedRoundTrip")
        for type in TransactionType.allCases {
            for _ in 0..<60 {
                let key = try Secp256k1.PrivateKey(SecureBytes(copying: rng.bytes(32)))
                let tx = try randomTransaction(type, &rng)
                let signed = try tx.signed(with: key)
                let decoded = try SignedEthereumTransaction.decode(signed.encoded)
                #expect(decoded == signed)
                #expect(decoded.encoded == signed.encoded)
                #expect(try decoded.sender() == EthereumAddress(publicKey: key.publicKey))
                #expect(decoded.signature.signature.isLowS)
            }
        }
    }

    /// Truncated, bit-flipped and random inputs: the decoders return or throw, never trap,
    /// whatever they accept re-encodes to the same bytes and is reviewed.
    @Test func decodersSurviveCorruption() throws {
        var rng = SeededRandom.forTest("ethereum.corruption")
        let key = try Secp256k1.PrivateKey(SecureBytes(copying: [UInt8](repeating: 0x46, count: 32)))
        for type in TransactionType.allCases {
            for _ in 0..<20 {
                let tx = try randomTransaction(type, &rng)
                let signed = try tx.signed(with: key).encoded
                for input in rng.corruptions(of: tx.unsignedEncoding, count: 40)
                    + rng.corruptions(of: signed, count: 40)
                {
                    if let t = try? EthereumTransaction.decodeUnsigned(input) {
                        #expect(t.unsignedEncoding == input)
                        // What is accepted is reviewed without trapping, whatever its data says.
                        _ = try TransactionReview(t, from: EthereumAddress(publicKey: key.publicKey))
                    }
                    if let s = try? SignedEthereumTransaction.decode(input) { #expect(s.encoded == input) }
                    _ = CallData(input)
                }
            }
        }
        for _ in 0..<2000 {
            let input = rng.bytes(lengthIn: 0...80)
            _ = try? EthereumTransaction.decodeUnsigned(input)
            _ = try? SignedEthereumTransaction.decode(input)
            _ = try? TypedData(jsonText: input)
        }
    }
}
