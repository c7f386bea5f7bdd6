import AirsignEncoding

/// Reads `Operation operations<100>`, naming the failing operation's index in any error and
/// refusing an empty list (the network would too, and a review of nothing is no review).
private func readOperations(_ r: inout XDRReader) throws -> [Operation] {
    var index = 0
    let ops = try r.readArray(max: 100) { r in
        defer { index += 1 }
        do { return try Operation(from: &r) } catch {
            throw StellarError.inOperation(index: index, StellarError.wrap(error))
        }
    }
    guard !ops.isEmpty else { throw StellarError.operationCount(0) }
    return ops
}

private func writeOperations(_ ops: [Operation], _ w: inout XDRWriter) throws {
    guard (1...100).contains(ops.count) else { throw StellarError.operationCount(ops.count) }
    var index = 0
    try w.writeArray(ops, max: 100) { w, op in
        defer { index += 1 }
        do { try op.encode(to: &w) } catch { throw StellarError.inOperation(index: index, StellarError.wrap(error)) }
    }
}

/// A `Transaction` (the v1 form).
public struct Transaction: XDRCodable {
    public var source: MuxedAccount
    /// Total maximum fee in stroops.
    public var fee: UInt32
    public var sequence: Int64
    public var preconditions: Preconditions
    public var memo: Memo
    public var operations: [Operation]
    /// `ext` 1: the Soroban resources and resource fee (part of `fee`) of a Soroban transaction.
    public var sorobanData: SorobanTransactionData?

    public init(
        source: MuxedAccount, fee: UInt32, sequence: Int64, preconditions: Preconditions = .none,
        memo: Memo = .none, operations: [Operation], sorobanData: SorobanTransactionData? = nil
    ) {
        self.source = source
        self.fee = fee
        self.sequence = sequence
        self.preconditions = preconditions
        self.memo = memo
        self.operations = operations
        self.sorobanData = sorobanData
    }

    public init(from r: inout XDRReader) throws {
        source = try MuxedAccount(from: &r)
        fee = try r.readUInt32()
        sequence = try r.readInt64()
        preconditions = try Preconditions(from: &r)
        memo = try Memo(from: &r)
        operations = try readOperations(&r)
        let ext = try r.readDiscriminant()
        switch ext {
        case 0: sorobanData = nil
        case 1:
            do { sorobanData = try SorobanTransactionData(from: &r) } catch {
                throw StellarError.inSorobanData(StellarError.wrap(error))
            }
        default: throw r.unknownDiscriminant(ext, of: "Transaction.ext")
        }
    }

    public func encode(to w: inout XDRWriter) throws {
        try source.encode(to: &w)
        w.writeUInt32(fee)
        w.writeInt64(sequence)
        try preconditions.encode(to: &w)
        try memo.encode(to: &w)
        try writeOperations(operations, &w)
        if let sorobanData {
            w.writeDiscriminant(1)
            try sorobanData.encode(to: &w)
        } else {
            w.writeDiscriminant(0)
        }
    }
}

/// The legacy `TransactionV0` (before protocol 13): an Ed25519 source and optional time bounds.
public struct TransactionV0: XDRCodable {
    public var sourcePublicKey: [UInt8]
    public var fee: UInt32
    public var sequence: Int64
    public var timeBounds: TimeBounds?
    public var memo: Memo
    public var operations: [Operation]

    public init(
        sourcePublicKey: [UInt8], fee: UInt32, sequence: Int64, timeBounds: TimeBounds?, memo: Memo,
        operations: [Operation]
    ) {
        self.sourcePublicKey = sourcePublicKey
        self.fee = fee
        self.sequence = sequence
        self.timeBounds = timeBounds
        self.memo = memo
        self.operations = operations
    }

    public init(from r: inout XDRReader) throws {
        sourcePublicKey = try r.read32()
        fee = try r.readUInt32()
        sequence = try r.readInt64()
        timeBounds = try r.readOptional { try TimeBounds(from: &$0) }
        memo = try Memo(from: &r)
        operations = try readOperations(&r)
        let ext = try r.readDiscriminant()
        guard ext == 0 else { throw r.unknownDiscriminant(ext, of: "TransactionV0.ext") }
    }

    public func encode(to w: inout XDRWriter) throws {
        try w.write32(sourcePublicKey, what: "source public key")
        w.writeUInt32(fee)
        w.writeInt64(sequence)
        try w.writeOptional(timeBounds) { try $1.encode(to: &$0) }
        try memo.encode(to: &w)
        try writeOperations(operations, &w)
        w.writeDiscriminant(0)
    }

    /// The v1 `Transaction` a v0 one is signed as (js-stellar-base `signatureBase`): the key
    /// becomes a `KEY_TYPE_ED25519` source and time bounds become `PRECOND_TIME`.
    public var asTransaction: Transaction {
        Transaction(
            source: MuxedAccount(unchecked: sourcePublicKey), fee: fee, sequence: sequence,
            preconditions: timeBounds.map { .time($0) } ?? .none, memo: memo, operations: operations)
    }
}

extension MuxedAccount {
    init(unchecked publicKey: [UInt8]) {
        self.publicKey = publicKey
        self.id = nil
    }
}

/// A `DecoratedSignature`: the last 4 bytes of the signer's key as a hint, and the signature.
public struct DecoratedSignature: XDRCodable {
    public var hint: [UInt8]
    /// Up to 64 bytes (an Ed25519 signature, or a hash-x preimage).
    public var signature: [UInt8]

    public init(hint: [UInt8], signature: [UInt8]) throws(StellarError) {
        guard hint.count == 4 else { throw .invalidLength(what: "signature hint", expected: 4, found: hint.count) }
        guard signature.count <= 64 else {
            throw .invalidLength(what: "signature", expected: 64, found: signature.count)
        }
        (self.hint, self.signature) = (hint, signature)
    }

    public init(from r: inout XDRReader) throws {
        hint = try r.readFixedOpaque(count: 4)
        signature = try r.readVariableOpaque(max: 64)
    }

    public func encode(to w: inout XDRWriter) throws {
        try w.writeFixedOpaque(hint, length: 4)
        try w.writeVariableOpaque(signature, max: 64)
    }
}

private func readSignatures(_ r: inout XDRReader) throws -> [DecoratedSignature] {
    try r.readArray(max: 20) { try DecoratedSignature(from: &$0) }
}

/// A `FeeBumpTransaction`: a fee source paying for a signed inner v1 transaction.
public struct FeeBumpTransaction: XDRCodable {
    public var feeSource: MuxedAccount
    /// Total fee in stroops (int64 in the XDR).
    public var fee: Int64
    public var innerTransaction: Transaction
    /// The inner transaction's own signatures, which the fee bump's hash covers.
    public var innerSignatures: [DecoratedSignature]

    public init(
        feeSource: MuxedAccount, fee: Int64, innerTransaction: Transaction, innerSignatures: [DecoratedSignature]
    ) {
        self.feeSource = feeSource
        self.fee = fee
        self.innerTransaction = innerTransaction
        self.innerSignatures = innerSignatures
    }

    public init(from r: inout XDRReader) throws {
        feeSource = try MuxedAccount(from: &r)
        fee = try r.readInt64()
        let inner = try r.readDiscriminant()
        guard inner == 2 else { throw r.unknownDiscriminant(inner, of: "fee bump inner transaction type") }
        innerTransaction = try Transaction(from: &r)
        innerSignatures = try readSignatures(&r)
        let ext = try r.readDiscriminant()
        guard ext == 0 else { throw r.unknownDiscriminant(ext, of: "FeeBumpTransaction.ext") }
    }

    public func encode(to w: inout XDRWriter) throws {
        try feeSource.encode(to: &w)
        w.writeInt64(fee)
        w.writeDiscriminant(2)
        try innerTransaction.encode(to: &w)
        try w.writeArray(innerSignatures, max: 20) { try $1.encode(to: &$0) }
        w.writeDiscriminant(0)
    }
}

/// A `TransactionEnvelope`: what wallets exchange and Horizon accepts, base64-encoded.
public enum TransactionEnvelope: XDRCodable {
    case v0(TransactionV0, signatures: [DecoratedSignature])
    case v1(Transaction, signatures: [DecoratedSignature])
    case feeBump(FeeBumpTransaction, signatures: [DecoratedSignature])

    /// The envelope's own signatures (for a fee bump, the fee source's, not the inner ones).
    public var signatures: [DecoratedSignature] {
        switch self {
        case .v0(_, let s), .v1(_, let s), .feeBump(_, let s): return s
        }
    }

    /// The same envelope with `signatures` replaced.
    public func with(signatures: [DecoratedSignature]) -> TransactionEnvelope {
        switch self {
        case .v0(let t, _): return .v0(t, signatures: signatures)
        case .v1(let t, _): return .v1(t, signatures: signatures)
        case .feeBump(let t, _): return .feeBump(t, signatures: signatures)
        }
    }

    public init(from r: inout XDRReader) throws {
        let type = try r.readDiscriminant()
        switch type {
        case 0: self = .v0(try TransactionV0(from: &r), signatures: try readSignatures(&r))
        case 2: self = .v1(try Transaction(from: &r), signatures: try readSignatures(&r))
        case 5: self = .feeBump(try FeeBumpTransaction(from: &r), signatures: try readSignatures(&r))
        default: throw StellarError.unknownEnvelopeType(type)
        }
    }

    public func encode(to w: inout XDRWriter) throws {
        switch self {
        case let .v0(t, s):
            w.writeDiscriminant(0); try t.encode(to: &w); try w.writeArray(s, max: 20) { try $1.encode(to: &$0) }
        case let .v1(t, s):
            w.writeDiscriminant(2); try t.encode(to: &w); try w.writeArray(s, max: 20) { try $1.encode(to: &$0) }
        case let .feeBump(t, s):
            w.writeDiscriminant(5); try t.encode(to: &w); try w.writeArray(s, max: 20) { try $1.encode(to: &$0) }
        }
    }

    /// Decodes a base64 envelope (strict: canonical base64 only, whole XDR consumed).
    public init(base64 text: String) throws(StellarError) {
        try self.init(xdr: try StellarBase64.decode(text))
    }

    /// The base64 of the envelope's XDR.
    public func base64() throws(StellarError) -> String {
        StellarBase64.encode(try xdr())
    }
}
