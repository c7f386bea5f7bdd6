import AirsignCandid
import AirsignCrypto
import AirsignEncoding
import AirsignICPOnline
import AirsignKeys
import AirsignMessages
import AirsignTestSupport
import BigInt
import Testing

@testable import AirsignICP

@Suite struct ICPChainTests {
    let chain = ICPChain()
    let context = ReviewContext(now: ICPFixtures.now)

    /// vectors/icp.json signed_envelope_example: same content, key and deterministic ECDSA, so
    /// the envelopes must match byte for byte (computed independently with cbor2 + RFC 6979).
    @Test func signsTheEnvelopeExampleByteForByte() throws {
        let example = ICPVectorFile.section("signed_envelope_example")
        guard let readState = example["read_state_for_status"] as? [String: Any] else {
            Issue.record("no read_state_for_status")
            return
        }
        let review = try chain.review(try ICPFixtures.request([ICPFixtures.call()]), context: context)
        #expect(review.signing.count == 2)
        let signed = try chain.sign(review, with: .secp256k1(ICPFixtures.key))
        #expect(
            signed.signatures == [
                ICPVectorFile.string(example, "sender_sig_hex"), ICPVectorFile.string(readState, "sender_sig_hex"),
            ])
        guard case let .array(messages)? = signed.result?["messages"], messages.count == 1, let message = messages.first
        else {
            Issue.record("result is not one quill message")
            return
        }
        let id = ICPVectorFile.string(example, "request_id_hex")
        #expect(message["ingress"]?["request_id"] == .string(id))
        #expect(message["ingress"]?["call_type"] == .string("update"))
        #expect(message["ingress"]?["role"] == .string("nns:ledger"))
        #expect(message["ingress"]?["content"] == .string(ICPVectorFile.string(example, "envelope_cbor_hex")))
        #expect(message["request_status"]?["canister_id"] == .string("ryjl3-tyaaa-aaaaa-aaaba-cai"))
        #expect(message["request_status"]?["request_id"] == .string(id))
        #expect(message["request_status"]?["content"] == .string(ICPVectorFile.string(readState, "envelope_cbor_hex")))
    }

    @Test func transferReviewGolden() throws {
        let review = try chain.review(try ICPFixtures.request([ICPFixtures.call()]), context: context)
        let lines = review.lines.map { "\($0.label): \($0.value)" }
        #expect(review.title == "ICP transfer (ledger transfer)")
        #expect(
            lines == [
                "ledger: ryjl3-tyaaa-aaaaa-aaaba-cai",
                "token: ICP, 8 decimals (the ICP ledger)",
                "from: fdsgv-62ihb-nbiqv-xgic5-iefsv-3cscz-tmbzv-63qd5-vh43v-dqfrt-pae (not in your contacts)",
                "from subaccount: default",
                "to: 345f723e9e619934daac6ae0f4be13a7b0ba57d6a608e511a00fd0ded5866752 (not in your contacts)",
                "amount: 0.000123 ICP",
                "fee: 0.0001 ICP",
                "memo: 0",
                "created at: 2022-11-21 23:38:24 UTC",
                "expires: 2022-11-21 23:43:00 UTC",
                "request id: e4880528ad7c3bef9bd70c4cd6383a9ade46040e8c3749881b98f44597f65331",
            ])
        // Only the token's name and decimals come from the signer's own table of ledgers.
        #expect(review.lines.filter { $0.source != .signed }.map(\.label) == ["token"])
        #expect(review.lines.first { $0.label == "token" }?.source == .signerTable)
        #expect(review.confirmation == .standard)
        #expect(review.warnings.isEmpty)
        #expect(review.totals.map(\.formatted) == ["0.000223 ICP"])
        #expect(review.key.scheme == .secp256k1)
    }

    @Test func icrc1TransferReviewGolden() throws {
        let to = try ICRC1Account(text: "k2t6j-2nvnp-4zjm3-25dtz-6xhaa-c7boj-5gayf-oj3xs-i43lp-teztq-6ae-6cc627i.1")
        let arg = try ICRC1Transfer(
            to: to, amount: 150_000_000, fee: 10_000, memo: [0, 0, 0, 0, 0, 0, 0, 9], fromSubaccount: nil,
            createdAtTime: 1_669_073_904_187_044_208
        ).argumentBytes()
        let ckBTC = try Principal(text: "mxzaz-hqaaa-aaaar-qaada-cai")
        let review = try chain.review(
            try ICPFixtures.request([ICPFixtures.call(method: "icrc1_transfer", canister: ckBTC, arg: arg)]),
            context: context)
        #expect(review.title == "ckBTC transfer (ICRC-1)")
        #expect(
            review.lines.map { "\($0.label): \($0.value)" }.prefix(9) == [
                "ledger: mxzaz-hqaaa-aaaar-qaada-cai",
                "token: ckBTC, 8 decimals (ICRC-1 ledger)",
                "from: fdsgv-62ihb-nbiqv-xgic5-iefsv-3cscz-tmbzv-63qd5-vh43v-dqfrt-pae (not in your contacts)",
                "from subaccount: default",
                "to: k2t6j-2nvnp-4zjm3-25dtz-6xhaa-c7boj-5gayf-oj3xs-i43lp-teztq-6ae-6cc627i.1 (not in your contacts)",
                "amount: 1.5 ckBTC",
                "fee: 0.0001 ckBTC",
                "memo: 0000000000000009",
                "created at: 2022-11-21 23:38:24 UTC",
            ])
        let signed = try chain.sign(review, with: .secp256k1(ICPFixtures.key))
        guard case let .array(messages)? = signed.result?["messages"] else {
            Issue.record("result has no messages array")
            return
        }
        #expect(messages.first?["ingress"]?["role"] == .string("icrc1:ledger"))
    }

    @Test func otherCallsShowCandidAndNeedExplicitConfirmation() throws {
        // A canister this signer has no interface for: the structure with field ids, --blind.
        let unknown = try Principal(text: "qoctq-giaaa-aaaaa-aaaea-cai")
        let arg = try CandidEncoder.encode([
            (.record([("amount", .nat)]), .record([CandidFieldValue("amount", .nat(5))])), (.text, .text("hi")),
        ])
        let review = try chain.review(
            try ICPFixtures.request([ICPFixtures.call(method: "manage_neuron", canister: unknown, arg: arg)]),
            context: context)
        #expect(review.title == "Internet Computer canister call")
        #expect(
            review.lines.map { "\($0.label): \($0.value)" }.prefix(6) == [
                "from: fdsgv-62ihb-nbiqv-xgic5-iefsv-3cscz-tmbzv-63qd5-vh43v-dqfrt-pae (not in your contacts)",
                "canister: qoctq-giaaa-aaaaa-aaaea-cai", "method: manage_neuron",
                "argument 1: ", "3573748184: 5 : nat", "argument 2: \"hi\"",
            ])
        #expect(
            review.confirmation
                == .explicit(reason: "a call to canister qoctq-giaaa-aaaaa-aaaea-cai that this signer cannot interpret")
        )
    }

    @Test func seriesOfWindowsSignsEveryWindowAndFinalizes() throws {
        let calls = (0..<12).map {
            ICPFixtures.call(expiry: ICPFixtures.expiry + UInt64($0) * 300 * ICPTime.nanosPerSecond)
        }
        let request = try ICPFixtures.request(calls)
        let review = try chain.review(request, context: context)
        #expect(review.signing.count == 24)
        #expect(
            review.lines.contains(
                ReviewLine("valid", "12 expiry windows, 2022-11-21 23:43:00 UTC to 2022-11-22 00:38:00 UTC")))
        let signed = try chain.sign(review, with: .secp256k1(ICPFixtures.key))
        let response = try SignResponse(
            id: request.id, chain: request.chain, network: request.network, account: request.account,
            signatures: signed.signatures, result: nil)
        let finalized = try ICPFinalizer().finalize(response, for: request)
        #expect(finalized.response.result == signed.result, "finalize assembles what sign did")
        let messages = try QuillMessage.parseArray(try #require(signed.result))
        #expect(messages.map(\.call.content) == calls.map { .call($0) })
        // A changed signature is caught.
        var tampered = signed.signatures
        tampered[5] = Hex.encode(try Hex.decode(tampered[5]).map { $0 ^ 1 })
        let bad = try SignResponse(
            id: request.id, chain: request.chain, network: request.network, account: request.account,
            signatures: tampered, result: nil)
        #expect(throws: ICPError.self) { try ICPFinalizer().finalize(bad, for: request) }
    }

    @Test func onlyA32ByteRequestIDIsSigned() throws {
        #expect(throws: ICPError.length(what: "a request id", expected: 32, actual: 0)) {
            try ICPIdentity.sign(requestID: [], with: .secp256k1(ICPFixtures.key))
        }
        #expect(
            try ICPIdentity.sign(requestID: [UInt8](repeating: 1, count: 32), with: .secp256k1(ICPFixtures.key)).count
                == 64)
    }

    @Test func ed25519KeysSign() throws {
        let key = try Ed25519.PrivateKey(seed: SecureBytes(copying: [UInt8](repeating: 9, count: 32)))
        let identity = try ICPIdentity(publicKey: key.publicKey)
        let account = try MessageAccount(address: identity.principal.text, publicKey: key.publicKey)
        let request = try ICPFixtures.request(
            [ICPRequestContent.call(ICPFixtures.call(sender: identity.principal)).encoded], account: account)
        let review = try chain.review(request, context: context)
        #expect(review.key.scheme == .ed25519)
        let signed = try chain.sign(review, with: .ed25519(key))
        let response = try SignResponse(
            id: request.id, chain: request.chain, network: request.network, account: request.account,
            signatures: signed.signatures, result: signed.result)
        let finalized = try ICPFinalizer().finalize(response, for: request)
        #expect(finalized.response.result == signed.result, "finalize assembles what sign did")
        // The wrong key is refused.
        #expect(throws: ICPError.self) { try chain.sign(review, with: .secp256k1(ICPFixtures.key)) }
    }

    // MARK: bad input

    func refusal(_ request: SignRequest, now: Int64 = ICPFixtures.now) -> String {
        do {
            _ = try chain.review(request, context: ReviewContext(now: now))
            return "accepted"
        } catch {
            return "\(error)"
        }
    }

    @Test func refusesExpiredAndFarFutureContent() throws {
        let request = try ICPFixtures.request([ICPFixtures.call()])
        #expect(
            refusal(request, now: ICPFixtures.now + 241)
                == "the request expired at 2022-11-21 23:43:00 UTC; ask the watch for a new one")
        #expect(
            refusal(request, now: ICPFixtures.now - 25 * 3600)
                == "ingress_expiry 2022-11-21 23:43:00 UTC is more than 24 hours ahead of this signer's clock")
    }

    @Test func refusesASenderThatIsNotTheKey() throws {
        let other = try Principal(text: "pnf55-r7gzn-s3oqn-ah2v7-r6b63-a2ma2-wyzhb-dzbwb-sghid-lzcxh-4ae")
        #expect(
            refusal(try ICPFixtures.request([ICPFixtures.call(sender: other)]))
                == "payload.content.sender pnf55-r7gzn-s3oqn-ah2v7-r6b63-a2ma2-wyzhb-dzbwb-sghid-lzcxh-4ae is not the signing key's principal fdsgv-62ihb-nbiqv-xgic5-iefsv-3cscz-tmbzv-63qd5-vh43v-dqfrt-pae"
        )
    }

    @Test func refusesUnknownKeysWrongTypesAndTrailingBytes() throws {
        guard case let .map(entries) = ICPRequestContent.call(ICPFixtures.call()).cbor else {
            Issue.record("content is not a map")
            return
        }
        let extra = try CBOREncoder().encode(.map(entries + [(.text("sender_info"), .bytes([1]))]))
        #expect(refusal(try ICPFixtures.request([extra])) == "payload.content: unknown key \"sender_info\"")
        let query = try CBOREncoder().encode(.map([(.text("request_type"), .text("query"))] + entries.dropFirst()))
        #expect(
            refusal(try ICPFixtures.request([query])).hasPrefix(
                "payload.content.request_type: \"query\" is not a request"))
        let good = ICPRequestContent.call(ICPFixtures.call()).encoded
        #expect(refusal(try ICPFixtures.request([good + [0]])).hasPrefix("payload.content: "))
        let readState = ICPRequestContent.readState(.requestStatus(of: ICPFixtures.call())).encoded
        #expect(
            refusal(try ICPFixtures.request([readState]))
                == "payload.content.request_type: only \"call\" requests are signed")
    }

    @Test func refusesMalformedCandidAndUnexpectedTransferShapes() throws {
        #expect(
            refusal(try ICPFixtures.request([ICPFixtures.call(arg: ICPFixtures.transferArg + [0])]))
                == "Candid, at byte 130: 1 bytes after the last argument")
        let wrongShape = try CandidEncoder.encode([
            (.record([("to", .blob)]), .record([CandidFieldValue("to", .blob([1]))]))
        ])
        #expect(
            refusal(try ICPFixtures.request([ICPFixtures.call(arg: wrongShape)]))
                == "the arguments are not the ledger's TransferArgs record")
    }

    @Test func refusesSeriesThatAreNotDeduplicatedTransfers() throws {
        let governance = try Principal(text: "rrkah-fqaaa-aaaaa-aaaaq-cai")
        let plain = try CandidEncoder.encode([])
        let calls = (0..<2).map {
            ICPFixtures.call(
                canister: governance, arg: plain, expiry: ICPFixtures.expiry + UInt64($0) * 300_000_000_000)
        }
        #expect(
            refusal(try ICPFixtures.request(calls)).hasPrefix(
                "several expiry windows are signed only for ledger transfers"))
        let noTime = try ICPLedgerTransfer(
            to: try ICPAccountIdentifier(hex: "345f723e9e619934daac6ae0f4be13a7b0ba57d6a608e511a00fd0ded5866752"),
            amount: 1, fee: 10000, memo: 0, fromSubaccount: nil, createdAtTime: nil
        ).argumentBytes()
        let undeduplicated = (0..<2).map {
            ICPFixtures.call(arg: noTime, expiry: ICPFixtures.expiry + UInt64($0) * 300_000_000_000)
        }
        #expect(
            refusal(try ICPFixtures.request(undeduplicated)).hasPrefix(
                "several expiry windows are signed only for ledger transfers"))
        let differing = [
            ICPFixtures.call(), ICPFixtures.call(arg: noTime, expiry: ICPFixtures.expiry + 300_000_000_000),
        ]
        #expect(
            refusal(try ICPFixtures.request(differing))
                == "payload.contents[1] differs from the previous content in more than ingress_expiry")
        let backwards = [ICPFixtures.call(expiry: ICPFixtures.expiry + 1), ICPFixtures.call()]
        #expect(
            refusal(try ICPFixtures.request(backwards))
                == "payload.contents[1].ingress_expiry is not after the previous window's")
    }

    @Test func refusesAnAccountWhoseAddressIsNotItsKey() throws {
        let wrong = try MessageAccount(
            address: "pnf55-r7gzn-s3oqn-ah2v7-r6b63-a2ma2-wyzhb-dzbwb-sghid-lzcxh-4ae",
            publicKey: ICPFixtures.key.publicKey.uncompressed)
        #expect(
            refusal(try ICPFixtures.request([ICPRequestContent.call(ICPFixtures.call()).encoded], account: wrong))
                .hasPrefix("account.address pnf55-"))
    }

    @Test func quillFilesAreCheckedWhenRead() throws {
        let review = try chain.review(try ICPFixtures.request([ICPFixtures.call()]), context: context)
        let signed = try chain.sign(review, with: .secp256k1(ICPFixtures.key))
        let result = try #require(signed.result)
        #expect(try QuillMessage.parseArray(result).count == 1)
        guard case let .array(items)? = result["messages"], case let .object(top) = items[0],
            case let .object(status) = top[1].value
        else {
            Issue.record("result is not quill's message shape")
            return
        }
        // The request_status names another canister than the call's content.
        let wrongCanister: JSONValue = .array([
            .object([
                top[0],
                (
                    "request_status",
                    .object(
                        status.map {
                            $0.key == "canister_id" ? ($0.key, .string("rrkah-fqaaa-aaaaa-aaaaq-cai")) : $0
                        })
                ),
            ])
        ])
        #expect(
            throws: ICPError.malformed(
                field: "messages[0].request_status.canister_id",
                reason: "rrkah-fqaaa-aaaaa-aaaaq-cai is not the call's canister ryjl3-tyaaa-aaaaa-aaaba-cai")
        ) {
            try QuillMessage.parseArray(wrongCanister)
        }
    }

    @Test func addressesCompareByAccountIdentifier() {
        #expect(
            chain.addressIdentity(ICPFixtures.principalText)
                == "345f723e9e619934daac6ae0f4be13a7b0ba57d6a608e511a00fd0ded5866752")
        #expect(
            chain.addressIdentity("345f723e9e619934daac6ae0f4be13a7b0ba57d6a608e511a00fd0ded5866752")
                == "345f723e9e619934daac6ae0f4be13a7b0ba57d6a608e511a00fd0ded5866752")
        #expect(
            chain.addressIdentity(
                "fdsgv-62ihb-nbiqv-xgic5-iefsv-3cscz-tmbzv-63qd5-vh43v-dqfrt-pae".replacingOccurrences(
                    of: "pae", with: "paf")) == nil)
    }
}

/// The review as the signer prints it (ReviewText), for a one-hour series and for a call it
/// cannot interpret, with the clock pinned.
@Suite struct ICPReviewTextTests {
    @Test func seriesAndBlindCallRenderedText() throws {
        let chain = ICPChain()
        let context = ReviewContext(now: ICPFixtures.now)
        let calls = (0..<12).map {
            ICPFixtures.call(expiry: ICPFixtures.expiry + UInt64($0) * 300 * ICPTime.nanosPerSecond)
        }
        let series = try chain.review(try ICPFixtures.request(calls), context: context)
        #expect(
            ReviewText.render(series, position: 1, of: 2, module: chain, context: context) == """
                Request 1 of 2  id 0f8a3c2e-5b1d-4e7f-9a6b-2c3d4e5f6a7b
                  ICP transfer (ledger transfer)
                  chain     Internet Computer (icp)
                  network   icp:mainnet
                  account   fdsgv-62ihb-nbiqv-xgic5-iefsv-3cscz-tmbzv-63qd5-vh43v-dqfrt-pae (not
                            | in your contacts)
                  ledger    ryjl3-tyaaa-aaaaa-aaaba-cai
                  token     ICP, 8 decimals (the ICP ledger) [signer's table]
                  from      fdsgv-62ihb-nbiqv-xgic5-iefsv-3cscz-tmbzv-63qd5-vh43v-dqfrt-pae (not
                            | in your contacts)
                  from subaccount default
                  to        345f723e9e619934daac6ae0f4be13a7b0ba57d6a608e511a00fd0ded5866752
                            | (not in your contacts)
                  amount    0.000123 ICP
                  fee       0.0001 ICP
                  memo      0
                  created at 2022-11-21 23:38:24 UTC
                  valid     12 expiry windows, 2022-11-21 23:43:00 UTC to 2022-11-22 00:38:00
                            | UTC
                    note      the same call in every window: the ledger executes it at most once
                  total     0.000223 ICP
                  signs     24 messages, 4860 bytes: call, window 1 of 12, read_state, window 1
                            | of 12, call, window 2 of 12, read_state, window 2 of 12, … (20
                            | more)
                """)
        let unknown = try Principal(text: "qoctq-giaaa-aaaaa-aaaea-cai")
        let blind = try chain.review(
            try ICPFixtures.request([
                ICPFixtures.call(
                    method: "get_neuron_ids", canister: unknown,
                    arg: CandidEncoder.encode([]))
            ]), context: context)
        let text = ReviewText.render(blind, position: 2, of: 2, module: chain, context: context)
        #expect(text.contains("  arguments none\n"), "\(text)")
        #expect(
            unwrappedReview(text).contains(
                "a call to canister qoctq-giaaa-aaaaa-aaaea-cai that this signer cannot interpret"), "\(text)")
    }
}
