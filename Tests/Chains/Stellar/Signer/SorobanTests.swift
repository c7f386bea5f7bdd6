import AirsignChains
import AirsignCrypto
import AirsignEncoding
import AirsignKeys
import AirsignMessages
import AirsignStellar
import AirsignStellarOnline
import AirsignTestSupport
import Foundation
import Testing

private struct SorobanVectors: Decodable {
    struct Contract: Decodable { let asset: String; let network_passphrase: String; let contract: String }
    struct Authorization: Decodable {
        let secret_seed: String; let network_passphrase: String; let expiration_ledger: UInt32; let entry: String;
        let signed_entry: String
    }
    struct Transfer: Decodable {
        let secret_seed: String; let network_passphrase: String; let contract: String; let unsigned: String;
        let hash: String; let signed: String
    }
    let asset_contracts: [Contract]
    let authorization: Authorization
    let sac_transfer: Transfer
}

private func key(_ seed: String) throws -> Ed25519.PrivateKey {
    try Ed25519.PrivateKey(seed: try StrKey.decodeSecretSeed(SecureBytes(copying: Array(seed.utf8))))
}

/// Soroban known answers (vectors/stellar_soroban.json): published Stellar Asset Contract ids, an
/// authorization signed by stellar-sdk's authorize_entry with py-stellar-base's test inputs, and
/// a Stellar Asset Contract transfer built, hashed and signed by stellar-sdk.
@Suite struct SorobanVectorTests {
    private let v: SorobanVectors = try! Vectors.load("stellar_soroban")

    @Test func assetContractIDs() throws {
        for c in v.asset_contracts {
            let id = try HashIDPreimage.assetContractID(
                try Asset(c.asset), network: StellarNetwork(passphrase: c.network_passphrase))
            #expect(SCAddress.contract(id).description == c.contract, "\(c.asset)")
        }
    }

    @Test func authorizationSignedLikeAuthorizeEntry() throws {
        let a = v.authorization
        let entry = try SorobanAuthorizationEntry(base64: a.entry)
        #expect(try entry.base64() == a.entry)
        let (signed, _) = try entry.authorized(
            with: try key(a.secret_seed), network: StellarNetwork(passphrase: a.network_passphrase),
            expirationLedger: a.expiration_ledger)
        #expect(try signed.base64() == a.signed_entry)
        // The same entry for another network's signature does not verify here.
        let raw = try key(a.secret_seed)
        let (other, signature) = try entry.authorized(
            with: raw, network: .public, expirationLedger: a.expiration_ledger)
        #expect(try other.base64() != a.signed_entry)
        #expect(throws: StellarError.self) {
            try other.adding(signature: signature, publicKey: raw.publicKey, network: .testnet)
        }
    }

    @Test func assetContractTransfer() throws {
        let t = v.sac_transfer
        let network = StellarNetwork(passphrase: t.network_passphrase)
        let unsigned = try TransactionEnvelope(base64: t.unsigned)
        #expect(try unsigned.base64() == t.unsigned)
        #expect(Hex.encode(try unsigned.hash(network: network)) == t.hash)
        let (signed, _) = try unsigned.signed(with: try key(t.secret_seed), network: network)
        #expect(try signed.base64() == t.signed)
        let review = try unsigned.review(network: network)
        #expect(review.operations == ["invoke contract \(t.contract), the Stellar Asset Contract of XLM: transfer"])
    }
}

/// The Soroban review and signing in the pipeline: golden text, authorizations signed with the
/// transaction and alone, finalize, and the refusals of the issue.
@Suite struct SorobanChainTests {
    static let module = StellarChain()
    static let now: Int64 = 1_767_225_600  // 2026-01-01T00:00:00Z

    static func key(_ n: UInt8) throws -> Ed25519.PrivateKey {
        try Ed25519.PrivateKey(seed: SecureBytes(copying: [UInt8](repeating: n, count: 32)))
    }

    static func account(_ n: UInt8) throws -> AccountID { try AccountID(publicKey: try key(n).publicKey) }

    static func context() throws -> ReviewContext {
        let book = try AddressBook([
            Contact(chain: module.chain, name: "Alice", address: try account(2).description, rules: .standard)
        ])
        let own = OwnAccount(
            chain: module.chain, address: try account(1).description, publicKey: try key(1).publicKey, keyName: "main",
            path: "m/44'/148'/0'")
        return ReviewContext(ownAccounts: [own], contacts: book, now: now)
    }

    static func request(_ payload: JSONValue, signer: UInt8 = 1) throws -> SignRequest {
        try SignRequest(
            id: RequestID("33333333-3333-4333-8333-333333333333"), chain: module.chain, network: "stellar:testnet",
            account: try MessageAccount(address: try account(signer).description, publicKey: try key(signer).publicKey),
            payload: payload)
    }

    static let xlm = try! HashIDPreimage.assetContractID(.native, network: .testnet)

    /// The SAC transfer of 12.5 XLM from account 1 to Alice (account 2), source-account
    /// authorization, the footprint a simulation gives it.
    static func transfer(auth: [SorobanAuthorizationEntry]? = nil, from: UInt8 = 1) throws -> TransactionEnvelope {
        let call = InvokeContractArgs(
            contract: .contract(xlm), function: Array("transfer".utf8),
            args: [
                .address(.account(try account(from))), .address(.account(try account(2))),
                .i128(Int128Parts(hi: 0, lo: 125_000_000)),
            ])
        let entries =
            auth ?? [
                SorobanAuthorizationEntry(
                    credentials: .sourceAccount, rootInvocation: SorobanAuthorizedInvocation(function: .contract(call)))
            ]
        let footprint = LedgerFootprint(
            readOnly: [
                .contractData(contract: .contract(xlm), key: .ledgerKeyContractInstance, durability: .persistent)
            ],
            readWrite: [.account(try account(from)), .account(try account(2))])
        let data = SorobanTransactionData(
            resources: SorobanResources(footprint: footprint, instructions: 213_456, diskReadBytes: 0, writeBytes: 264),
            resourceFee: 59_143)
        let tx = Transaction(
            source: try MuxedAccount(publicKey: try key(1).publicKey), fee: 59_243, sequence: 4_294_967_297,
            preconditions: .time(TimeBounds(minTime: 0, maxTime: 1_767_229_200)),
            operations: [Operation(body: .invokeHostFunction(.invokeContract(call), auth: entries))], sorobanData: data)
        return .v1(tx, signatures: [])
    }

    func render(_ request: SignRequest, details: Bool = false) throws -> String {
        var context = try Self.context()
        context.details = details
        return ReviewText.render(
            try Self.module.review(request, context: context), position: 1, of: 1, module: Self.module, context: context
        ) + "\n"
    }

    @Test func goldenReviewOfAnAssetContractTransfer() throws {
        let text = try render(Self.request(try StellarChain.payload(Self.transfer(), network: .testnet)))
        #expect(
            text == """
                Request 1 of 1  id 33333333-3333-4333-8333-333333333333
                  Stellar Soroban transaction
                  chain     Stellar (stellar)
                  network   stellar:testnet
                  account   GCFIRY65OQE7DFP5KLNS2PF2LVZMUZYJX4OZIEQ36N2IQANUB5XVYOJR (your
                            | account (key "main", m/44'/148'/0'))
                  network name testnet ("Test SDF Network ; September 2015") [signer's table]
                  source    GCFIRY65OQE7DFP5KLNS2PF2LVZMUZYJX4OZIEQ36N2IQANUB5XVYOJR (your
                            | account (key "main", m/44'/148'/0'))
                  fee       59243 stroops (0.0059243 XLM)
                  fee split inclusion fee 100 stroops (0.00001 XLM) + resource fee 59143 stroops
                            | (0.0059143 XLM) (the most charged; the unused refundable part is
                            | returned)
                  resources 213456 instructions, 0 bytes read from disk, 264 bytes written
                  footprint 1 read-only, 2 read-write entries (each listed with --details)
                    read-write account GCFIRY65OQE7DFP5KLNS2PF2LVZMUZYJX4OZIEQ36N2IQANUB5XVYOJR
                               | (your account (key "main", m/44'/148'/0'))
                  sequence  4294967297
                  memo      none
                  valid     from any time until 1767229200 (2026-01-01 01:00:00 UTC)
                  operation 1/1 invoke contract
                                | CDLZFC3SYJYDZT7K67VZ75HPJVIEUVNIXF47ZG2FB2RMQQVU2HHGCYSC (not
                                | in your contacts), the Stellar Asset Contract of XLM: transfer
                    contract  CDLZFC3SYJYDZT7K67VZ75HPJVIEUVNIXF47ZG2FB2RMQQVU2HHGCYSC (not in
                              | your contacts), the Stellar Asset Contract of XLM
                    function  transfer
                    from (address) GCFIRY65OQE7DFP5KLNS2PF2LVZMUZYJX4OZIEQ36N2IQANUB5XVYOJR
                                   | (your account (key "main", m/44'/148'/0'))
                    to (address) GCATS5YOVB6ROX2WUNKGNQ2MP3GMXDMKSG2O4N5CLX3A6W4PZGZZI55U
                                 | (contact "Alice")
                    amount (i128) 12.5 XLM (125000000 base units)
                    authorization 1/1 by the operation's source account
                                      | GCFIRY65OQE7DFP5KLNS2PF2LVZMUZYJX4OZIEQ36N2IQANUB5XVYOJR
                                      | (your account (key "main", m/44'/148'/0')): the
                                      | transaction's signature covers it
                      invokes   CDLZFC3SYJYDZT7K67VZ75HPJVIEUVNIXF47ZG2FB2RMQQVU2HHGCYSC (not in
                                | your contacts), the Stellar Asset Contract of XLM:
                                | transfer(from:
                                | GCFIRY65OQE7DFP5KLNS2PF2LVZMUZYJX4OZIEQ36N2IQANUB5XVYOJR (your
                                | account (key "main", m/44'/148'/0')), to:
                                | GCATS5YOVB6ROX2WUNKGNQ2MP3GMXDMKSG2O4N5CLX3A6W4PZGZZI55U
                                | (contact "Alice"), amount: 12.5 XLM (125000000 base units))
                  signatures none yet
                  hash      ddb9ee21e12117d807381d031ee97207adb139a39a8ce3d41adfd48ddfbaabac
                  total     12.5059243 XLM
                  signs     1 message, 636 bytes: transaction

                """, "\(text)")
        // By default the footprint is counted, and only the signer's own entry it writes is
        // listed; with --details every entry is, and nothing else changes.
        let details = try render(
            Self.request(try StellarChain.payload(Self.transfer(), network: .testnet)), details: true)
        let listed = """
              footprint 1 read-only, 2 read-write entries
                read-only contract CDLZFC3SYJYDZT7K67VZ75HPJVIEUVNIXF47ZG2FB2RMQQVU2HHGCYSC
                          | (not in your contacts), the Stellar Asset Contract of XLM
                          | instance (persistent)
                read-write account GCFIRY65OQE7DFP5KLNS2PF2LVZMUZYJX4OZIEQ36N2IQANUB5XVYOJR
                           | (your account (key "main", m/44'/148'/0'))
                read-write account GCATS5YOVB6ROX2WUNKGNQ2MP3GMXDMKSG2O4N5CLX3A6W4PZGZZI55U
                           | (contact "Alice")

            """
        #expect(
            details
                == text.replacingOccurrences(
                    of: """
                          footprint 1 read-only, 2 read-write entries (each listed with --details)
                            read-write account GCFIRY65OQE7DFP5KLNS2PF2LVZMUZYJX4OZIEQ36N2IQANUB5XVYOJR
                                       | (your account (key "main", m/44'/148'/0'))

                        """, with: listed), "\(details)")
    }

    /// Without --details the footprint shows its counts and the entries of the signer's own
    /// that the call may write (its account, trust lines, contract data keyed by its address);
    /// another account's entries and read-only ones are left to --details.
    @Test func footprintListsTheSignersWritesUnlessAskedForAll() throws {
        guard case .v1(var tx, _) = try Self.transfer() else { Issue.record("not a v1 envelope"); return }
        let balance = { (n: UInt8) throws -> LedgerKey in
            .contractData(
                contract: .contract(Self.xlm),
                key: .vec([.symbol(Array("Balance".utf8)), .address(.account(try Self.account(n)))]),
                durability: .persistent)
        }
        let usd = Asset.credit(code: try AssetCode("USD"), issuer: try Self.account(3))
        tx.sorobanData?.resources.footprint = LedgerFootprint(
            readOnly: [
                .account(try Self.account(1)),
                .contractData(contract: .contract(Self.xlm), key: .ledgerKeyContractInstance, durability: .persistent),
            ],
            readWrite: [
                try balance(2), try balance(1), .trustLine(account: try Self.account(1), asset: .asset(usd)),
                .account(try Self.account(2)),
            ])
        let request = try Self.request(try StellarChain.payload(.v1(tx, signatures: []), network: .testnet))
        let counted = unwrappedReview(try render(request))
        #expect(
            counted.contains("footprint 2 read-only, 4 read-write entries (each listed with --details)"), "\(counted)")
        func entries(_ text: String, _ kind: String) -> [Substring] {
            text.split(separator: "\n").filter { $0.drop(while: { $0 == " " }).hasPrefix(kind + " ") }
        }
        let writes = entries(counted, "read-write")
        #expect(writes.count == 2, "\(counted)")
        let mine = try Self.account(1).description
        #expect(writes[0].contains("Balance") && writes[0].contains(mine), "\(writes[0])")
        #expect(writes[1].contains("trust line of \(mine)"), "\(writes[1])")
        #expect(entries(counted, "read-only").isEmpty, "\(counted)")
        let listed = unwrappedReview(try render(request, details: true))
        #expect(listed.contains("footprint 2 read-only, 4 read-write entries\n"), "\(listed)")
        #expect(entries(listed, "read-write").count == 4 && entries(listed, "read-only").count == 2, "\(listed)")
    }

    static func addressEntry(_ n: UInt8, nonce: Int64 = 7, expiration: UInt32 = 1_000_000) throws
        -> SorobanAuthorizationEntry
    {
        let call = InvokeContractArgs(
            contract: .contract(xlm), function: Array("transfer".utf8),
            args: [
                .address(.account(try account(n))), .address(.account(try account(2))),
                .i128(Int128Parts(hi: 0, lo: 5)),
            ])
        return SorobanAuthorizationEntry(
            credentials: .address(
                SorobanAddressCredentials(
                    address: .account(try account(n)), nonce: nonce,
                    signatureExpirationLedger: expiration)),
            rootInvocation: SorobanAuthorizedInvocation(function: .contract(call)))
    }

    /// The request key's own address authorization is signed first and put into the
    /// transaction, which is then signed; another address's entry is shown and left alone;
    /// finalize rebuilds the same envelope from the compact response.
    @Test func ownAuthorizationsAreSignedIntoTheTransaction() throws {
        let envelope = try Self.transfer(auth: [try Self.addressEntry(1), try Self.addressEntry(3)])
        let request = try Self.request(try StellarChain.payload(envelope, network: .testnet))
        let review = try Self.module.review(request, context: try Self.context())
        #expect(review.signing.map(\.label) == ["authorization 1 of operation 1", "transaction"])
        #expect(review.signing[0].bytes == (try Self.addressEntry(1).signaturePreimage(network: .testnet)))
        #expect(
            review.warnings.contains(
                "operation 1, authorization 2 still needs a signature from \(try Self.account(3)): the transaction fails without it"
            ))
        let text = unwrappedReview(try render(request))
        #expect(text.contains("signed now with this request's key, nonce 7, valid until ledger 1000000"))
        #expect(text.contains("not signed yet, left as it is; nonce 7, valid until ledger 1000000"))
        let output = try Self.module.sign(review, with: .ed25519(try Self.key(1)))
        #expect(output.signatures.count == 2)
        guard case let .string(signedText)? = output.result?["envelope"] else { Issue.record("no envelope"); return }
        let signed = try TransactionEnvelope(base64: signedText)
        guard case let .invokeHostFunction(_, auth) = signed.transaction.operations[0].body else {
            Issue.record("not an invocation"); return
        }
        let (expected, _) = try Self.addressEntry(1).authorized(with: try Self.key(1), network: .testnet)
        #expect(auth == [expected, try Self.addressEntry(3)])
        #expect(try signed.verify(signed.signatures[0], publicKey: try Self.key(1).publicKey, network: .testnet))
        // The compact response (signatures only) is completed by the watch into the same envelope.
        let compact = try SignResponse(id: request.id, signatures: output.signatures)
        let finalized = try StellarFinalizer().finalize(compact, for: request)
        #expect(finalized.response.result == output.result)
        // A swapped signature order is refused.
        let swapped = try SignResponse(id: request.id, signatures: output.signatures.reversed())
        #expect(throws: (any Error).self) { try StellarFinalizer().finalize(swapped, for: request) }
    }

    @Test func authorizationOnItsOwn() throws {
        let entry = try Self.addressEntry(1, nonce: -3, expiration: 51_000)
        let request = try Self.request(try StellarPayload.json(entry, network: .testnet))
        let text = unwrappedReview(try render(request))
        #expect(text.contains("Stellar Soroban authorization"))
        #expect(text.contains("valid until ledger 51000 (the signer cannot see the current ledger)"))
        #expect(text.contains("total     0.0000005 XLM"))
        let review = try Self.module.review(request, context: try Self.context())
        let output = try Self.module.sign(review, with: .ed25519(try Self.key(1)))
        let (signed, signature) = try entry.authorized(with: try Self.key(1), network: .testnet)
        #expect(output.signatures == [Hex.encode(signature)])
        #expect(output.result?["entry"] == .string(try signed.base64()))
        let finalized = try StellarFinalizer().finalize(
            try SignResponse(id: request.id, signatures: output.signatures), for: request)
        #expect(finalized.response.result == output.result)
        // Another address's entry, an entry already signed, a source-account entry: refused.
        for bad in [
            try Self.addressEntry(3), signed,
            SorobanAuthorizationEntry(credentials: .sourceAccount, rootInvocation: entry.rootInvocation),
        ] {
            #expect(throws: (any Error).self) {
                try Self.module.review(
                    try Self.request(try StellarPayload.json(bad, network: .testnet)), context: try Self.context())
            }
        }
    }

    @Test func approvalsAndTotals() throws {
        let unlimited = Int128Parts(hi: Int64.max, lo: UInt64.max)
        let approve = InvokeContractArgs(
            contract: .contract(Self.xlm), function: Array("approve".utf8),
            args: [
                .address(.account(try Self.account(1))), .address(.account(try Self.account(2))), .i128(unlimited),
                .u32(99),
            ])
        var envelope = try Self.transfer()
        guard case .v1(var tx, _) = envelope else { return }
        tx.operations = [Operation(body: .invokeHostFunction(.invokeContract(approve), auth: []))]
        envelope = .v1(tx, signatures: [])
        let review = try Self.module.review(
            try Self.request(try StellarChain.payload(envelope, network: .testnet)), context: try Self.context())
        #expect(review.approvals.count == 1)
        #expect(review.approvals.first?.isUnlimited == true)
        #expect(review.approvals.first?.spender.contains("contact \"Alice\"") == true)
        #expect(review.totals.map(\.formatted) == ["0.0059243 XLM"])
        // A transfer from another account than the signer's is not the signer's outflow.
        let other = try Self.module.review(
            try Self.request(try StellarChain.payload(Self.transfer(from: 3), network: .testnet)),
            context: try Self.context())
        #expect(other.totals.map(\.formatted) == ["0.0059243 XLM"])
    }

    @Test func liquidityPoolsNamedByTheirParameters() throws {
        let usd = try Asset.credit("USD", issuer: try Self.account(9).description)
        let pool = LiquidityPoolParameters(assetA: .native, assetB: usd)
        let deposit = Operation(
            body: .liquidityPoolDeposit(
                LiquidityPoolDeposit(
                    poolID: try pool.poolID, maxAmountA: 100_000_000, maxAmountB: 250_000_000,
                    minPrice: Price(n: 1, d: 3), maxPrice: Price(n: 1, d: 2))))
        let tx = Transaction(
            source: try MuxedAccount(publicKey: try Self.key(1).publicKey), fee: 100, sequence: 5,
            preconditions: .time(TimeBounds(minTime: 0, maxTime: 1_767_229_200)), operations: [deposit])
        let envelope = TransactionEnvelope.v1(tx, signatures: [])
        let poolText = SCAddress.liquidityPool(try pool.poolID).description
        let named = try Self.module.review(
            try Self.request(try StellarPayload.json(envelope, network: .testnet, pools: [pool])),
            context: try Self.context())
        #expect(
            named.lines.contains {
                $0.value
                    == "deposit into liquidity pool \(poolText) (XLM / \(usd), fee 30 bp): at most 10 XLM and 25 \(usd), at a price (A per B) from 1/3 to 1/2"
            })
        #expect(named.totals.map(\.formatted) == ["10.00001 XLM", "25 USD"])
        let unnamed = try Self.module.review(
            try Self.request(try StellarChain.payload(envelope, network: .testnet)), context: try Self.context())
        #expect(
            unnamed.lines.contains {
                $0.value.hasPrefix(
                    "deposit into liquidity pool \(poolText) (its assets are not in this request): at most 10 of asset A"
                )
            })
        #expect(unnamed.totals.map(\.formatted).contains("25 of asset B of pool \(poolText)"))
        // A pool the transaction does not use is refused, as is an asset whose contract it does not call.
        let other = LiquidityPoolParameters(
            assetA: .native, assetB: try Asset.credit("EUR", issuer: try Self.account(9).description))
        #expect(
            throws: StellarError.payload(
                .unusedPool(index: 0, assetA: "XLM", assetB: "EUR (issuer \(try Self.account(9)))"))
        ) {
            try Self.module.review(
                try Self.request(try StellarPayload.json(envelope, network: .testnet, pools: [other])),
                context: try Self.context())
        }
        #expect(throws: (any Error).self) {
            try Self.module.review(
                try Self.request(try StellarPayload.json(envelope, network: .testnet, assets: [usd])),
                context: try Self.context())
        }
        // A non-positive price is refused as the network refuses it.
        var bad = tx
        bad.operations = [
            Operation(
                body: .liquidityPoolDeposit(
                    LiquidityPoolDeposit(
                        poolID: try pool.poolID, maxAmountA: 1, maxAmountB: 1,
                        minPrice: Price(n: 0, d: 1), maxPrice: Price(n: 1, d: 1))))
        ]
        #expect(throws: StellarError.inOperation(index: 0, .invalidPrice(field: "minimum price", price: "0/1"))) {
            try TransactionEnvelope.v1(bad, signatures: []).review(network: .testnet)
        }
    }

    /// The issue's bad input and the network's Soroban rules: each a clear error, nothing signed.
    @Test func refusals() throws {
        func refuses(
            _ envelope: TransactionEnvelope, _ phrase: String, sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            do {
                _ = try Self.module.review(
                    try Self.request(try StellarChain.payload(envelope, network: .testnet)), context: try Self.context()
                )
                Issue.record("accepted", sourceLocation: sourceLocation)
            } catch {
                #expect(String(describing: error).contains(phrase), "\(error)", sourceLocation: sourceLocation)
            }
        }
        guard case .v1(let tx, _) = try Self.transfer() else { return }
        var noData = tx
        noData.sorobanData = nil
        try refuses(.v1(noData, signatures: []), "needs the transaction's Soroban data")
        var twoOps = tx
        twoOps.operations.append(Operation(body: .bumpSequence(bumpTo: 1)))
        try refuses(.v1(twoOps, signatures: []), "must be the only operation")
        var classic = tx
        classic.operations = [Operation(body: .bumpSequence(bumpTo: 1))]
        try refuses(.v1(classic, signatures: []), "on a transaction without a Soroban operation")
        var greedy = tx
        greedy.sorobanData?.resourceFee = Int64(tx.fee) + 1
        try refuses(.v1(greedy, signatures: []), "is not between 0 and the transaction's fee")
        var archived = tx
        archived.sorobanData?.archivedEntries = [2]
        try refuses(.v1(archived, signatures: []), "archived entry 2 is not in the read-write footprint")
        // An authorization of the signer's account already signed for another network.
        let (forPubnet, _) = try Self.addressEntry(1).authorized(with: try Self.key(1), network: .public)
        try refuses(try Self.transfer(auth: [forPubnet]), "does not verify on testnet")
        // Signing an authorization into a transaction that already carries signatures would void them.
        let (cosigned, _) = try Self.transfer(auth: [try Self.addressEntry(1)]).signed(
            with: try Self.key(4), network: .testnet)
        try refuses(cosigned, "the signatures already on it would no longer verify")
    }

    @Test func malformedValuesAreRefusedByName() throws {
        func invoking(_ arg: SCVal) throws -> [UInt8] {
            var w = XDRWriter()
            w.writeDiscriminant(0)  // HOST_FUNCTION_TYPE_INVOKE_CONTRACT
            try SCAddress.contract(Self.xlm).encode(to: &w)
            try w.writeString("f")
            w.writeUInt32(1)
            try arg.encode(to: &w)
            w.writeUInt32(0)  // no auth
            return w.bytes
        }
        func decode(_ bytes: [UInt8]) -> StellarError? {
            do { _ = try Operation(xdr: [0, 0, 0, 0, 0, 0, 0, 24] + bytes); return nil } catch { return error }
        }
        let a = SCMapEntry(key: .symbol(Array("a".utf8)), val: .u32(1))
        let b = SCMapEntry(key: .symbol(Array("b".utf8)), val: .u32(2))
        // The writer refuses to write a bad map, so the bytes are put together by hand.
        var unsorted = try invoking(.map([a, b]))
        var duplicate = unsorted
        let first = try a.xdr(), second = try b.xdr()
        let at = try #require(unsorted.firstRange(of: first + second))
        unsorted.replaceSubrange(at, with: second + first)
        duplicate.replaceSubrange(at, with: first + first)
        #expect(decode(unsorted) == .scVal(.keyOutOfOrder(key: 2, type: "symbol")))
        #expect(decode(duplicate) == .scVal(.repeatedKey(key: 2, type: "symbol")))
        #expect(throws: StellarError.self) { try SCVal.map([b, a]).xdr() }
        var deep = SCVal.u32(0)
        for _ in 0..<40 { deep = .vec([deep]) }
        #expect(decode(try invoking(deep)) == .tooDeep(place: nil, limit: 32))
        var symbol = try invoking(.symbol(Array("ab".utf8)))
        let name = try #require(symbol.lastRange(of: Array("ab".utf8)))
        symbol.replaceSubrange(name, with: Array("a-".utf8))
        #expect(decode(symbol) == .scVal(.symbolCharacter(shown: "\"a-\"")))
        // An absent vector, a credentials type past CAP-71's.
        #expect(
            decode(try invoking(.void).dropLast(8) + [0, 0, 0, 16, 0, 0, 0, 0] + [0, 0, 0, 0]) == .scVal(.absentVec))
        var v4 = try SorobanAuthorizationEntry(
            credentials: .sourceAccount, rootInvocation: try Self.addressEntry(1).rootInvocation
        ).xdr()
        v4[3] = 4
        #expect(
            throws: StellarError.xdr(
                .invalidValue(codec: "XDR", offset: 0, reason: "unknown SorobanCredentialsType discriminant 4"))
        ) {
            try SorobanAuthorizationEntry(xdr: v4)
        }
    }
}

@Suite struct SorobanPropertyTests {
    @Test func randomSorobanTransactionsRoundTripAndReview() throws {
        var random = StellarRandom(rng: .forTest("randomSorobanTransactionsRoundTripAndReview"))
        for _ in 0..<300 {
            let envelope = TransactionEnvelope.v1(random.sorobanTransaction(), signatures: random.signatures())
            let bytes = try envelope.xdr()
            let decoded = try TransactionEnvelope(xdr: bytes)
            #expect(decoded == envelope)
            #expect(try decoded.xdr() == bytes)
            _ = try decoded.review(network: .testnet)
        }
    }

    @Test func corruptedSorobanTransactionsNeverTrap() throws {
        var random = StellarRandom(rng: .forTest("corruptedSorobanTransactionsNeverTrap"))
        var refused = 0
        for _ in 0..<40 {
            let bytes = try TransactionEnvelope.v1(random.sorobanTransaction(), signatures: []).xdr()
            for mutated in random.rng.corruptions(of: bytes, count: 60) {
                do {
                    let envelope = try TransactionEnvelope(xdr: mutated)
                    #expect(try envelope.xdr() == mutated)
                    _ = try? envelope.review(network: .public)
                } catch {
                    refused += 1
                }
            }
        }
        #expect(refused > 0)
    }

    @Test func mapOrderIsATotalOrder() {
        var random = StellarRandom(rng: .forTest("mapOrderIsATotalOrder"))
        for _ in 0..<2000 {
            let (a, b, c) = (random.value(), random.value(), random.value())
            #expect(SCVal.compare(a, b) == -SCVal.compare(b, a))
            #expect(SCVal.compare(a, a) == 0)
            if SCVal.compare(a, b) <= 0 && SCVal.compare(b, c) <= 0 { #expect(SCVal.compare(a, c) <= 0) }
        }
    }
}
