import AirsignCrypto
import AirsignEncoding
import AirsignKeys
import AirsignMessages
import AirsignStellar
import AirsignTestSupport
import Testing

/// Issue 18 item 10: operations that change who controls an account are warned about whatever
/// their values (the signer cannot see the account's thresholds), each crafted the way a
/// compromised watch would: by editing the envelope of a request it issued.
@Suite struct AccountControlTests {
    typealias C = StellarChainTests

    /// The watch's request for `C.transaction()` with `operations` appended to its envelope (or
    /// in place of its own), under the same id: what an attacker on the online machine hands
    /// the signer.
    static func edited(_ operations: [Operation], replacing: Bool = false) throws -> SignRequest {
        let issued = try C.request(C.transaction())
        guard case let .string(base64)? = issued.payload["envelope"],
            case .v1(var tx, let signatures) = try TransactionEnvelope(base64: base64)
        else {
            throw StellarError.soroban(.notV1)
        }
        tx.operations = (replacing ? [] : tx.operations) + operations
        return try C.request(.v1(tx, signatures: signatures))
    }

    static func warnings(_ operations: [Operation]) throws -> [String] {
        try C.module.review(edited(operations), context: C.context()).warnings.filter {
            !$0.hasPrefix("the transaction")
        }
    }

    static func ed25519(_ n: UInt8) throws -> SignerKey { .ed25519(try C.key(n).publicKey) }

    static let tail =
        "; Airsign cannot see the account's current signers and thresholds offline: any weight may be enough to control it"

    @Test func aNewSignerOfAnyWeightIsWarnedAbout() throws {
        // Weight 1 is a takeover of an account with the default thresholds (all 0).
        for weight: UInt32 in [1, 10, 255] {
            let op = Operation(body: .setOptions(SetOptions(signer: Signer(key: try Self.ed25519(4), weight: weight))))
            #expect(
                try Self.warnings([op]) == [
                    "account control changes (operation 3, account \(try C.address(1))): signer \(try C.address(4)) may sign with weight \(weight)"
                        + Self.tail
                ])
        }
    }

    @Test func masterKeyThresholdsAndRemovalAreNamed() throws {
        let op = Operation(
            body: .setOptions(
                SetOptions(
                    masterWeight: 0, lowThreshold: 0, medThreshold: 2, highThreshold: 255,
                    signer: Signer(key: try Self.ed25519(2), weight: 0))))
        #expect(
            try Self.warnings([op]) == [
                "account control changes (operation 3, account \(try C.address(1))): master key disabled (weight 0): it can no longer sign for "
                    + "the account; signer \(try C.address(2)) removed; thresholds set: low 0, medium 2, high 255"
                    + Self.tail
            ])
        let raised = Operation(body: .setOptions(SetOptions(masterWeight: 7)))
        #expect(try Self.warnings([raised]).first?.contains("master key weight set to 7") == true)
    }

    @Test func theAccountNamedIsTheOperationsSource() throws {
        // A co-signed transaction can change another account than the transaction's source.
        let other = try MuxedAccount(publicKey: try C.key(5).publicKey)
        let op = Operation(source: other, body: .setOptions(SetOptions(highThreshold: 3)))
        #expect(
            try Self.warnings([op]) == [
                "account control changes (operation 3, account \(try C.address(5))): thresholds set: high 3" + Self.tail
            ])
    }

    @Test func signerKeysThatAreNotAccountsSayWhoCanSign() throws {
        let hash = [UInt8](repeating: 0xab, count: 32)
        let hashX = SignerKey.hashX(hash), preAuth = SignerKey.preAuthTx(hash)
        let payload = SignerKey.ed25519SignedPayload(publicKey: try C.key(4).publicKey, payload: [1, 2, 3])
        let warnings = try Self.warnings(
            [hashX, preAuth, payload].map {
                Operation(body: .setOptions(SetOptions(signer: Signer(key: $0, weight: 2))))
            })
        let account = try C.address(1)
        #expect(
            warnings == [
                "account control changes (operation 3, account \(account)): anyone who knows the preimage of hash-x \(hashX) may sign with weight 2"
                    + Self.tail,
                "account control changes (operation 4, account \(account)): pre-authorized transaction \(preAuth) counts as a signature of weight 2"
                    + Self.tail,
                "account control changes (operation 5, account \(account)): signed-payload signer \(payload) (key \(try C.address(4))) may sign with weight 2"
                    + Self.tail,
            ])
        #expect(
            hashX.description.hasPrefix("X") && preAuth.description.hasPrefix("T") && payload.description.hasPrefix("P")
        )
    }

    @Test func issuerFlagsSequenceLockOutAndSignerSponsorship() throws {
        let account = try C.address(1)
        let flags = Operation(body: .setOptions(SetOptions(clearFlags: 2, setFlags: 4 | 8 | 16)))
        let lockOut = Operation(body: .bumpSequence(bumpTo: Int64.max))
        let revoke = Operation(
            body: .revokeSponsorship(
                .signer(account: try AccountID(publicKey: try C.key(6).publicKey), key: try Self.ed25519(4))))
        #expect(
            try Self.warnings([flags, lockOut, revoke]) == [
                "account control changes (operation 3, account \(account)): flags set: auth immutable (permanent: the flags can never change "
                    + "again and the account can never be merged), clawback enabled (the issuer may take back balances of new trust lines), "
                    + "unknown bits 16; flags cleared: auth revocable (the issuer can no longer freeze holders' balances)",
                "account control changes (operation 4, account \(account)): sequence number set to its maximum 9223372036854775807: "
                    + "the account can never send another transaction",
                "signer sponsorship changes (operation 5): the sponsorship of signer \(try C.address(4)) on account \(try C.address(6)) is "
                    + "revoked: the signer stays, and its reserve falls to \(try C.address(6)) (or to a new sponsor in a sponsoring block)",
            ])
        // Setting nothing that controls the account (a home domain, a bump short of the maximum): no warning.
        let quiet = [
            Operation(body: .setOptions(SetOptions(homeDomain: Array("example.com".utf8)))),
            Operation(body: .bumpSequence(bumpTo: 99)),
        ]
        #expect(try Self.warnings(quiet).isEmpty)
    }

    @Test func weightsAndThresholdsAboveOneByteAreRefused() throws {
        let cases: [(SetOptions, String)] = [
            (SetOptions(masterWeight: 256), "master key weight"),
            (SetOptions(lowThreshold: 1000), "low threshold"),
            (SetOptions(medThreshold: 256), "medium threshold"),
            (SetOptions(highThreshold: UInt32.max), "high threshold"),
            (SetOptions(signer: Signer(key: try Self.ed25519(4), weight: 256)), "signer weight"),
        ]
        for (options, field) in cases {
            let value =
                [
                    options.masterWeight, options.lowThreshold, options.medThreshold, options.highThreshold,
                    options.signer?.weight,
                ]
                .compactMap { $0 }.first ?? 0
            #expect(throws: StellarError.inOperation(index: 2, .weightOutOfRange(field: field, value: value))) {
                try C.module.review(Self.edited([Operation(body: .setOptions(options))]), context: C.context())
            }
        }
    }

    @Test func goldenReviewOfASignerTakeover() throws {
        // The watch's payment replaced by a set_options: a new signer of weight 255, the master
        // key off, thresholds raised, on an envelope a stranger already signed.
        var request = try Self.edited(
            [
                Operation(
                    body: .setOptions(
                        SetOptions(
                            masterWeight: 0, medThreshold: 1, highThreshold: 1,
                            signer: Signer(key: try Self.ed25519(4), weight: 255))))
            ],
            replacing: true)
        guard case let .string(base64)? = request.payload["envelope"] else { Issue.record("no envelope"); return }
        let (signed, _) = try TransactionEnvelope(base64: base64).signed(with: C.key(7), network: .testnet)
        request = try C.request(signed)
        let context = try C.context()
        let text =
            ReviewText.render(
                try C.module.review(request, context: context), position: 1, of: 1, module: C.module, context: context)
            + "\n"
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
                  operation 1/1 set options: master key weight 0; medium threshold 1; high
                                | threshold 1; signer
                                | GDFJHLAXAUMHA4OWPOB4P7YO72AQR2HMIUYFOXLXE2DZGM633K7HZDQP with
                                | weight 255
                    signer    GDFJHLAXAUMHA4OWPOB4P7YO72AQR2HMIUYFOXLXE2DZGM633K7HZDQP (not in
                              | your contacts)
                  signature from the request, not signed, not verified:
                            | hint 1446d22c, unknown signer
                  hash      6f49b26980a062e0c4de56b7ef4a073f0ec0f4748ae985f5a7508f446580817e
                  total     0.00002 XLM
                  control   gives signing weight 255 over
                            | GCFIRY65OQE7DFP5KLNS2PF2LVZMUZYJX4OZIEQ36N2IQANUB5XVYOJR (your
                            | account (key "main", m/44'/148'/0')) to
                            | GDFJHLAXAUMHA4OWPOB4P7YO72AQR2HMIUYFOXLXE2DZGM633K7HZDQP
                  control   changes the master key weight or thresholds of
                            | GCFIRY65OQE7DFP5KLNS2PF2LVZMUZYJX4OZIEQ36N2IQANUB5XVYOJR (your
                            | account (key "main", m/44'/148'/0'))
                  warning   account control changes (operation 1, account
                            | GCFIRY65OQE7DFP5KLNS2PF2LVZMUZYJX4OZIEQ36N2IQANUB5XVYOJR): master
                            | key disabled (weight 0): it can no longer sign for the account;
                            | signer GDFJHLAXAUMHA4OWPOB4P7YO72AQR2HMIUYFOXLXE2DZGM633K7HZDQP
                            | may sign with weight 255; thresholds set: medium 1, high 1;
                            | Airsign cannot see the account's current signers and thresholds
                            | offline: any weight may be enough to control it
                  signs     1 message, 304 bytes: transaction

                """, "\(text)")
    }
}
