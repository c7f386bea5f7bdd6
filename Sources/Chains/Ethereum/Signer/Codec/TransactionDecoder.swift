import AirsignEncoding
import BigInt

/// Strict decoding of unsigned and signed transactions: only the bytes our own encoder would
/// write are accepted, so a decoded transaction re-encodes to exactly its input.
extension EthereumTransaction {
    /// Decodes the unsigned form (the signing preimage). Legacy needs the EIP-155 triple
    /// `chainId, 0, 0`; the six-field pre-EIP-155 form is refused.
    public static func decodeUnsigned(_ bytes: [UInt8]) throws(EthereumError) -> EthereumTransaction {
        let (type, fields) = try envelope(bytes)
        switch type {
        case .legacy:
            if fields.count == 6 { throw .missingChainID }
            guard fields.count == 9 else {
                throw .wrongFieldCount(type: "unsigned legacy", expected: 9, found: fields.count)
            }
            guard try TransactionFields.unsigned(fields[7], "EIP-155 r") == 0,
                try TransactionFields.unsigned(fields[8], "EIP-155 s") == 0
            else { throw .invalidField("EIP-155", reason: "the two fields after the chain id must be empty (0)") }
            return try legacy(fields, chainId: try TransactionFields.unsigned(fields[6], "chainId"))
        case .accessList, .feeMarket, .setCode:
            let expected = type.unsignedFieldCount
            guard fields.count == expected else {
                throw .wrongFieldCount(type: "unsigned \(type.name)", expected: expected, found: fields.count)
            }
            return try typed(type, fields)
        }
    }

    /// The type byte and the field list, with RLP strictness and no trailing bytes.
    static func envelope(_ bytes: [UInt8]) throws(EthereumError) -> (TransactionType, [RLPItem]) {
        guard let first = bytes.first else { throw .malformedRLP("empty input") }
        let type: TransactionType
        let offset: Int
        if first >= 0xc0 {
            (type, offset) = (.legacy, 0)
        } else if first == 0x01 || first == 0x02 || first == 0x04, let known = TransactionType(rawValue: first) {
            (type, offset) = (known, 1)
        } else if first == 0x03 {
            throw .blobTransaction
        } else {
            throw .unsupportedTransactionType(first)
        }
        let item: RLPItem
        let read: Int
        do { (item, read) = try RLP.decodePrefix(bytes, at: offset) } catch { throw .rlp(error) }
        guard offset + read == bytes.count else { throw .trailingBytes(bytes.count - offset - read) }
        guard case .list(let fields) = item else { throw .malformedRLP("a transaction is a list, found a byte string") }
        return (type, fields)
    }

    /// The first six legacy fields; the caller has checked there are at least six.
    static func legacy(_ f: [RLPItem], chainId: BigUInt) throws(EthereumError) -> EthereumTransaction {
        try EthereumTransaction(
            type: .legacy, chainId: chainId,
            nonce: try TransactionFields.uint64(f[0], "nonce"),
            fees: .gasPrice(try TransactionFields.unsigned(f[1], "gasPrice")),
            gasLimit: try TransactionFields.uint64(f[2], "gasLimit"),
            to: try TransactionFields.recipient(f[3]),
            value: try TransactionFields.unsigned(f[4], "value"),
            data: try TransactionFields.bytes(f[5], "data"))
    }

    /// Type 1 `[chainId, nonce, gasPrice, gas, to, value, data, accessList, …]`, type 2
    /// `[chainId, nonce, priority, maxFee, gas, to, value, data, accessList, …]` or type 4 (type
    /// 2's fields, then `authorizationList, …`); the caller has checked the count.
    static func typed(_ type: TransactionType, _ f: [RLPItem]) throws(EthereumError) -> EthereumTransaction {
        let chainId = try TransactionFields.unsigned(f[0], "chainId")
        let nonce = try TransactionFields.uint64(f[1], "nonce")
        let fees: TransactionFees
        let rest: ArraySlice<RLPItem>
        if type == .feeMarket || type == .setCode {
            fees = .feeMarket(
                maxPriorityFeePerGas: try TransactionFields.unsigned(f[2], "maxPriorityFeePerGas"),
                maxFeePerGas: try TransactionFields.unsigned(f[3], "maxFeePerGas"))
            rest = f[4...]
        } else {
            fees = .gasPrice(try TransactionFields.unsigned(f[2], "gasPrice"))
            rest = f[3...]
        }
        let r = Array(rest)  // gas, to, value, data, accessList, …
        return try EthereumTransaction(
            type: type, chainId: chainId, nonce: nonce, fees: fees,
            gasLimit: try TransactionFields.uint64(r[0], "gasLimit"),
            to: try TransactionFields.recipient(r[1]),
            value: try TransactionFields.unsigned(r[2], "value"),
            data: try TransactionFields.bytes(r[3], "data"),
            accessList: try AccessListEntry.decodeList(r[4]),
            authorizationList: type == .setCode ? try SignedSetCodeAuthorization.decodeList(r[5]) : [])
    }
}
