import AirsignCrypto
import AirsignEncoding
import AirsignEthereum
import AirsignTestSupport
import BigInt
import Testing

/// Each refusal the issue lists, with the error a person would read.
@Suite struct EthereumBadInputTests {
    /// The EIP-155 example's unsigned form.
    let eip155 = testBytes(
        "0xec098504a817c800825208943535353535353535353535353535353535353535880de0b6b3a764000080018080")
    let signed155 = testBytes(
        "0xf86c098504a817c800825208943535353535353535353535353535353535353535880de0b6b3a76400008025a028ef61340bd939bc2195fe537567866003e1a15d3c71ff63e1590620aa636276a067cbe9d8997f761aecb703304b3800ccf555c9f3dc64214b297fb1966a3b6d83"
    )

    private func list(_ items: [RLPItem]) -> [UInt8] { RLP.encode(.list(items)) }
    private let legacyFields: [RLPItem] = [
        .integer(9), .integer(20_000_000_000), .integer(21000),
        .bytes([UInt8](repeating: 0x35, count: 20)), .integer(1), .bytes([]),
    ]

    @Test func missingChainID() throws {
        // Pre-EIP-155 unsigned form: six fields.
        #expect(throws: EthereumError.missingChainID) { try EthereumTransaction.decodeUnsigned(list(legacyFields)) }
        // Chain id 0 in the EIP-155 slot.
        #expect(throws: EthereumError.missingChainID) {
            try EthereumTransaction.decodeUnsigned(list(legacyFields + [.integer(0), .integer(0), .integer(0)]))
        }
        // A signed legacy transaction with v = 27.
        let sig: [RLPItem] = [
            .integer(27), .bytes([UInt8](repeating: 1, count: 32)), .bytes([UInt8](repeating: 1, count: 32)),
        ]
        #expect(throws: EthereumError.missingChainID) { try SignedEthereumTransaction.decode(list(legacyFields + sig)) }
        #expect(EthereumError.missingChainID.description.contains("EIP-155"))
        #expect(throws: EthereumError.missingChainID) {
            try EthereumTransaction(
                type: .feeMarket, chainId: 0, nonce: 0, fees: .feeMarket(maxPriorityFeePerGas: 0, maxFeePerGas: 0),
                gasLimit: 0, to: nil, value: 0, data: [])
        }
    }

    /// The chain id decoded is the one the watch must compare with the request's network.
    @Test func wrongChainIDIsVisible() throws {
        let tx = try EthereumTransaction.decodeUnsigned(eip155)
        #expect(tx.chainId == 1)
        #expect(ChainNames.name(for: tx.chainId) == "Ethereum Mainnet")
        // Changing the chain id changes the signing hash (replay protection).
        let other = try EthereumTransaction.decodeUnsigned(
            list(legacyFields + [.integer(5), .integer(0), .integer(0)]))
        #expect(other.signingHash != tx.signingHash)
    }

    @Test func nonCanonicalRLP() {
        // nonce 9 written as 0x81 0x09 (a single byte below 0x80 wrapped).
        var bytes = eip155
        bytes.replaceSubrange(1..<2, with: [0x81, 0x09])
        bytes[0] += 1
        #expect(throws: EthereumError.self) { try EthereumTransaction.decodeUnsigned(bytes) }
        // A leading zero byte in an integer field.
        let leadingZero = list([
            .integer(9), .bytes([0x00, 0x04, 0xa8]), .integer(21000), .bytes([UInt8](repeating: 0x35, count: 20)),
            .integer(1), .bytes([]), .integer(1), .integer(0), .integer(0),
        ])
        #expect(
            throws: EthereumError.invalidField("gasPrice", reason: "integer has a leading zero byte (non-canonical)")
        ) {
            try EthereumTransaction.decodeUnsigned(leadingZero)
        }
        // Long-form list length for a short payload.
        let longForm: [UInt8] = [0xf8, UInt8(eip155.count - 1)] + eip155.dropFirst()
        do {
            _ = try EthereumTransaction.decodeUnsigned(longForm)
            Issue.record("long form accepted")
        } catch {
            #expect(String(describing: error).contains("non-canonical"))
        }
    }

    @Test func trailingBytes() {
        #expect(throws: EthereumError.trailingBytes(1)) { try EthereumTransaction.decodeUnsigned(eip155 + [0x00]) }
        #expect(throws: EthereumError.trailingBytes(2)) {
            try SignedEthereumTransaction.decode(signed155 + [0xc0, 0x80])
        }
    }

    @Test func oversizedIntegers() {
        let big = RLPItem.bytes([UInt8](repeating: 0xff, count: 33))
        let fields: [RLPItem] = [
            .integer(9), .integer(1), .integer(21000), .bytes([UInt8](repeating: 0x35, count: 20)),
            big, .bytes([]), .integer(1), .integer(0), .integer(0),
        ]
        #expect(throws: EthereumError.invalidField("value", reason: "integer longer than 32 bytes")) {
            try EthereumTransaction.decodeUnsigned(list(fields))
        }
        let nonce9 = list(
            [.bytes([1, 2, 3, 4, 5, 6, 7, 8, 9])] + legacyFields.dropFirst() + [.integer(1), .integer(0), .integer(0)])
        #expect(throws: EthereumError.invalidField("nonce", reason: "integer longer than 8 bytes")) {
            try EthereumTransaction.decodeUnsigned(nonce9)
        }
    }

    @Test(arguments: [19, 21, 32])
    func recipientOfWrongLength(length: Int) {
        var fields = legacyFields
        fields[3] = .bytes([UInt8](repeating: 0x35, count: length))
        #expect(throws: EthereumError.self) {
            try EthereumTransaction.decodeUnsigned(list(fields + [.integer(1), .integer(0), .integer(0)]))
        }
        do {
            _ = try EthereumTransaction.decodeUnsigned(list(fields + [.integer(1), .integer(0), .integer(0)]))
        } catch {
            #expect(String(describing: error).contains("field to"))
        }
    }

    @Test func unknownTypesAndShapes() {
        #expect(throws: EthereumError.blobTransaction) {
            try EthereumTransaction.decodeUnsigned([0x03, 0xc0])
        }
        #expect(throws: EthereumError.blobTransaction) {
            try SignedEthereumTransaction.decode([0x03, 0xc0])
        }
        #expect(throws: EthereumError.unsupportedTransactionType(0x05)) {
            try SignedEthereumTransaction.decode([0x05, 0xc0])
        }
        // A blob transaction is refused with its own reason, in one line.
        let blob = EthereumError.blobTransaction.description
        #expect(blob.contains("EIP-4844 blob transaction") && blob.contains("not signed from a wallet"))
        #expect(!blob.contains("\n"))
        #expect(EthereumError.unsupportedTransactionType(0x05).description.contains("only legacy, 0x01, 0x02 and 0x04"))
        #expect(throws: EthereumError.malformedRLP("empty input")) { try EthereumTransaction.decodeUnsigned([]) }
        #expect(throws: EthereumError.wrongFieldCount(type: "unsigned EIP-1559 (type 2)", expected: 9, found: 0)) {
            try EthereumTransaction.decodeUnsigned([0x02, 0xc0])
        }
    }

    @Test func badSignatures() throws {
        // yParity 2 on a type-2 transaction.
        let tx = try EthereumTransaction(
            type: .feeMarket, chainId: 1, nonce: 0, fees: .feeMarket(maxPriorityFeePerGas: 1, maxFeePerGas: 2),
            gasLimit: 21000, to: nil, value: 0, data: [])
        let key = try Secp256k1.PrivateKey(SecureBytes(copying: [UInt8](repeating: 7, count: 32)))
        var raw = try tx.signed(with: key).encoded
        let decoded = try RLP.decode(Array(raw.dropFirst()))
        guard case .list(var fields) = decoded else { Issue.record("not a list"); return }
        fields[9] = .integer(2)
        raw = [0x02] + RLP.encode(.list(fields))
        #expect(throws: EthereumError.invalidSignature("yParity is 0 or 1, not 2")) {
            try SignedEthereumTransaction.decode(raw)
        }
        // High s: n − s.
        fields[9] = .integer(0)
        let n = BigUInt("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141", radix: 16) ?? 0
        guard case .bytes(let s) = fields[11] else { Issue.record("s"); return }
        let highS = n - s.reduce(BigUInt(0)) { ($0 << 8) + BigUInt($1) }
        fields[11] = .bytes(Array(highS.serialize()))
        #expect(throws: EthereumError.invalidSignature("s is above n/2 (EIP-2)")) {
            try SignedEthereumTransaction.decode([0x02] + RLP.encode(.list(fields)))
        }
    }

    @Test func constructionRules() throws {
        let entry = try AccessListEntry(
            address: try EthereumAddress(bytes: [UInt8](repeating: 1, count: 20)), storageKeys: [])
        #expect(throws: EthereumError.self) {
            try EthereumTransaction(
                type: .legacy, chainId: 1, nonce: 0, fees: .gasPrice(1), gasLimit: 0, to: nil, value: 0, data: [],
                accessList: [entry])
        }
        #expect(throws: EthereumError.self) {
            try EthereumTransaction(
                type: .feeMarket, chainId: 1, nonce: 0, fees: .gasPrice(1), gasLimit: 0, to: nil, value: 0, data: [])
        }
        #expect(throws: EthereumError.self) {
            try EthereumTransaction(
                type: .legacy, chainId: 1, nonce: 0, fees: .gasPrice(BigUInt(1) << 256), gasLimit: 0, to: nil, value: 0,
                data: [])
        }
        #expect(throws: EthereumError.self) { try AccessListEntry(address: entry.address, storageKeys: [[1, 2, 3]]) }
        #expect(throws: EthereumError.self) { try EthereumAddress(bytes: [1, 2, 3]) }
        #expect(throws: EthereumError.self) { try EthereumAddress("0x52908400098527886E0F7030069857D2E4169Ee7") }
    }
}
