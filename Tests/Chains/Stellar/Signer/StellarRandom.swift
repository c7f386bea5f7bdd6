import AirsignStellar
import AirsignTestSupport

/// Random but well-formed Stellar values for property tests: every operation type, every memo
/// kind, every precondition form and envelope type.
struct StellarRandom {
    var rng: SeededRandom

    mutating func int<T: FixedWidthInteger>(_ type: T.Type = T.self) -> T { T.random(in: .min ... .max, using: &rng) }
    mutating func chance(_ p: Double = 0.5) -> Bool { Double.random(in: 0..<1, using: &rng) < p }
    mutating func key() -> [UInt8] { rng.bytes(32) }
    mutating func positive() -> Int64 { Int64.random(in: 1 ... .max, using: &rng) }

    mutating func accountID() -> AccountID { try! AccountID(publicKey: key()) }
    mutating func muxed() -> MuxedAccount { try! MuxedAccount(publicKey: key(), id: chance() ? int(UInt64.self) : nil) }

    mutating func code(alphanum12: Bool) -> AssetCode {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        let n = alphanum12 ? Int.random(in: 5...12, using: &rng) : Int.random(in: 1...4, using: &rng)
        return try! AssetCode(String((0..<n).map { _ in alphabet.randomElement(using: &rng)! }))
    }

    mutating func asset() -> Asset {
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: return .native
        case let k: return .credit(code: code(alphanum12: k == 2), issuer: accountID())
        }
    }

    mutating func signerKey() -> SignerKey {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return .ed25519(key())
        case 1: return .preAuthTx(key())
        case 2: return .hashX(key())
        default: return .ed25519SignedPayload(publicKey: key(), payload: rng.bytes(lengthIn: 1...64))
        }
    }

    mutating func predicate(depth: Int = 0) -> ClaimPredicate {
        switch Int.random(in: 0..<(depth < 3 ? 6 : 3), using: &rng) {
        case 0: return .unconditional
        case 1: return .beforeAbsoluteTime(int())
        case 2: return .beforeRelativeTime(int())
        case 3: return .and([predicate(depth: depth + 1), predicate(depth: depth + 1)])
        case 4: return .or([predicate(depth: depth + 1), predicate(depth: depth + 1)])
        default: return .not(predicate(depth: depth + 1))
        }
    }

    mutating func price() -> Price {
        Price(n: Int32.random(in: 1 ... .max, using: &rng), d: Int32.random(in: 1 ... .max, using: &rng))
    }
    mutating func offer(id: Bool) -> Offer {
        Offer(
            selling: asset(), buying: asset(), amount: positive(), price: price(),
            offerID: id ? Int64.random(in: 0 ... .max, using: &rng) : 0)
    }
    mutating func path() -> PathPayment {
        PathPayment(
            sendAsset: asset(), sendAmount: positive(), destination: muxed(), destAsset: asset(),
            destAmount: positive(),
            path: (0..<Int.random(in: 0...5, using: &rng)).map { _ in asset() })
    }
    mutating func maybe<T>(_ make: (inout Self) -> T) -> T? { chance() ? make(&self) : nil }
    mutating func balanceID() -> ClaimableBalanceID { try! ClaimableBalanceID(hash: key()) }
    mutating func text(_ range: ClosedRange<Int>) -> [UInt8] {
        (0..<Int.random(in: range, using: &rng)).map { _ in UInt8.random(in: 0x21...0x7e, using: &rng) }
    }

    /// The classic operation types (Soroban ones need a transaction of their own: SorobanRandom).
    static let operationTypes: [Int32] = [
        0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23,
    ]

    mutating func body(type: Int32) -> OperationBody {
        switch type {
        case 0: return .createAccount(destination: accountID(), startingBalance: positive())
        case 1: return .payment(destination: muxed(), asset: asset(), amount: positive())
        case 2: return .pathPaymentStrictReceive(path())
        case 3: return .manageSellOffer(offer(id: true))
        case 4: return .createPassiveSellOffer(offer(id: false))
        case 5:
            return .setOptions(
                SetOptions(
                    inflationDest: maybe { $0.accountID() }, clearFlags: maybe { $0.int(UInt32.self) % 16 },
                    setFlags: maybe { $0.int(UInt32.self) % 16 },
                    masterWeight: maybe { $0.int(UInt32.self) % 256 },
                    lowThreshold: maybe { $0.int(UInt32.self) % 256 },
                    medThreshold: maybe { $0.int(UInt32.self) % 256 },
                    highThreshold: maybe { $0.int(UInt32.self) % 256 },
                    homeDomain: maybe { $0.text(0...32) },
                    signer: maybe { Signer(key: $0.signerKey(), weight: $0.int(UInt32.self) % 256) }))
        case 6:
            let line: ChangeTrustAsset =
                chance(0.2) ? .poolShare(LiquidityPoolParameters(assetA: asset(), assetB: asset())) : .asset(asset())
            return .changeTrust(line: line, limit: Int64.random(in: 0 ... .max, using: &rng))
        case 7:
            return .allowTrust(
                trustor: accountID(), code: code(alphanum12: chance()), authorize: UInt32.random(in: 0...2, using: &rng)
            )
        case 8: return .accountMerge(destination: muxed())
        case 10: return .manageData(name: text(1...64), value: maybe { $0.rng.bytes(lengthIn: 1...64) })
        case 11: return .bumpSequence(bumpTo: Int64.random(in: 0 ... .max, using: &rng))
        case 12: return .manageBuyOffer(offer(id: true))
        case 13: return .pathPaymentStrictSend(path())
        case 14:
            return .createClaimableBalance(
                asset: asset(), amount: positive(),
                claimants: (0..<Int.random(in: 1...10, using: &rng)).map { _ in
                    Claimant(destination: accountID(), predicate: predicate())
                })
        case 15: return .claimClaimableBalance(balanceID())
        case 16: return .beginSponsoringFutureReserves(sponsored: accountID())
        case 17: return .endSponsoringFutureReserves
        case 18:
            let key: LedgerKey
            switch Int.random(in: 0..<7, using: &rng) {
            case 0: key = .account(accountID())
            case 1:
                key = .trustLine(
                    account: accountID(), asset: chance(0.2) ? .poolShare(poolID: self.key()) : .asset(asset()))
            case 2: key = .offer(seller: accountID(), offerID: positive())
            case 3: key = .data(account: accountID(), name: text(1...64))
            case 4: key = .claimableBalance(balanceID())
            case 5: key = .liquidityPool(poolID: self.key())
            default: return .revokeSponsorship(.signer(account: accountID(), key: signerKey()))
            }
            return .revokeSponsorship(.ledgerEntry(key))
        case 19: return .clawback(asset: asset(), from: muxed(), amount: positive())
        case 20: return .clawbackClaimableBalance(balanceID())
        case 22:
            return .liquidityPoolDeposit(
                LiquidityPoolDeposit(
                    poolID: key(), maxAmountA: positive(), maxAmountB: positive(),
                    minPrice: price(), maxPrice: price()))
        case 23:
            return .liquidityPoolWithdraw(
                LiquidityPoolWithdraw(
                    poolID: key(), amount: positive(), minAmountA: Int64.random(in: 0 ... .max, using: &rng),
                    minAmountB: Int64.random(in: 0 ... .max, using: &rng)))
        default:
            return .setTrustLineFlags(
                trustor: accountID(), asset: asset(), clearFlags: int(UInt32.self) % 8, setFlags: int(UInt32.self) % 8)
        }
    }

    mutating func operation(type: Int32) -> Operation {
        Operation(source: maybe { $0.muxed() }, body: body(type: type))
    }

    mutating func memo() -> Memo {
        switch Int.random(in: 0..<5, using: &rng) {
        case 0: return .none
        case 1: return .text(text(0...28))
        case 2: return .id(int())
        case 3: return .hash(key())
        default: return .return(key())
        }
    }

    mutating func timeBounds() -> TimeBounds { TimeBounds(minTime: int(), maxTime: int()) }

    mutating func preconditions() -> Preconditions {
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: return .none
        case 1: return .time(timeBounds())
        default:
            return .v2(
                PreconditionsV2(
                    timeBounds: maybe { $0.timeBounds() },
                    ledgerBounds: maybe { LedgerBounds(minLedger: $0.int(), maxLedger: $0.int()) },
                    minSeqNum: maybe { $0.int() }, minSeqAge: int(), minSeqLedgerGap: int(),
                    extraSigners: (0..<Int.random(in: 0...2, using: &rng)).map { _ in signerKey() }))
        }
    }

    mutating func signatures() -> [DecoratedSignature] {
        (0..<Int.random(in: 0...3, using: &rng)).map { _ in
            try! DecoratedSignature(hint: rng.bytes(4), signature: rng.bytes(64))
        }
    }

    /// A transaction whose operations include `type` (plus a few random others).
    mutating func transaction(including type: Int32) -> Transaction {
        var ops = [operation(type: type)]
        for _ in 0..<Int.random(in: 0...3, using: &rng) {
            ops.append(operation(type: Self.operationTypes.randomElement(using: &rng)!))
        }
        ops.shuffle(using: &rng)
        return Transaction(
            source: muxed(), fee: int(), sequence: int(), preconditions: preconditions(), memo: memo(), operations: ops)
    }

    mutating func envelope(including type: Int32) -> TransactionEnvelope {
        let tx = transaction(including: type)
        switch Int.random(in: 0..<4, using: &rng) {
        case 0:
            // A v0 transaction has a plain ed25519 source and only time bounds.
            let v0 = TransactionV0(
                sourcePublicKey: key(), fee: tx.fee, sequence: tx.sequence, timeBounds: maybe { $0.timeBounds() },
                memo: tx.memo, operations: tx.operations)
            return .v0(v0, signatures: signatures())
        case 1:
            return .feeBump(
                FeeBumpTransaction(feeSource: muxed(), fee: int(), innerTransaction: tx, innerSignatures: signatures()),
                signatures: signatures())
        default:
            return .v1(tx, signatures: signatures())
        }
    }
}
