import AirsignChains
import AirsignCrypto
import AirsignEncoding
import AirsignKeys
import AirsignMessages
import AirsignStellar
import AirsignStellarOnline
import AirsignTestSupport
import Testing

/// The Stellar chain module in the signing pipeline: golden review text with the clock pinned,
/// sign → finalize round trips (multisig append, duplicate refused), native inputs (bare
/// envelope with a network, SEP-7 URI), and the refusals issue 10 lists.
@Suite struct StellarChainTests {
    static let now: Int64 = 1_767_225_600  // 2026-01-01T00:00:00Z
    static let id = "22222222-2222-4222-8222-222222222222"
    static let module = StellarChain()
    static let finalizer = StellarFinalizer()

    static func key(_ n: UInt8) throws -> Ed25519.PrivateKey {
        try Ed25519.PrivateKey(seed: SecureBytes(copying: [UInt8](repeating: n, count: 32)))
    }

    static func address(_ n: UInt8) throws -> String { try AccountID(publicKey: try key(n).publicKey).description }

    static func account(_ n: UInt8) throws -> MessageAccount {
        try MessageAccount(address: try address(n), publicKey: try key(n).publicKey)
    }

    static func own(_ n: UInt8, name: String) throws -> OwnAccount {
        OwnAccount(
            chain: module.chain, address: try address(n), publicKey: try key(n).publicKey, keyName: name,
            path: "m/44'/148'/0'")
    }

    static func context() throws -> ReviewContext {
        let book = try AddressBook([
            Contact(chain: module.chain, name: "Alice", address: try address(2), rules: .standard)
        ])
        return ReviewContext(ownAccounts: [try own(1, name: "main")], contacts: book, now: now)
    }

    /// A payment of 12.5 USD (credit) and a new account with 2 XLM, from account 1, memo text,
    /// time bounds, fee 200: the kind of transaction the watch builds.
    static func transaction(source: UInt8 = 1, sequence: Int64 = 4_294_967_297) throws -> TransactionEnvelope {
        let usd = try Asset.credit("USD", issuer: try address(9))
        let tx = Transaction(
            source: try MuxedAccount(publicKey: try key(source).publicKey), fee: 200, sequence: sequence,
            preconditions: .time(TimeBounds(minTime: 0, maxTime: 1_767_229_200)), memo: try Memo.text("rent"),
            operations: [
                Operation(
                    source: nil,
                    body: .payment(
                        destination: try MuxedAccount(publicKey: try key(2).publicKey, id: 7), asset: usd,
                        amount: 125_000_000)),
                Operation(
                    source: nil,
                    body: .createAccount(
                        destination: try AccountID(publicKey: try key(3).publicKey), startingBalance: 20_000_000)),
            ])
        return .v1(tx, signatures: [])
    }

    static func request(
        _ envelope: TransactionEnvelope, network: String = "stellar:testnet", passphrase: String? = nil,
        account: MessageAccount? = nil
    ) throws -> SignRequest {
        let payload: JSONValue = .object([
            (key: "envelope", value: .string(try envelope.base64())),
            (key: "networkPassphrase", value: .string(passphrase ?? StellarNetwork.testnet.passphrase)),
            (key: "type", value: .string("transaction")),
        ])
        return try SignRequest(
            id: RequestID(id), chain: module.chain, network: network, account: account ?? Self.account(1),
            payload: payload)
    }

    func render(_ request: SignRequest) throws -> String {
        let context = try Self.context()
        let review = try Self.module.review(request, context: context)
        return ReviewText.render(review, position: 1, of: 1, module: Self.module, context: context) + "\n"
    }

    func signResponse(_ request: SignRequest, signer: UInt8 = 1) throws -> SignResponse {
        let review = try Self.module.review(request, context: Self.context())
        let output = try Self.module.sign(review, with: .ed25519(Self.key(signer)))
        return try SignResponse(
            id: request.id, chain: request.chain, network: request.network, account: request.account,
            signatures: output.signatures, result: output.result)
    }

    @Test func registeredInTheStandardRegistry() throws {
        #expect(try ChainRegistry.standard.module(for: ChainID(Chain.stellar)).displayName == "Stellar")
    }

    @Test func goldenReviewOfAPaymentAndANewAccount() throws {
        let text = try render(Self.request(Self.transaction()))
        #expect(
            text == """
                Request 1 of 1  id 22222222-2222-4222-8222-222222222222
                  Stellar transaction
                  chain     Stellar (stellar)
                  network   stellar:testnet
                  account   GCFIRY65OQE7DFP5KLNS2PF2LVZMUZYJX4OZIEQ36N2IQANUB5XVYOJR (your
                            | account (key "main", m/44'/148'/0'))
                  network name testnet ("Test SDF Network ; September 2015") [signer's table]
                  source    GCFIRY65OQE7DFP5KLNS2PF2LVZMUZYJX4OZIEQ36N2IQANUB5XVYOJR (your
                            | account (key "main", m/44'/148'/0'))
                  fee       200 stroops (0.00002 XLM)
                  sequence  4294967297
                  memo      text "rent"
                  valid     from any time until 1767229200 (2026-01-01 01:00:00 UTC)
                  operation 1/2 pay 12.5 USD (issuer
                                | GD6ROJBYLKQMOW3E7N4M2YBPUHMZD7PL65VRHRMO24BOVSBV5H3BQRSL) to
                                | MCATS5YOVB6ROX2WUNKGNQ2MP3GMXDMKSG2O4N5CLX3A6W4PZGZZIAAAAAAAAA
                                |AAA42ZW (account
                                | GCATS5YOVB6ROX2WUNKGNQ2MP3GMXDMKSG2O4N5CLX3A6W4PZGZZI55U,
                                | muxed id 7)
                    to        GCATS5YOVB6ROX2WUNKGNQ2MP3GMXDMKSG2O4N5CLX3A6W4PZGZZI55U (contact
                              | "Alice"), muxed id 7
                              | (MCATS5YOVB6ROX2WUNKGNQ2MP3GMXDMKSG2O4N5CLX3A6W4PZGZZIAAAAAAAAAA
                              |AA42ZW)
                  operation 2/2 create account
                                | GDWUSKGGFDI4FRXK5EBTRECZSVQSSWJHHJOGH6JWG3AUMFFMQ435DIAG with
                                | a starting balance of 2 XLM
                    new account GDWUSKGGFDI4FRXK5EBTRECZSVQSSWJHHJOGH6JWG3AUMFFMQ435DIAG (not in
                                | your contacts)
                  signatures none yet
                  hash      2f1bfa8bf6d6431625a362e2e325d3776989c84153d420317835f29ab9e19ebd
                  total     2.00002 XLM
                  total     12.5 USD
                  signs     1 message, 292 bytes: transaction

                """, "\(text)")
    }

    @Test func signThenFinalizeAppendsToExistingSignatures() throws {
        // Account 5 signed first (a co-signer); account 1 signs now: both stay, in order.
        let (first, firstSignature) = try Self.transaction().signed(with: Self.key(5), network: .testnet)
        let request = try Self.request(first)
        let text = try render(request)
        // A signature this signer cannot attribute is the requester's bytes, shown as such.
        #expect(
            text.contains(
                """
                  signature from the request, not signed, not verified:
                            | hint \(Hex.encode(firstSignature.hint)), unknown signer
                """))
        let response = try signResponse(request)
        let finalized = try Self.finalizer.finalize(response, for: request)
        guard case let .string(envelopeText)? = finalized.response.result?["envelope"],
            case let .string(decorated)? = finalized.response.result?["decoratedSignature"],
            case let .string(hash)? = finalized.response.result?["hash"]
        else {
            Issue.record("result fields missing"); return
        }
        let signed = try TransactionEnvelope(base64: envelopeText)
        #expect(signed.signatures.count == 2)
        #expect(signed.signatures.first == firstSignature)
        #expect(try signed.verify(signed.signatures[1], publicKey: Self.key(1).publicKey, network: .testnet))
        #expect(try DecoratedSignature(xdr: StellarBase64.decode(decorated)) == signed.signatures[1])
        #expect(hash == Hex.encode(try Self.transaction().hash(network: .testnet)))
        #expect(response.signatures == [Hex.encode(signed.signatures[1].signature)])
        // A compact response is completed by the watch and gives the same result.
        let compact = try response.compact.completed(from: request)
        #expect(try Self.finalizer.finalize(compact, for: request).response == finalized.response)
    }

    @Test func reviewMarksTheSignersOwnAccountsAmongExistingSignatures() throws {
        let (signed, _) = try Self.transaction().signed(with: Self.key(1), network: .testnet)
        let request = try Self.request(signed, account: Self.account(4))
        let text = try render(request)
        #expect(
            unwrappedReview(text).contains(
                "signature hint \(Hex.encode(signatureHint(publicKey: try Self.key(1).publicKey))), \(try Self.address(1)) (your account, key \"main\"), verified"
            ))
    }

    @Test func duplicateSignatureFromTheSameKeyIsRefusedBeforeSigning() throws {
        let (signed, _) = try Self.transaction().signed(with: Self.key(1), network: .testnet)
        #expect(
            throws: StellarError.duplicateSignature(
                hint: Hex.encode(signatureHint(publicKey: try Self.key(1).publicKey)))
        ) {
            try Self.module.review(Self.request(signed), context: Self.context())
        }
    }

    @Test func wrongNetworkIsRefused() throws {
        // The passphrase of another network than the request's.
        #expect(throws: StellarError.wrongNetwork(expected: "testnet", found: "public")) {
            try Self.module.review(
                Self.request(Self.transaction(), passphrase: StellarNetwork.public.passphrase), context: Self.context())
        }
        // A network the signer was not told about.
        for network in ["stellar:local", "eip155:1", "stellar:Pubnet"] {
            #expect(throws: StellarError.self) {
                try Self.module.review(Self.request(Self.transaction(), network: network), context: Self.context())
            }
        }
    }

    @Test func malformedPayloadsAreRefused() throws {
        let good = try Self.request(Self.transaction())
        let base64 = try Self.transaction().base64()
        let bytes = try StellarBase64.decode(base64)
        let cases: [JSONValue] = [
            .object([(key: "type", value: .string("transaction")), (key: "envelope", value: .string(base64))]),
            .object([
                (key: "type", value: .string("transfer")), (key: "envelope", value: .string(base64)),
                (key: "networkPassphrase", value: .string(StellarNetwork.testnet.passphrase)),
            ]),
            // Truncated XDR.
            .object([
                (key: "type", value: .string("transaction")),
                (key: "envelope", value: .string(StellarBase64.encode(Array(bytes.dropLast(4))))),
                (key: "networkPassphrase", value: .string(StellarNetwork.testnet.passphrase)),
            ]),
            // Trailing bytes.
            .object([
                (key: "type", value: .string("transaction")),
                (key: "envelope", value: .string(StellarBase64.encode(bytes + [0, 0, 0, 0]))),
                (key: "networkPassphrase", value: .string(StellarNetwork.testnet.passphrase)),
            ]),
        ]
        for payload in cases {
            let request = try SignRequest(
                id: good.id, chain: good.chain, network: good.network, account: good.account, payload: payload)
            #expect(throws: StellarError.self) { try Self.module.review(request, context: Self.context()) }
        }
        // An account whose address is not its key's.
        let liar = try MessageAccount(address: try Self.address(2), publicKey: try Self.key(1).publicKey)
        #expect(throws: StellarError.self) {
            try Self.module.review(Self.request(Self.transaction(), account: liar), context: Self.context())
        }
    }

    @Test func finalizeRefusesForeignSignaturesAndAlteredResults() throws {
        let request = try Self.request(Self.transaction())
        // Signed by key 2 but presented as account 1's.
        let other = try signResponse(try Self.request(Self.transaction(), account: Self.account(2)), signer: 2)
        let forged = try SignResponse(
            id: request.id, chain: request.chain, network: request.network, account: request.account,
            signatures: other.signatures, result: nil)
        #expect(throws: StellarError.self) { try Self.finalizer.finalize(forged, for: request) }
        // A result whose envelope is another transaction.
        let good = try signResponse(request)
        let (otherEnvelope, _) = try Self.transaction(sequence: 5).signed(with: Self.key(1), network: .testnet)
        let altered: JSONValue = .object([
            (key: "decoratedSignature", value: good.result?["decoratedSignature"] ?? .null),
            (key: "envelope", value: .string(try otherEnvelope.base64())),
            (key: "hash", value: good.result?["hash"] ?? .null),
        ])
        let tampered = try SignResponse(
            id: request.id, chain: request.chain, network: request.network, account: request.account,
            signatures: good.signatures, result: altered)
        #expect(throws: StellarError.response(.resultMismatch(field: "envelope"))) {
            try Self.finalizer.finalize(tampered, for: request)
        }
    }

    @Test func expiredTransactionsAndMergesAreWarnedAbout() throws {
        var tx = try Self.transaction()
        if case .v1(var t, _) = tx {
            t.preconditions = .time(TimeBounds(minTime: 0, maxTime: 1_700_000_000))
            t.operations.append(
                Operation(
                    source: nil,
                    body: .accountMerge(destination: try MuxedAccount(publicKey: try Self.key(2).publicKey))))
            tx = .v1(t, signatures: [])
        }
        let review = try Self.module.review(Self.request(tx), context: Self.context())
        #expect(review.warnings.contains { $0.hasPrefix("the transaction expired at 1700000000") })
        #expect(review.warnings.contains { $0.hasPrefix("an account merge") })
        // The merged balance is in no signed byte: the total names it instead of counting 0 for it.
        #expect(
            review.totals.map(\.formatted).contains("2.00002 XLM + the whole balance of the merged account"),
            "\(review.totals.map(\.formatted))")
    }

    @Test func claimantsAndNewSignersAreLabelledLikeDestinations() throws {
        // A claimable balance for Alice (a contact) and key 4 (nobody), and key 2 added as a
        // signer of the account: each is named in the review as a payment's destination is.
        let claimable = Operation(
            body: .createClaimableBalance(
                asset: .native, amount: 10_000_000,
                claimants: [
                    Claimant(
                        destination: try AccountID(publicKey: try Self.key(2).publicKey), predicate: .unconditional),
                    Claimant(
                        destination: try AccountID(publicKey: try Self.key(4).publicKey), predicate: .unconditional),
                ]))
        let signer = Operation(
            body: .setOptions(SetOptions(signer: Signer(key: .ed25519(try Self.key(2).publicKey), weight: 1))))
        let tx = TransactionEnvelope.v1(
            Transaction(
                source: try MuxedAccount(publicKey: try Self.key(1).publicKey), fee: 200, sequence: 9,
                operations: [claimable, signer]), signatures: [])
        let lines = try Self.module.review(Self.request(tx), context: Self.context()).lines.filter { $0.level == 1 }
        #expect(
            lines == [
                ReviewLine("claimant", "\(try Self.address(2)) (contact \"Alice\")", level: 1),
                ReviewLine("claimant", "\(try Self.address(4)) (not in your contacts)", level: 1),
                ReviewLine("signer", "\(try Self.address(2)) (contact \"Alice\")", level: 1),
            ])
    }

    // MARK: native input

    @Test func bareEnvelopeNeedsANetwork() throws {
        let input = Array(try Self.transaction().base64().utf8) + [10]
        let own = [try Self.own(1, name: "main")]
        #expect(throws: MessagesError.self) { try Self.module.nativeRequests(input, accounts: own, network: nil) }
        let requests = try #require(try Self.module.nativeRequests(input, accounts: own, network: "testnet"))
        #expect(requests.count == 1)
        #expect(requests.first?.network == "stellar:testnet")
        #expect(requests.first?.account.address == (try Self.address(1)))
        #expect(
            try Self.module.review(#require(requests.first), context: Self.context()).title == "Stellar transaction")
        // Not one of ours: no claim.
        #expect(try Self.module.nativeRequests(Array("{\"airsign\":1}".utf8), accounts: own, network: "testnet") == nil)
        // Ours but not a source of the transaction.
        #expect(throws: MessagesError.self) {
            try Self.module.nativeRequests(input, accounts: [try Self.own(4, name: "x")], network: "testnet")
        }
        // A truncated envelope is named, not passed over.
        let truncated = Array(StellarBase64.encode(Array(try Self.transaction().xdr().dropLast(8))).utf8)
        #expect(throws: MessagesError.self) {
            try Self.module.nativeRequests(truncated, accounts: own, network: "testnet")
        }
    }

    @Test func sep7URINamesItsNetwork() throws {
        let uri = try SEP7TransactionRequest(
            envelope: Self.transaction(), networkPassphrase: StellarNetwork.testnet.passphrase,
            message: "Pay rent"
        ).uri()
        let own = [try Self.own(1, name: "main")]
        let requests = try #require(try Self.module.nativeRequests(Array(uri.utf8), accounts: own, network: nil))
        #expect(requests.first?.network == "stellar:testnet")
        #expect(requests.first?.note == "SEP-7 request, message \"Pay rent\"")
        // --network must agree with the URI.
        #expect(throws: MessagesError.self) {
            try Self.module.nativeRequests(Array(uri.utf8), accounts: own, network: "pubnet")
        }
        // A URI without a passphrase is for the public network.
        let publicURI = try SEP7TransactionRequest(envelope: Self.transaction()).uri()
        #expect(
            try Self.module.nativeRequests(Array(publicURI.utf8), accounts: own, network: nil)?.first?.network
                == "stellar:pubnet")
    }
}
