import AirsignEncoding
import AirsignMessages
import AirsignSubstrate
import AirsignSubstrateOnline
import AirsignTestSupport
import Testing

/// Issue 18 item 1: the signed-extension list comes from the signer's runtime table, never from
/// the request. Each crafted request is a valid SignerPayloadJSON edited as an attacker on the
/// online side would: extensions reordered, dropped or added, numbers chosen so that another
/// order reads them as other values.
@Suite struct SubstrateExtensionListTests {
    typealias F = SubstrateFixtures

    func alice() throws -> MessageAccount { try F.account(try F.key("//Alice", .sr25519)) }

    /// The watch's valid request with `name` replaced (or removed when `value` is nil).
    func edited(_ json: JSONValue, _ edits: [(String, JSONValue?)]) -> JSONValue {
        guard case var .object(members) = json else { return json }
        for (name, value) in edits {
            members.removeAll { $0.key == name }
            if let value { members.append((key: name, value: value)) }
        }
        return .object(members)
    }

    func names(_ list: [String]) -> JSONValue { .array(list.map { .string($0) }) }

    func refusal(_ payload: JSONValue) throws -> SubstrateError? {
        do {
            _ = try F.module.review(try F.request(try alice(), payload: payload), context: F.context())
        } catch let error as SubstrateError {
            return error
        }
        Issue.record("the request was not refused")
        return nil
    }

    func review(_ payload: JSONValue, network: String = F.polkadotNetwork) throws -> Review {
        try F.module.review(try F.request(try alice(), payload: payload, network: network), context: F.context())
    }

    func value(_ review: Review, _ label: String) -> ReviewLine? { review.lines.first { $0.label == label } }

    /// The refusal of `list` for Polkadot's runtime, which signs by its table's list.
    static func notPolkadots(_ list: [String]) -> SubstrateError {
        .extensions(
            .other(
                given: list,
                source: .table(network: "Polkadot", versions: "spec 1002005…2000000, transaction version 26"),
                expected: F.polkadotExtensions))
    }

    // MARK: the attack of the issue

    /// ChargeTransactionPayment moved before CheckNonce, nonce 10^12 and tip 5: the runtime
    /// would read the same bytes as nonce 5 and a 100 DOT tip. Refused, both lists named.
    @Test func reorderedNonceAndTipAreRefused() throws {
        var reordered = F.polkadotExtensions
        reordered.swapAt(5, 7)
        let attack = edited(
            F.payloadJSON(try alice(), method: try F.transferCall()),
            [
                ("signedExtensions", names(reordered)), ("nonce", .string("0x000000e8d4a51000")),
                ("tip", .string("0x05")),
            ])
        #expect(
            reordered == [
                "CheckNonZeroSender", "CheckSpecVersion", "CheckTxVersion", "CheckGenesis", "CheckMortality",
                "ChargeTransactionPayment",
                "CheckWeight", "CheckNonce", "PrevalidateAttests", "CheckMetadataHash",
            ])
        #expect(try refusal(attack) == Self.notPolkadots(reordered))

        // What signing the request's order would have meant: the runtime's list reads the same
        // bytes as nonce 5 and a tip of 10^12 planck (100 DOT).
        let payload = try SignerPayload(json: attack)
        let asRequested = SigningPayload(payload, extensions: try ExtensionList(names: reordered, origin: .request))
        let asRuntime = try ExtensionList(names: F.polkadotExtensions, origin: .request)
        let read = try ExtensionValues(reading: asRequested.bytes, callLength: payload.method.count, by: asRuntime)
        #expect(read.nonce == 5 && read.tip?.amount == 1_000_000_000_000)
    }

    @Test(arguments: [
        "CheckNonce", "ChargeTransactionPayment", "CheckMortality", "CheckGenesis", "CheckSpecVersion",
        "CheckTxVersion", "CheckMetadataHash",
    ])
    func droppedExtensionIsRefused(_ dropped: String) throws {
        let list = F.polkadotExtensions.filter { $0 != dropped }
        #expect(
            try refusal(F.payloadJSON(try alice(), method: try F.transferCall(), extensions: list))
                == Self.notPolkadots(list))
    }

    /// A known extension the runtime does not have, an old name for one it has, and an unknown one.
    @Test(arguments: [
        ["AuthorizeCall"] + F.polkadotExtensions, F.polkadotExtensions.map { $0 == "CheckMortality" ? "CheckEra" : $0 },
        F.polkadotExtensions + ["WeightReclaim"],
    ])
    func addedOrRenamedExtensionIsRefused(_ list: [String]) throws {
        #expect(
            try refusal(F.payloadJSON(try alice(), method: try F.transferCall(), extensions: list))
                == Self.notPolkadots(list))
    }

    /// Kusama's runtime has no PrevalidateAttests: the relay list the watch used to default to
    /// is refused there, and Kusama's own list is decoded with Kusama's call indices.
    @Test func kusamaReadsByItsOwnTable() throws {
        let kusama = "0xb0a8d493285c2df73290dfb7e61f870f17b41801197a149ca93654499ea3dafe"
        let network = "polkadot:b0a8d493285c2df73290dfb7e61f870f"
        let account = try F.account(try F.key("//Alice", .sr25519), prefix: 2)
        let bob = try F.accountID(try F.key("//Bob", .sr25519))
        // Balances (4).transfer_keep_alive, compact 1_000_000
        let method = "0x" + testHex([4, 3, 0] + bob + [0x02, 0x09, 0x3d, 0x00])
        func payload(_ list: [String]) -> JSONValue {
            signerPayloadJSON(
                address: account.address, method: method, era: "0xa502", nonce: 3, tip: 0, specVersion: 1_002_006,
                transactionVersion: 26, genesis: kusama, blockHash: F.blockHash, blockNumber: 42, extensions: list,
                mode: 0)
        }
        #expect(throws: SubstrateError.self) {
            try F.module.review(
                try F.request(account, payload: payload(F.polkadotExtensions), network: network), context: F.context())
        }
        let review = try F.module.review(
            try F.request(account, payload: payload(RuntimeTable.kusamaExtensions), network: network),
            context: F.context())
        #expect(review.confirmation == .standard)
        #expect(value(review, "call")?.value == "Balances.transfer_keep_alive (call indices from the built-in table)")
        #expect(value(review, "amount")?.value == "0.000001 KSM")
        #expect(value(review, "signed extensions")?.source == .signerTable)
    }

    // MARK: a runtime without a table

    /// Polkadot at a spec version the table does not cover: the list is the request's, shown as
    /// its words, the call raw, and --blind is needed; the values are those the request's list reads.
    @Test func unknownRuntimeShowsTheRequestsList() throws {
        var reordered = F.polkadotExtensions
        reordered.swapAt(5, 7)
        let json = edited(
            F.payloadJSON(try alice(), method: try F.transferCall()),
            [
                ("specVersion", .string("0x001e8481")), ("signedExtensions", names(reordered)),
                ("nonce", .string("0x000000e8d4a51000")), ("tip", .string("0x05")),
            ])
        let review = try review(json)
        #expect(
            review.confirmation
                == .explicit(
                    reason:
                        "a runtime this signer has no table for: its signed-extension list is the request's and the call is shown as raw bytes"
                ))
        #expect(
            value(review, "signed extensions")
                == ReviewLine("signed extensions", reordered.joined(separator: ", "), source: .request))
        #expect(
            value(review, "call")?.value
                == "pallet 5, call 3 (not decoded: no runtime table for this network and runtime)")
        #expect(value(review, "nonce")?.value == "1000000000000")
        #expect(value(review, "tip")?.value == "0.0000000005 DOT")
        #expect(value(review, "spec version")?.value == "2000001")
        #expect(
            review.warnings.contains(
                "this signer has no runtime table for Polkadot at spec 2000001, transaction version 26: the values above are "
                    + "read by the request's extension list, which nothing vouches for; the chain may read the same signed bytes otherwise"
            ), "\(review.warnings)")
        let batch = BatchReview(
            [try F.request(try alice(), payload: json)], registry: .standard, context: try F.context(), blind: .none)
        #expect(batch.refusals.count == 1)
    }

    /// Without a table nothing is shown that the list does not sign: a dropped CheckNonce or
    /// ChargeTransactionPayment is "not signed", not the JSON's number.
    @Test func unknownRuntimeWithoutNonceOrTipShowsNeither() throws {
        let list = F.polkadotExtensions.filter {
            !["CheckNonce", "ChargeTransactionPayment", "CheckMortality", "CheckGenesis"].contains($0)
        }
        let json = edited(
            F.payloadJSON(try alice(), method: try F.transferCall(), extensions: list),
            [("transactionVersion", .string("0x1b"))])
        let review = try review(json)
        #expect(value(review, "nonce")?.value == "not signed (the list has no CheckNonce)")
        #expect(value(review, "tip")?.value == "not signed (the list has no ChargeTransactionPayment)")
        #expect(
            value(review, "era")?.value == "not signed (the list has no CheckMortality): the transaction never expires")
        #expect(value(review, "genesis")?.value == "not signed (the list has no CheckGenesis)")
        #expect(
            value(review, "network name")
                == ReviewLine(
                    "network name", "Polkadot, by the request's genesis hash \(F.polkadotGenesis)", source: .request))
        #expect(value(review, "block number") == nil)
        #expect(
            review.warnings.contains("the transaction is immortal: it stays valid forever (until the nonce is used)"))
        // The undecoded call is an effect the signer does not understand, not a guessed total.
        #expect(review.totals.isEmpty)
        #expect(
            review.unknowns == [
                "a runtime this signer has no table for: its signed-extension list is the request's and the call is shown as raw bytes"
            ])
        #expect(review.confirmation != .standard)
    }

    /// ChargeAssetTxPayment (Asset Hubs) has no table yet: its tip and asset are read by the
    /// request's list and asset length, shown in base units of the asset, and need --blind.
    @Test func assetTipOfARuntimeWithoutATable() throws {
        let hub = "0x68d56f15f85d3136970ec16946040bc1752654e906147f7e43e9d539d7c3de2f"
        let list = F.polkadotExtensions.map { $0 == "ChargeTransactionPayment" ? "ChargeAssetTxPayment" : $0 }.filter {
            $0 != "PrevalidateAttests"
        }
        let json = signerPayloadJSON(
            address: try alice().address, method: "0x0000081234", era: "0x00", nonce: 1, tip: 7, specVersion: 1_004_000,
            transactionVersion: 15, genesis: hub, blockHash: hub, extensions: list, assetId: "0x01020304", mode: 0)
        let review = try review(json, network: "polkadot:68d56f15f85d3136970ec16946040bc1")
        #expect(value(review, "tip")?.value == "7 base units of asset 0x020304")
        #expect(
            review.warnings.contains(
                "fees and tip are paid in another asset (asset id 0x020304) whose units this signer cannot name"))
        #expect(value(review, "network name")?.value == "Polkadot Asset Hub")
        #expect(review.confirmation != .standard)
    }

    // MARK: era and block number

    /// The era line holds only what is signed: period, phase and the checkpoint hash; the block
    /// number is the watch's claim, flagged when it cannot be the era's first block.
    @Test func eraShowsTheSignedCheckpointAndTheClaimedBlockApart() throws {
        let good = try review(F.payloadJSON(try alice(), method: try F.transferCall()))
        #expect(
            value(good, "era")
                == ReviewLine("era", "valid for 64 blocks from the block with hash \(F.blockHash) (phase 42)"))
        #expect(value(good, "block number") == ReviewLine("block number", "#42 (the watch's claim)", source: .request))
        #expect(!good.warnings.contains { $0.contains("block number") })

        let lying = try review(
            edited(F.payloadJSON(try alice(), method: try F.transferCall()), [("blockNumber", .string("0x000003e8"))]))
        #expect(
            value(lying, "block number") == ReviewLine("block number", "#1000 (the watch's claim)", source: .request))
        #expect(
            lying.warnings.contains(
                "the request's block number #1000 is not in phase 42 of a 64-block era, so it is not the era's first block: "
                    + "the watch's claim is wrong"), "\(lying.warnings)")
        #expect(value(lying, "era") == value(good, "era"))
    }

    @Test func immortalEraIsAWarning() throws {
        let review = try review(
            F.payloadJSON(try alice(), method: try F.transferCall(), era: "0x00", blockHash: F.polkadotGenesis))
        #expect(value(review, "era") == ReviewLine("era", "immortal"))
        #expect(value(review, "block number") == nil)
        #expect(
            review.warnings.contains("the transaction is immortal: it stays valid forever (until the nonce is used)"))
    }

    @Test func metadataHashModeIsReadBack() throws {
        let hash = "0x" + String(repeating: "ab", count: 32)
        let json = edited(
            F.payloadJSON(try alice(), method: try F.transferCall()),
            [("mode", .number("1")), ("metadataHash", .string(hash))])
        #expect(value(try review(json), "metadata hash")?.value == "enabled (mode 1), " + hash)
    }

    // MARK: the watch

    /// The watch builds what the signer will accept: a request for a known runtime with another
    /// list is refused when it is built.
    @Test func builderRefusesAListTheSignerWouldRefuse() throws {
        var builder = PayloadBuilder(
            address: try alice().address, method: testBytes(try F.transferCall()),
            genesisHash: testBytes(F.polkadotGenesis),
            specVersion: 1_002_005, transactionVersion: 26, nonce: 1, tip: 0, era: .immortal, blockHash: [],
            blockNumber: 0,
            signedExtensions: RuntimeTable.kusamaExtensions)
        #expect(throws: SubstrateError.self) { try builder.json() }
        builder.signedExtensions = PayloadBuilder.relayExtensions
        _ = try builder.json()
    }
}
