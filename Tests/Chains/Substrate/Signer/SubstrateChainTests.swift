import AirsignChains
import AirsignCrypto
import AirsignEncoding
import AirsignKeys
import AirsignMessages
import AirsignSubstrate
import AirsignSubstrateOnline
import AirsignTestSupport
import Testing

/// The Substrate chain module: golden reviews (clock pinned), sign → finalize in all three
/// schemes, signRaw, native input.
@Suite struct SubstrateChainTests {
    typealias F = SubstrateFixtures

    func render(_ request: SignRequest) throws -> String {
        let context = try F.context()
        let review = try F.module.review(request, context: context)
        return ReviewText.render(review, position: 1, of: 1, module: F.module, context: context) + "\n"
    }

    static func alice(_ scheme: KeyScheme = .sr25519) throws -> (SigningKey, MessageAccount) {
        let key = try F.key("//Alice", scheme)
        return (key, try F.account(key))
    }

    @Test func registeredInTheStandardRegistry() throws {
        #expect(try ChainRegistry.standard.module(for: ChainID(Chain.substrate)).displayName == "Substrate")
    }

    // MARK: golden reviews

    /// Every value below the call is read back from the signed bytes by Polkadot's own list;
    /// the block number is the watch's claim, shown as the request's words.
    @Test func reviewOfAKnownTransfer() throws {
        let (_, alice) = try Self.alice()
        let text = try render(try F.request(alice, payload: F.payloadJSON(alice, method: try F.transferCall())))
        #expect(
            text == """
                Request 1 of 1  id 22222222-2222-4222-8222-222222222222
                  Substrate transaction on Polkadot
                  chain     Substrate (substrate)
                  network   polkadot:91b171bb158e2d3848fa23a9f1c25182
                  account   15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5 (your account (key
                            | "dev", //Alice))
                  genesis   0x91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3
                  network name Polkadot [signer's table]
                  from      15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5 (your account (key
                            | "dev", //Alice))
                  call      Balances.transfer_keep_alive (call indices from the built-in table)
                    to        14E5nqKAp3oAJcmzgZhUD2RcptBeUBScxKHgJKU4HPNcKVf3 (contact "Bob")
                    amount    1.2345 DOT
                  decoded with the signer's built-in table, not guaranteed by CheckMetadataHash
                               | (no metadata proof) [signer's table]
                  balances live on Polkadot Asset Hub since the Asset Hub migration of
                                   | 2025-11-04 (with staking, governance, proxies and
                                   | multisigs); a transfer on the relay chain moves only what
                                   | is left there [signer's table]
                  era       valid for 64 blocks from the block with hash
                            | 0x1111111111111111111111111111111111111111111111111111111111111111
                            | (phase 42)
                  block number from the request, not signed, not verified:
                               | #42 (the watch's claim)
                  nonce     5
                  tip       0.0001 DOT
                  spec version 1002005
                  transaction version 26
                  metadata hash disabled (mode 0)
                  signed extensions CheckNonZeroSender, CheckSpecVersion, CheckTxVersion,
                                    | CheckGenesis, CheckMortality, CheckNonce, CheckWeight,
                                    | ChargeTransactionPayment, PrevalidateAttests,
                                    | CheckMetadataHash (Polkadot's runtime, spec
                                    | 1002005…2000000, transaction version 26) [signer's table]
                  total     1.2346 DOT + the fee
                  signs     1 message, 122 bytes: extrinsic payload

                """, "\(text)")
    }

    @Test func reviewOfABatchAndTransferAll() throws {
        let (_, alice) = try Self.alice()
        let bob = try F.accountID(try F.key("//Bob", .sr25519))
        var writer = SCALEWriter()
        writer.writeBytes([26, 2])  // Utility.batch_all
        writer.writeCompact(UInt32(2))
        writer.writeBytes(testBytes(try F.transferCall(amount: 10_000_000_000, callIndex: 0)))
        writer.writeBytes([5, 4, 0] + bob + [1])  // transfer_all, keep alive
        let text = try render(
            try F.request(alice, payload: F.payloadJSON(alice, method: "0x" + testHex(writer.bytes), tip: 0)))
        #expect(
            text.contains(
                """
                  call      Utility.batch_all (call indices from the built-in table)
                    call 1    Balances.transfer_allow_death
                      to        14E5nqKAp3oAJcmzgZhUD2RcptBeUBScxKHgJKU4HPNcKVf3 (contact "Bob")
                      amount    1 DOT
                    call 2    Balances.transfer_all
                      to        14E5nqKAp3oAJcmzgZhUD2RcptBeUBScxKHgJKU4HPNcKVf3 (contact "Bob")
                      amount    the whole transferable balance
                      keep alive yes (leaves the existential deposit)
                """), "\(text)")
        #expect(
            try F.module.review(
                try F.request(alice, payload: F.payloadJSON(alice, method: "0x" + testHex(writer.bytes))),
                context: F.context()
            ).confirmation == .standard)
    }

    /// transfer_all states no amount: the total and the batch summary say the whole balance
    /// goes, never "0 DOT", and a warning says what keep alive means, as for a Stellar merge.
    @Test(arguments: [true, false])
    func transferAllIsTheWholeBalance(keepAlive: Bool) throws {
        let (_, alice) = try Self.alice()
        let bob = try F.accountID(try F.key("//Bob", .sr25519))
        let method = "0x" + testHex([5, 4, 0] + bob + [keepAlive ? 1 : 0])
        let request = try F.request(alice, payload: F.payloadJSON(alice, method: method, tip: 0))
        let text = unwrappedReview(try render(request))
        #expect(
            text.contains(
                "  keep alive \(keepAlive ? "yes (leaves the existential deposit)" : "no (may reap the account)")\n"),
            "\(text)")
        #expect(text.contains("  total     0 DOT + the whole transferable balance + the fee\n"), "\(text)")
        let warning =
            keepAlive
            ? "Balances.transfer_all moves the whole transferable balance, not a stated amount: all the account can spend (keep alive: it keeps the existential deposit)"
            : "Balances.transfer_all moves the whole transferable balance, not a stated amount: all the account can spend, and without keep alive the account may be reaped (removed, with anything below the existential deposit)"
        #expect(text.contains("  warning   " + warning + "\n"), "\(text)")
        let batch = BatchReview([request], registry: .standard, context: try F.context(), blind: .none)
        let summary = ReviewText.renderTotals(batch)
        #expect(
            summary == """
                Batch: 1 request, all reviewed
                  total     0 DOT + the whole transferable balance + the fee on substrate
                            | polkadot:91b171bb158e2d3848fa23a9f1c25182
                """, "\(summary)")
    }

    /// A network without a runtime table: the list is the request's words, the values are read
    /// by it, and the request needs --blind.
    @Test func reviewOfAnUnknownNetworkAndCall() throws {
        let (_, alice) = try Self.alice()
        let genesis = "0x" + String(repeating: "ab", count: 32)
        let request = try F.request(
            alice,
            payload: F.payloadJSON(alice, method: "0x0a0b0c0d", genesis: genesis, era: "0x00", blockHash: genesis),
            network: "polkadot:" + String(repeating: "ab", count: 16))
        let text = try render(request)
        #expect(
            text == """
                Request 1 of 1  id 22222222-2222-4222-8222-222222222222
                  Substrate transaction
                  chain     Substrate (substrate)
                  network   polkadot:abababababababababababababababab
                  account   15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5 (your account (key
                            | "dev", //Alice))
                  genesis   0xabababababababababababababababababababababababababababababababab
                  network name unknown to this signer [signer's table]
                  from      15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5 (your account (key
                            | "dev", //Alice))
                  call      pallet 10, call 11 (not decoded: no runtime table for this network
                            | and runtime)
                  call arguments (hex) 0x0c0d
                  decoded with nothing: the call is shown as raw bytes (no metadata proof)
                               | [signer's table]
                  era       immortal
                  nonce     5
                  tip       1000000 base units (token unknown for this network)
                  spec version 1002005
                  transaction version 26
                  metadata hash disabled (mode 0)
                  signed extensions from the request, not signed, not verified:
                                    | CheckNonZeroSender, CheckSpecVersion, CheckTxVersion,
                                    | CheckGenesis, CheckMortality, CheckNonce, CheckWeight,
                                    | ChargeTransactionPayment, PrevalidateAttests,
                                    | CheckMetadataHash
                  total     1000000 base units (token unknown for this network) + the fee
                  warning   the genesis hash is not a network this signer knows; check it is the
                            | chain you mean
                  warning   the transaction is immortal: it stays valid forever (until the nonce
                            | is used)
                  warning   this signer has no runtime table for this network at spec 1002005,
                            | transaction version 26: the values above are read by the request's
                            | extension list, which nothing vouches for; the chain may read the
                            | same signed bytes otherwise
                  signs     1 message, 84 bytes: extrinsic payload
                  unknown   effects the signer does not understand: a runtime this signer has no
                            | table for: its signed-extension list is the request's and the call
                            | is shown as raw bytes; read every line; signed only when --blind
                            | names this request

                """, "\(text)")
    }

    /// A known network whose call the table does not know (System.remark) is shown raw and
    /// needs --blind; the extension list is still the signer's.
    @Test func unknownCallOfAKnownRuntime() throws {
        let (_, alice) = try Self.alice()
        let review = try F.module.review(
            try F.request(alice, payload: F.payloadJSON(alice, method: "0x0000081234")), context: F.context())
        #expect(review.confirmation == .explicit(reason: "a call this signer cannot decode, shown as raw bytes"))
        #expect(
            review.lines.contains(
                ReviewLine("call", "pallet 0, call 0 (not decoded: not a call the built-in table knows)")))
        #expect(review.lines.contains { $0.label == "signed extensions" && $0.source == .signerTable })
    }

    @Test func reviewOfARawMessage() throws {
        let (_, alice) = try Self.alice()
        let text = try render(try F.rawRequest(alice, data: "0x" + testHex(Array("hello".utf8))))
        #expect(text.contains("  message   <Bytes>hello</Bytes>\n"), "\(text)")
        #expect(text.contains("signs     1 message, 20 bytes: message (<Bytes> wrapped)"), "\(text)")
    }

    // MARK: sign and finalize

    @Test(arguments: [KeyScheme.sr25519, .ed25519, .secp256k1])
    func signAndFinalize(_ scheme: KeyScheme) throws {
        let (key, alice) = try Self.alice(scheme)
        let request = try F.request(alice, payload: F.payloadJSON(alice, method: try F.transferCall()))
        let (output, finalized) = try F.roundTrip(request, key: key)
        let signature = try MultiSignature(decoding: testBytes(try #require(output.signatures.first)))
        #expect(signature.schemeName == (scheme == .secp256k1 ? "ecdsa" : scheme.rawValue))
        let result = try #require(output.result)
        #expect(finalized.response.result == result)
        guard case let .string(extrinsicHex)? = result["extrinsic"],
            case let .string(resultSignature)? = result["signerResult"]?["signature"]
        else {
            Issue.record("result lacks extrinsic or signerResult.signature")
            return
        }
        #expect(resultSignature == output.signatures.first)
        // The extrinsic: length, 0x84, Id(account), the signature, extra, call.
        let payload = try SignerPayload(json: F.payloadJSON(alice, method: try F.transferCall()))
        let built = try SigningPayload(trusting: payload)
        let expected = SignedExtrinsic(
            accountID: try F.accountID(key), signature: signature, extra: built.extra, call: payload.method)
        #expect(extrinsicHex == "0x" + testHex(expected.encoded))
        #expect(result["signerResult"]?["signedTransaction"] == nil)
    }

    @Test func signedTransactionWhenAsked() throws {
        let (key, alice) = try Self.alice(.ed25519)
        guard case var .object(members) = F.payloadJSON(alice, method: try F.transferCall()) else { return }
        members.append((key: "withSignedTransaction", value: .bool(true)))
        let (output, _) = try F.roundTrip(try F.request(alice, payload: .object(members)), key: key)
        #expect(output.result?["signerResult"]?["signedTransaction"] == output.result?["extrinsic"])
    }

    @Test func longPayloadsAreSignedAsTheirHash() throws {
        let (key, alice) = try Self.alice(.ed25519)
        let method = "0x0000" + "b104" + String(repeating: "41", count: 300)
        let request = try F.request(alice, payload: F.payloadJSON(alice, method: method))
        let review = try F.module.review(request, context: F.context())
        #expect(
            review.lines.contains(
                ReviewLine("signed as", "BLAKE2b-256 of the \(review.signing[0].bytes.count)-byte payload")))
        let output = try F.module.sign(review, with: key)
        let signature = testBytes(try #require(output.signatures.first))
        guard case let .ed25519(secret) = key else { return }
        #expect(
            Ed25519.isValidSignature(
                Array(signature.dropFirst()), message: try Blake2b.hash(review.signing[0].bytes, outputLength: 32),
                publicKey: secret.publicKey))
    }

    @Test(arguments: [KeyScheme.sr25519, .ed25519, .secp256k1])
    func signRawBytes(_ scheme: KeyScheme) throws {
        let (key, alice) = try Self.alice(scheme)
        let (output, finalized) = try F.roundTrip(
            try F.rawRequest(alice, data: "0x" + testHex(Array("message to sign".utf8))), key: key)
        let signature = testBytes(try #require(output.signatures.first))
        #expect(signature.count == (scheme == .secp256k1 ? 65 : 64))
        #expect(output.result == nil)
        let wrapped = Array("<Bytes>message to sign</Bytes>".utf8)
        let multi: MultiSignature =
            scheme == .secp256k1 ? .ecdsa(signature) : scheme == .ed25519 ? .ed25519(signature) : .sr25519(signature)
        #expect(try SubstrateSigning.isValid(multi, message: wrapped, publicKey: alice.publicKey))
        #expect(finalized.lines.contains(ReviewLine("scheme", scheme == .secp256k1 ? "ecdsa" : scheme.rawValue)))
        // Already wrapped data is not wrapped twice.
        let again = try F.module.review(try F.rawRequest(alice, data: "0x" + testHex(wrapped)), context: F.context())
        #expect(again.signing[0].bytes == wrapped)
    }

    /// A raw payload the signer can read is reviewed as its transaction (and signed without
    /// --blind); one it cannot read needs --blind. Either way the signature is over the bytes.
    @Test func signRawPayloadIsReviewedAsItsTransactionOrNeedsExplicitConfirmation() throws {
        let (key, alice) = try Self.alice()
        let payload = try SigningPayload(
            trusting: try SignerPayload(json: F.payloadJSON(alice, method: try F.transferCall())))
        let request = try F.rawRequest(alice, data: "0x" + testHex(payload.bytes), type: "payload")
        let review = try F.module.review(request, context: F.context())
        #expect(review.confirmation == .standard)
        #expect(review.title.hasPrefix("Substrate transaction on Polkadot"))
        let unreadable = try F.rawRequest(
            alice, data: "0x" + testHex(Array(payload.bytes.dropFirst(2))), type: "payload")
        #expect(try F.module.review(unreadable, context: F.context()).confirmation != .standard)
        let (output, _) = try F.roundTrip(request, key: key)
        let signature = try MultiSignature(decoding: testBytes(try #require(output.signatures.first)))
        #expect(try SubstrateSigning.isValid(signature, message: payload.bytes, publicKey: alice.publicKey))
    }

    @Test func finalizeRefusesWrongSignaturesAndResults() throws {
        let (key, alice) = try Self.alice()
        let request = try F.request(alice, payload: F.payloadJSON(alice, method: try F.transferCall()))
        let review = try F.module.review(request, context: F.context())
        let output = try F.module.sign(review, with: key)
        func finalize(_ signatures: [String], _ result: JSONValue?) throws {
            let response = try SignResponse(
                id: request.id, chain: request.chain, network: request.network, account: request.account,
                signatures: signatures, result: result)
            _ = try SubstrateFinalizer().finalize(response, for: request)
        }
        let good = try #require(output.signatures.first)
        var flipped = testBytes(good)
        flipped[10] ^= 1
        let payloadRefusal = SubstrateError.signatureInvalid(
            scheme: "sr25519", address: alice.address, over: "the requested payload")
        #expect(throws: payloadRefusal) { try finalize(["0x" + testHex(flipped)], nil) }
        // Another key's signature, and a signature of another scheme than the key's.
        let bob = try SubstrateSigning.signPayload(review.signing[0].bytes, with: F.key("//Bob", .sr25519))
        #expect(throws: payloadRefusal) { try finalize(["0x" + testHex(bob.encoded)], nil) }
        #expect(throws: SubstrateError.multiSignature(.notOfKey(scheme: "ecdsa", keyLength: 32))) {
            try finalize(["0x02" + String(repeating: "00", count: 65)], nil)
        }
        let otherResult: JSONValue = .object([
            (key: "extrinsic", value: .string("0x00")), (key: "signerResult", value: .null),
        ])
        #expect(throws: SubstrateError.resultMismatch) { try finalize([good], otherResult) }
        try finalize([good], nil)
        try finalize([good], output.result)
    }

    @Test func signRefusesAnotherKey() throws {
        let (_, alice) = try Self.alice()
        let review = try F.module.review(
            try F.request(alice, payload: F.payloadJSON(alice, method: try F.transferCall())), context: F.context())
        #expect(throws: SubstrateError.notAccountKey(address: alice.address)) {
            try F.module.sign(review, with: F.key("//Bob", .sr25519))
        }
    }

    /// The review names account ids through a cache that skips decoding its own SS58 text; each
    /// label must be the one the address text gets, for own accounts, contacts, strangers and an
    /// ecdsa key (named by its hash), under several prefixes, from the cache and without it.
    @Test func accountNamesLabelAsTheAddressText() throws {
        var random = SeededRandom.forTest("SubstrateChain.describe(accountID:)")
        let context = try F.context()
        let module = SubstrateChain()
        var ids = [
            try F.accountID(try F.key("//Alice", .sr25519)), try F.accountID(try F.key("//Bob", .sr25519)),
            F.publicKey(try F.key("//Carol", .secp256k1)),
        ]
        ids += (0..<50).map { _ in random.bytes(32) }
        var labels: Set<String> = []
        for prefix: UInt16 in [0, 2, 42] {
            for id in ids + ids {
                let expected = module.describe(try SS58.encode(id, prefix: prefix), in: context)
                #expect(
                    try module.describe(accountID: id, prefix: prefix, in: context) == expected,
                    "seed \(random.seed), prefix \(prefix)")
                labels.insert(String(expected.drop { $0 != "(" }))
            }
        }
        // Own account, contact and unknown all occurred.
        #expect(labels.count == 3, "\(labels)")
    }

    // MARK: native input

    @Test func bareSignerPayloadJSON() throws {
        let (_, alice) = try Self.alice()
        let own = [
            OwnAccount(
                chain: F.module.chain, address: alice.address, publicKey: alice.publicKey, keyName: "dev",
                path: "//Alice")
        ]
        let text = JSONSerializer().serialize(F.payloadJSON(alice, method: try F.transferCall()))
        let requests = try #require(try F.module.nativeRequests(Array(text.utf8), accounts: own))
        #expect(requests.count == 1)
        #expect(requests.first?.network == F.polkadotNetwork)
        #expect(requests.first?.payloadType == "extrinsic")
        _ = try F.module.review(try #require(requests.first), context: F.context())
        let raw = "{\"address\":\"\(alice.address)\",\"data\":\"0x6869\",\"type\":\"bytes\"}"
        #expect(try F.module.nativeRequests(Array(raw.utf8), accounts: own)?.first?.payloadType == "raw")
        #expect(try F.module.nativeRequests(Array("{\"x\":1}".utf8), accounts: own) == nil)
        let bob = try F.account(try F.key("//Bob", .sr25519))
        let bobs = JSONSerializer().serialize(F.payloadJSON(bob, method: try F.transferCall()))
        #expect(throws: MessagesError.self) { try F.module.nativeRequests(Array(bobs.utf8), accounts: own) }
    }
}
