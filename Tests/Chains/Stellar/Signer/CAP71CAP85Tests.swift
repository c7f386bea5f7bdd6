import AirsignCrypto
import AirsignEncoding
import AirsignKeys
import AirsignMessages
import AirsignStellar
import AirsignStellarOnline
import AirsignTestSupport
import Foundation
import Testing

private struct CAP71Vectors: Decodable {
    struct Authorization: Decodable {
        let name: String; let secret_seed: String; let network_passphrase: String; let expiration_ledger: UInt32
        let signs_as: String; let entry: String; let preimage: String; let signed_entry: String
    }
    struct Transaction: Decodable {
        let secret_seed: String; let network_passphrase: String; let unsigned: String; let signed: String
    }
    struct CAP85: Decodable {
        let executable_tag: String; let executable_tag_binary: String; let instance: String;
        let create_contract: String; let map_with_tag_key: String
    }
    let authorizations: [Authorization]
    let transaction: Transaction
    let cap85: CAP85
}

private func key(_ seed: String) throws -> Ed25519.PrivateKey {
    try Ed25519.PrivateKey(seed: try StrKey.decodeSecretSeed(SecureBytes(copying: Array(seed.utf8))))
}

/// CAP-71 credentials and CAP-85 executable references against stellar-sdk 16.1.1
/// (vectors/stellar_cap71_cap85.json, written and checked by Tests/interop/stellar/test_cap71_cap85.py).
@Suite struct CAP71CAP85VectorTests {
    private let v: CAP71Vectors = try! Vectors.load("stellar_cap71_cap85")

    @Test func entriesPreimagesAndSignaturesAreTheSDKs() throws {
        #expect(v.authorizations.count == 3)
        for a in v.authorizations {
            let network = StellarNetwork(passphrase: a.network_passphrase)
            let entry = try SorobanAuthorizationEntry(base64: a.entry)
            #expect(try entry.base64() == a.entry, "\(a.name)")
            #expect(Hex.encode(try entry.signaturePreimage(network: network)) == a.preimage, "\(a.name)")
            let (signed, _) = try entry.authorized(
                with: try key(a.secret_seed), network: network, expirationLedger: a.expiration_ledger)
            #expect(try signed.base64() == a.signed_entry, "\(a.name)")
            #expect(try SorobanAuthorizationEntry(base64: a.signed_entry).base64() == a.signed_entry)
            // Signed for another network, the signature does not go in.
            let (_, other) = try entry.authorized(with: try key(a.secret_seed), network: .public)
            #expect(throws: StellarError.self) {
                try entry.adding(signature: other, publicKey: try key(a.secret_seed).publicKey, network: network)
            }
        }
    }

    @Test func theTransactionSignsLikeTheSDK() throws {
        let t = v.transaction
        let k = try key(t.secret_seed)
        let unsigned = try TransactionEnvelope(base64: t.unsigned)
        #expect(try unsigned.base64() == t.unsigned)
        let account = try MessageAccount(
            address: try AccountID(publicKey: k.publicKey).description, publicKey: k.publicKey)
        let request = try SignRequest.make(
            chain: ChainID(.stellar), network: "stellar:testnet", account: account,
            payload: try StellarChain.payload(unsigned, network: .testnet))
        let review = try StellarChain().review(request, context: ReviewContext(now: 0))
        #expect(review.signing.map(\.label) == ["authorization 1 of operation 1", "transaction"])
        let output = try StellarChain().sign(review, with: .ed25519(k))
        #expect(output.result?["envelope"] == .string(t.signed))
        #expect(
            try unsigned.pendingAuthorizations(of: k.publicKey, network: .testnet).map(\.expirationLedger) == [
                1_000_000
            ])
        let finalized = try StellarFinalizer().finalize(
            try SignResponse(id: request.id, signatures: output.signatures), for: request)
        #expect(finalized.response.result == output.result)
    }

    @Test func executableTagsAndReferences() throws {
        let c = v.cap85
        for text in [c.executable_tag, c.executable_tag_binary, c.instance, c.map_with_tag_key] {
            #expect(StellarBase64.encode(try SCVal(xdr: try StellarBase64.decode(text)).xdr()) == text)
        }
        #expect(
            SCValText.inline(try SCVal(xdr: try StellarBase64.decode(c.executable_tag)))
                == "executable tag \"fleet-v1\"")
        #expect(
            SCValText.inline(try SCVal(xdr: try StellarBase64.decode(c.executable_tag_binary)))
                == "executable tag 0xff00")
        #expect(
            SCValText.inline(try SCVal(xdr: try StellarBase64.decode(c.instance)))
                == "contract instance the Wasm that CAHA4DQOBYHA4DQOBYHA4DQOBYHA4DQOBYHA4DQOBYHA4DQOBYHA5MSG names by tag \"fleet-v1\", no storage"
        )
        let map = try SCVal(xdr: try StellarBase64.decode(c.map_with_tag_key))
        #expect(SCValText.inline(map) == "map {executable tag \"a\": u32 1, executable tag \"b\": u32 2}")
        let function = try HostFunction(xdr: try StellarBase64.decode(c.create_contract))
        #expect(StellarBase64.encode(try function.xdr()) == c.create_contract)
        guard case .createContract(let create) = function,
            case let .externalRef(owner, tag) = create.executable
        else { Issue.record("not a create with an external reference"); return }
        #expect(owner.description == "CAHA4DQOBYHA4DQOBYHA4DQOBYHA4DQOBYHA4DQOBYHA4DQOBYHA5MSG")
        #expect(tag == Array("fleet-v1".utf8))
        // Out of order by the host's order, the tag keys are refused like any map.
        var swapped = try StellarBase64.decode(c.map_with_tag_key)
        let a = try #require(swapped.firstIndex(of: 0x61)), b = try #require(swapped.firstIndex(of: 0x62))
        swapped.swapAt(a, b)
        #expect(throws: StellarError.scVal(.keyOutOfOrder(key: 2, type: "executable tag"))) { try SCVal(xdr: swapped) }
    }
}

/// Reviews of CAP-71 entries with delegates and of a CAP-85 contract creation, word for word.
@Suite struct CAP71CAP85ReviewTests {
    typealias S = SorobanChainTests

    /// A custom account (contract 0x0c…) delegating to account 1 and account 3, which has a
    /// nested delegate of its own (contract 0x0d…).
    static func delegated(top: SCAddress, signedBy3: Bool = false) throws -> SorobanAuthorizationEntry {
        let call = InvokeContractArgs(
            contract: .contract(S.xlm), function: Array("transfer".utf8),
            args: [.address(top), .address(.account(try S.account(2))), .i128(Int128Parts(hi: 0, lo: 5))])
        let nested = SorobanDelegateSignature(address: .contract([UInt8](repeating: 0x0D, count: 32)))
        var delegates = [
            SorobanDelegateSignature(address: .account(try S.account(1))),
            SorobanDelegateSignature(
                address: .account(try S.account(3)), signature: signedBy3 ? .bytes([1, 2]) : .void,
                nestedDelegates: [nested]),
        ]
        delegates.sort { SCVal.compare(.address($0.address), .address($1.address)) < 0 }
        return SorobanAuthorizationEntry(
            credentials: .addressWithDelegates(
                SorobanAddressCredentialsWithDelegates(
                    addressCredentials: SorobanAddressCredentials(
                        address: top, nonce: 5, signatureExpirationLedger: 900_000), delegates: delegates)),
            rootInvocation: SorobanAuthorizedInvocation(function: .contract(call)))
    }

    static let custom = SCAddress.contract([UInt8](repeating: 0x0C, count: 32))

    func lines(_ review: Review) -> [String] {
        review.lines.map { "\(String(repeating: "  ", count: $0.level))\($0.label): \($0.value)" }
    }

    @Test func aDelegatedEntryInATransactionShowsEachDelegate() throws {
        let entry = try Self.delegated(top: Self.custom)
        let envelope = try S.transfer(auth: [entry])
        let request = try S.request(try StellarChain.payload(envelope, network: .testnet))
        let review = try S.module.review(request, context: try S.context())
        let shown = lines(review).drop { !$0.contains("authorization 1/1") }.prefix(6)
        #expect(
            Array(shown) == [
                "  authorization 1/1: by CAGAYDAMBQGAYDAMBQGAYDAMBQGAYDAMBQGAYDAMBQGAYDAMBQGAZTCD (not in your contacts) (with 2 delegate(s), CAP-71): "
                    + "no signature of its own (its account may rely on its delegates alone), left as it is; nonce 5, valid until ledger 900000",
                "    delegates: per CAP-71 the account's own check (__check_auth) may hand its authorization of this exact invocation to a "
                    + "listed delegate: the delegate's signature, checked by the delegate's own rules, then counts as "
                    + "CAGAYDAMBQGAYDAMBQGAYDAMBQGAYDAMBQGAYDAMBQGAYDAMBQGAZTCD's, for this network, nonce, expiration and invocation tree only",
                "    delegate 1: GCFIRY65OQE7DFP5KLNS2PF2LVZMUZYJX4OZIEQ36N2IQANUB5XVYOJR (your account (key \"main\", m/44'/148'/0')): signed now with this request's key",
                "    delegate 2: \(try S.account(3)) (not in your contacts): not signed yet, with 1 delegate(s) of its own",
                "      delegate 2.1: CAGQ2DINBUGQ2DINBUGQ2DINBUGQ2DINBUGQ2DINBUGQ2DINBUGQ242B (not in your contacts): not signed yet",
                "    invokes: CDLZFC3SYJYDZT7K67VZ75HPJVIEUVNIXF47ZG2FB2RMQQVU2HHGCYSC (not in your contacts), the Stellar Asset Contract of XLM: "
                    + "transfer(from: CAGAYDAMBQGAYDAMBQGAYDAMBQGAYDAMBQGAYDAMBQGAYDAMBQGAZTCD (not in your contacts), to: "
                    + "GCATS5YOVB6ROX2WUNKGNQ2MP3GMXDMKSG2O4N5CLX3A6W4PZGZZI55U (contact \"Alice\"), amount: 0.0000005 XLM (5 base units))",
            ], "\(lines(review).joined(separator: "\n"))")
        #expect(
            review.warnings.contains(
                "operation 1, authorization 1: your key signs as a delegate of "
                    + "CAGAYDAMBQGAYDAMBQGAYDAMBQGAYDAMBQGAYDAMBQGAYDAMBQGAZTCD: if that account accepts you as its delegate, your signature "
                    + "authorizes this invocation on its behalf until ledger 900000 (CAP-71)"), "\(review.warnings)")
        #expect(review.signing.map(\.label) == ["authorization 1 of operation 1", "transaction"])
        #expect(review.signing[0].bytes == (try entry.signaturePreimage(network: .testnet)))
        #expect(review.signing[0].bytes.prefix(4) == [0, 0, 0, 10])
        #expect(
            review.effects.contains(
                .deferred(DeferredSignature("Soroban authorization entry 1 of operation 1", until: "ledger 900000"))),
            "\(review.effects)")
        // Signed: the delegate's place carries the signature, the rest is as it was.
        let output = try S.module.sign(review, with: .ed25519(try S.key(1)))
        guard case let .string(text)? = output.result?["envelope"],
            case let .invokeHostFunction(_, auth) = try TransactionEnvelope(base64: text).transaction.operations[0].body,
            case let .addressWithDelegates(signed) = auth[0].credentials
        else { Issue.record("no signed delegated entry"); return }
        #expect(signed.addressCredentials.signature == .void)
        #expect(signed.delegates[1] == entry.credentials.delegates[1])
        let signature = try Hex.decode(output.signatures[0])
        #expect(
            signed.delegates[0].signature
                == AuthorizationSignature.value(publicKey: try S.key(1).publicKey, signature: signature))
        let finalized = try StellarFinalizer().finalize(
            try SignResponse(id: request.id, signatures: output.signatures), for: request)
        #expect(finalized.response.result == output.result)
    }

    @Test func aStandaloneAuthorizationForADelegate() throws {
        let entry = try Self.delegated(top: Self.custom, signedBy3: true)
        let request = try S.request(try StellarPayload.json(entry, network: .testnet))
        let review = try S.module.review(request, context: try S.context())
        #expect(
            Array(lines(review).prefix(9)) == [
                "network name: testnet (\"Test SDF Network ; September 2015\")",
                "authorizes: CAGAYDAMBQGAYDAMBQGAYDAMBQGAYDAMBQGAYDAMBQGAYDAMBQGAZTCD (not in your contacts)",
                "nonce: 5",
                "valid until: ledger 900000 (the signer cannot see the current ledger)",
                "credentials: with 2 delegate(s) (CAP-71): CAGAYDAMBQGAYDAMBQGAYDAMBQGAYDAMBQGAYDAMBQGAYDAMBQGAZTCD's own check (__check_auth) may "
                    + "hand its authorization of this exact invocation to a listed delegate, whose signature, checked by the delegate's own rules, "
                    + "then counts as the account's, for this network, nonce, expiration and invocation tree only",
                "top-level signature: none (its account may rely on its delegates alone)",
                "delegate 1: GCFIRY65OQE7DFP5KLNS2PF2LVZMUZYJX4OZIEQ36N2IQANUB5XVYOJR (your account (key \"main\", m/44'/148'/0')): signed now with this request's key",
                "delegate 2: \(try S.account(3)) (not in your contacts): carries a signature this signer does not check, with 1 delegate(s) of its own",
                "  delegate 2.1: CAGQ2DINBUGQ2DINBUGQ2DINBUGQ2DINBUGQ2DINBUGQ2DINBUGQ242B (not in your contacts): not signed yet",
            ], "\(lines(review).joined(separator: "\n"))")
        #expect(
            lines(review).last
                == "signs: SHA-256 of the address-bound authorization preimage (CAP-71): network id, nonce, expiration, "
                + "CAGAYDAMBQGAYDAMBQGAYDAMBQGAYDAMBQGAYDAMBQGAYDAMBQGAZTCD and invocation tree")
        #expect(
            review.warnings.contains(
                "your key signs as a delegate of CAGAYDAMBQGAYDAMBQGAYDAMBQGAYDAMBQGAYDAMBQGAYDAMBQGAZTCD: if that "
                    + "account accepts you as its delegate, your signature authorizes this invocation on its behalf (CAP-71)"
            ), "\(review.warnings)")
        let output = try S.module.sign(review, with: .ed25519(try S.key(1)))
        let (expected, signature) = try entry.authorized(with: try S.key(1), network: .testnet)
        #expect(output.signatures == [Hex.encode(signature)])
        #expect(output.result?["entry"] == .string(try expected.base64()))
        let finalized = try StellarFinalizer().finalize(
            try SignResponse(id: request.id, signatures: output.signatures), for: request)
        #expect(finalized.response.result == output.result)
        // Someone else's delegated entry (account 1 nowhere in it) is not this request's to sign.
        let stranger = try Self.delegated(top: Self.custom)
        #expect(
            throws: StellarError.payload(
                .entryForOtherAccount(
                    address: "CAGAYDAMBQGAYDAMBQGAYDAMBQGAYDAMBQGAYDAMBQGAYDAMBQGAZTCD", account: "\(try S.account(4))",
                    hasDelegates: true))
        ) {
            try S.module.review(
                try S.request(try StellarPayload.json(stranger, network: .testnet), signer: 4), context: try S.context()
            )
        }
    }

    @Test func anAddressV2EntryOfTheSignerIsSignedBoundToItsAddress() throws {
        let base = try S.addressEntry(1)
        let v2 = SorobanAuthorizationEntry(
            credentials: .addressV2(try base.addressCredentials), rootInvocation: base.rootInvocation)
        let review = try S.module.review(
            try S.request(try StellarChain.payload(try S.transfer(auth: [v2]), network: .testnet)),
            context: try S.context())
        #expect(
            lines(review).contains(
                "  authorization 1/1: by GCFIRY65OQE7DFP5KLNS2PF2LVZMUZYJX4OZIEQ36N2IQANUB5XVYOJR (your account (key "
                    + "\"main\", m/44'/148'/0')) (address-bound credentials, CAP-71): signed now with this request's key, nonce 7, valid until ledger 1000000"
            ),
            "\(lines(review).joined(separator: "\n"))")
        let preimage = try v2.signaturePreimage(network: .testnet)
        #expect(review.signing[0].bytes == preimage)
        #expect(
            preimage
                == (try HashIDPreimage.authorizationWithAddress(
                    network: .testnet, nonce: 7, expirationLedger: 1_000_000,
                    address: .account(try S.account(1)), invocation: base.rootInvocation)))
        // The legacy preimage differs only by its tag and the address.
        #expect(try base.signaturePreimage(network: .testnet).prefix(4) == [0, 0, 0, 9])
        #expect(preimage.count == (try base.signaturePreimage(network: .testnet)).count + 36 + 4)
    }

    @Test func aContractCreatedFromAnExternalReference() throws {
        let owner = SCAddress.contract([UInt8](repeating: 0x0E, count: 32))
        let create = CreateContractArgs(
            preimage: .fromAddress(.account(try S.account(1)), salt: [UInt8](repeating: 0, count: 32)),
            executable: .externalRef(owner: owner, tag: Array("fleet-v1".utf8)), constructorArgs: [.u32(7)])
        guard case .v1(var tx, _) = try S.transfer() else { return }
        tx.operations = [Operation(body: .invokeHostFunction(.createContract(create), auth: []))]
        let review = try S.module.review(
            try S.request(try StellarChain.payload(.v1(tx, signatures: []), network: .testnet)),
            context: try S.context())
        #expect(
            lines(review).contains(
                "  code: the Wasm that contract CAHA4DQOBYHA4DQOBYHA4DQOBYHA4DQOBYHA4DQOBYHA4DQOBYHA5MSG (not in your "
                    + "contacts) names by tag \"fleet-v1\" (CAP-85): that contract can change it at any time"),
            "\(lines(review).joined(separator: "\n"))")
        #expect(
            review.warnings.contains(
                "the new contract runs the Wasm that CAHA4DQOBYHA4DQOBYHA4DQOBYHA4DQOBYHA4DQOBYHA4DQOBYHA5MSG names: "
                    + "that contract can change the code, and so take over the new contract, at any time (CAP-85)"),
            "\(review.warnings)")
        #expect(
            review.effects.contains(
                .unknown(what: "creating a contract whose constructor runs code the signer cannot read")),
            "\(review.effects)")
    }

    @Test func delegatesOutOfOrderOrRepeatedAreRefused() throws {
        let entry = try Self.delegated(top: Self.custom)
        guard case .addressWithDelegates(var c) = entry.credentials else { return }
        c.delegates.reverse()
        let reversed = SorobanAuthorizationEntry(
            credentials: .addressWithDelegates(c), rootInvocation: entry.rootInvocation)
        #expect(throws: StellarError.soroban(.delegatesOutOfOrder(index: 1, address: "\(try S.account(1))"))) {
            try reversed.xdr()
        }
        // Bytes written in the wrong order are refused on decoding too.
        var bytes = try entry.xdr()
        let first = try SorobanDelegateSignature(address: .account(try S.account(1))).xdr()
        let start = try #require(bytes.firstRange(of: first))
        bytes.removeSubrange(start)
        let end =
            try #require(bytes.firstRange(of: try SCAddress.contract([UInt8](repeating: 0x0D, count: 32)).xdr()))
            .upperBound + 4 + 4
        bytes.insert(contentsOf: first, at: end)
        #expect(throws: StellarError.soroban(.delegatesOutOfOrder(index: 1, address: "\(try S.account(1))"))) {
            try SorobanAuthorizationEntry(xdr: bytes)
        }
        c.delegates = [c.delegates[1], c.delegates[1]]
        #expect(throws: StellarError.soroban(.delegateRepeated(index: 1, address: "\(try S.account(1))"))) {
            try SorobanAuthorizationEntry(credentials: .addressWithDelegates(c), rootInvocation: entry.rootInvocation)
                .xdr()
        }
        // Unknown arms are refused by name.
        var executable = try ContractExecutable.stellarAsset.xdr()
        executable[3] = 3
        #expect(
            throws: StellarError.xdr(
                .invalidValue(codec: "XDR", offset: 0, reason: "unknown ContractExecutableType discriminant 3"))
        ) {
            try ContractExecutable(xdr: executable)
        }
        #expect(
            throws: StellarError.xdr(
                .invalidValue(codec: "XDR", offset: 0, reason: "unknown SCValType discriminant 23"))
        ) {
            try SCVal(xdr: [0, 0, 0, 23])
        }
    }
}
