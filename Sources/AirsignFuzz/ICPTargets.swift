import AirsignCandid
import AirsignEncoding
import AirsignICP
import AirsignICPOnline
import AirsignMessages
import AirsignOnline

extension FuzzTarget {
    static let icpContent = FuzzTarget(name: "icp-content", summary: "ICP request contents and signed envelopes (CBOR)")
    { input throws(FuzzViolation) in
        _ = try? ICPRequestContent.decode(input)
        _ = try? ICPEnvelope.decode(input)
    }

    /// Candid arguments of any call, decoded, matched against the ledger methods' types and
    /// rendered as text, as the signer's review does.
    static let candid = FuzzTarget(
        name: "candid", summary: "Candid binary arguments, decoded, read as transfers and rendered as text"
    ) { input throws(FuzzViolation) in
        guard let message = try? CandidDecoder().decode(input) else { return }
        _ = try? ICPLedgerTransfer(candid: message)
        _ = try? ICRC1Transfer(candid: message)
        _ = CandidText.arguments(message.values)
    }

    static let icpText = FuzzTarget(name: "icp-text", summary: "ICRC-1 account text (principal-checksum.subaccount)") {
        input throws(FuzzViolation) in
        _ = try? ICRC1Account(text: input.fuzzText)
    }

    /// A boundary node's read_state certificate is untrusted until it verifies, and the watch
    /// decodes it to verify it: the certificate CBOR, its delegation, canister ranges, /time and
    /// the request status must survive anything. The signature check is a stand-in that accepts
    /// (the BLS module has its own targets), so the checks after it are reached.
    static let icpCertificate = FuzzTarget(
        name: "icp-certificate",
        summary: "read_state certificates: CBOR, delegation, canister ranges, /time, request status"
    ) { input throws(FuzzViolation) in
        guard let certificate = try? ICPCertificate(cbor: input) else { return }
        try FuzzViolation.check(certificate.tree.rootHash.count == 32, "a root hash that is not 32 bytes")
        let id = [UInt8](repeating: 0xAB, count: 32)
        _ = try? ICPRequestStatus(certificate: certificate, requestID: id)
        let accepting = ICPCertificateVerifier(rootKey: .mainnet) { _, _, _ in true }
        let canister = Principal.managementCanister
        _ = try? accepting.verify(input, canister: canister, now: 1_700_000_000)
        if let delegation = certificate.delegation {
            _ = try? ICPCanisterRanges(certificate: delegation.certificate, subnet: delegation.subnetID)
        }
    }

    /// Query answers (the CBOR map a node sends): the `signatures` list decoded strictly, and
    /// the signed message of each entry computed from the answer's own fields.
    static let icpQueryAnswer = FuzzTarget(
        name: "icp-query-answer", summary: "query answers: node signatures and the ic-response message"
    ) { input throws(FuzzViolation) in
        guard let value = try? CBORDecoder(options: .init(maxDepth: 16, maxLength: 1 << 22)).decode(input) else {
            return
        }
        guard let signatures = try? ICPQuerySignatures(value["signatures"]) else { return }
        for signature in signatures.signatures {
            guard
                let message = try? ICPQuerySignatures.signedMessage(
                    answer: value, timestamp: signature.timestamp, requestID: [UInt8](repeating: 1, count: 32))
            else { continue }
            try FuzzViolation.check(
                message.count == 12 + 32, "an ic-response message that is not the separator and a 32-byte hash")
        }
    }

    /// Hash trees alone (the CBOR of a `tree`): decoding with the well-formedness rules, the
    /// root hash, and lookups of the tree's own labels one and two deep, which must give what
    /// the labeled subtree itself holds (found, absent under an empty one, unknown under a
    /// pruned one), never a different answer.
    static let icpHashTree = FuzzTarget(
        name: "icp-hash-tree",
        summary: "certificate hash trees: decoding, well-formedness, reconstruct, lookup found/absent/unknown"
    ) { input throws(FuzzViolation) in
        guard let value = try? CBORDecoder(options: .init(maxDepth: 64)).decode(input),
            let tree = try? ICPHashTree(cbor: value)
        else { return }
        _ = tree.rootHash
        for case let .labeled(label, subtree) in tree.flattened().prefix(16) {
            try FuzzViolation.check(
                tree.lookup([label]) == subtree.lookup([]),
                "label \(Hex.encode(label)) looked up as something its subtree does not hold")
            for case let .labeled(inner, leaf) in subtree.flattened().prefix(4) {
                try FuzzViolation.check(
                    tree.lookup([label, inner]) == leaf.lookup([]),
                    "a path of the tree's own labels looked up as something it does not hold")
            }
        }
    }

    /// Any canister call's arguments reviewed as the signer reviews them: the input is the
    /// Candid argument (so the vectors' Candid seeds decode as they are) and its length picks a
    /// canister and method (the built-in interfaces' and an unknown canister's). Covers reading
    /// at an interface's types, the review tree and the NNS summaries; a review that accepts
    /// must show the request id it signs.
    static let icpCallReview = FuzzTarget(
        name: "icp-call-review",
        summary: "Candid arguments of built-in and unknown canister methods, reviewed as the signer does"
    ) { input throws(FuzzViolation) in
        guard let request = ICPFuzzRequests.request(selector: input.count, arg: input, interface: nil),
            let review = try? ICPChain().review(request, context: ReviewContext(now: ICPFuzzRequests.now))
        else { return }
        try FuzzViolation.check(
            review.lines.contains { $0.label == "request id" }, "a reviewed call without its request id")
    }

    /// A `.did` text, then a 0 byte, then Candid arguments: the interface parsed (types,
    /// recursion, services), its first method's fragment parsed back, and the arguments
    /// reviewed with the interface carried in the request (names checked against field ids).
    static let candidInterface = FuzzTarget(
        name: "candid-did",
        summary: ".did interfaces parsed, their fragments re-parsed, arguments named by a request-carried interface"
    ) { input throws(FuzzViolation) in
        let split = input.firstIndex(of: 0) ?? input.endIndex
        let text = Array(input[..<split]).fuzzText
        guard let interface = try? CandidInterface(parsing: text) else { return }
        for method in interface.methods.prefix(4) {
            guard let fragment = interface.fragment(for: method.name) else {
                throw FuzzViolation("method \(method.name) has no fragment")
            }
            let reparsed: CandidInterface
            do { reparsed = try CandidInterface(parsing: fragment) } catch {
                throw FuzzViolation("fragment of \(method.name) does not parse: \(error)")
            }
            try FuzzViolation.check(
                reparsed.method(method.name) == interface.method(method.name),
                "the fragment of \(method.name) changes its type")
        }
        guard let first = interface.methods.first, split < input.endIndex,
            let request = ICPFuzzRequests.request(
                canister: ICPFuzzRequests.unknown, method: first.name, arg: Array(input[(split + 1)...]),
                interface: text)
        else { return }
        _ = try? ICPChain().review(request, context: ReviewContext(now: ICPFuzzRequests.now))
    }

    /// Textual Candid values, as `--args` gives them: read at governance's `manage_neuron`
    /// argument types and with no types (inferred); whatever type-checks must encode to bytes
    /// that decode and read back at the same types to the same values.
    static let candidTextValues = FuzzTarget(
        name: "candid-text",
        summary: "Candid textual values: parsed, type-checked against manage_neuron, encoded and decoded back"
    ) { input throws(FuzzViolation) in
        let text = input.fuzzText
        if let governance = ICPBuiltinInterfaces.known(ICPBuiltinInterfaces.governanceCanister),
            let types = governance.interface.method("manage_neuron")?.arguments,
            let values = try? CandidTextTyping(environment: governance.interface.environment, origin: "fuzz").arguments(
                text, types: types)
        {
            let bytes: [UInt8]
            do {
                bytes = try CandidEncoder.encode(
                    zip(types, values).map { (type: $0.0, value: $0.1) }, environment: governance.interface.environment)
            } catch {
                throw FuzzViolation("type-checked arguments do not encode: \(error)")
            }
            do {
                let read = try CandidDecoder().decode(bytes).coerced(to: types, in: governance.interface.environment)
                try FuzzViolation.check(read.values == values, "the encoded arguments read back to other values")
            } catch let error as FuzzViolation { throw error } catch {
                throw FuzzViolation("encoded arguments do not decode: \(error)")
            }
        }
        if let inferred = try? CandidTextTyping(environment: .empty, origin: "fuzz").inferredArguments(text) {
            guard let bytes = try? CandidEncoder.encode(inferred) else { return }
            do { _ = try CandidDecoder().decode(bytes) } catch {
                throw FuzzViolation("inferred arguments encode to bytes that do not decode: \(error)")
            }
        }
    }
}

/// Sign requests for the ICP review targets: a fixed key (the secp256k1 generator's), the
/// built-in canisters' methods and an unknown canister.
enum ICPFuzzRequests {
    static let now: Int64 = 1_767_225_600
    static let unknown = fixed("qoctq-giaaa-aaaaa-aaaea-cai")
    static let calls: [(Principal, String)] = [
        (ICPBuiltinInterfaces.governanceCanister, "manage_neuron"),
        (ICPBuiltinInterfaces.governanceCanister, "list_neurons"),
        (ICPBuiltinInterfaces.governanceCanister, "claim_or_refresh_neuron_from_account"),
        (ICPLedger.icp.canister, "transfer"), (ICPLedger.icp.canister, "icrc1_transfer"),
        (ICPLedger.icp.canister, "icrc2_approve"),
        (ICPLedger.icp.canister, "icrc2_transfer_from"), (ICPLedger.icp.canister, "account_balance"),
        (fixed("mxzaz-hqaaa-aaaar-qaada-cai"), "icrc2_approve"),
        (fixed("mxzaz-hqaaa-aaaar-qaada-cai"), "icrc1_transfer"),
        (ICPBuiltinInterfaces.cyclesMintingCanister, "notify_top_up"), (unknown, "anything"),
    ]
    static let account: MessageAccount? = {
        guard
            let key = try? Hex.decode(
                "0479be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8"
            ),
            let identity = try? ICPIdentity(publicKey: key)
        else { return nil }
        return try? MessageAccount(address: identity.principal.text, publicKey: key)
    }()

    static func fixed(_ text: String) -> Principal {
        guard let principal = try? Principal(text: text) else { preconditionFailure("a fixed canister id") }
        return principal
    }

    static func request(selector: Int, arg: [UInt8], interface: String?) -> SignRequest? {
        let (canister, method) = calls[selector % calls.count]
        return request(canister: canister, method: method, arg: arg, interface: interface)
    }

    static func request(canister: Principal, method: String, arg: [UInt8], interface: String?) -> SignRequest? {
        guard let account,
            let request = try? ICPRequestBuilder.request(
                account: account, canister: canister, method: method, arg: arg, now: now, validFor: nil)
        else { return nil }
        guard let interface, case let .object(members) = request.payload else { return request }
        return try? SignRequest(
            id: request.id, chain: request.chain, network: request.network, account: request.account,
            payload: .object(members + [("interface", .string(interface))]))
    }
}
