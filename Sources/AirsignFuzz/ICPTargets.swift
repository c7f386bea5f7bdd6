import AirsignEncoding
import AirsignICP
import AirsignICPOnline
import AirsignOnline

extension FuzzTarget {
    static let icpContent = FuzzTarget(name: "icp-content", summary: "ICP request contents and signed envelopes (CBOR)") { input throws(FuzzViolation) in
        _ = try? ICPRequestContent.decode(input)
        _ = try? ICPEnvelope.decode(input)
    }

    /// Candid arguments of any call, decoded, matched against the ledger methods' types and
    /// rendered as text, as the signer's review does.
    static let candid = FuzzTarget(name: "candid", summary: "Candid binary arguments, decoded, read as transfers and rendered as text") { input throws(FuzzViolation) in
        guard let message = try? CandidDecoder().decode(input) else { return }
        _ = try? ICPLedgerTransfer(candid: message)
        _ = try? ICRC1Transfer(candid: message)
        _ = CandidText.arguments(message.values)
    }

    static let icpText = FuzzTarget(name: "icp-text", summary: "ICRC-1 account text (principal-checksum.subaccount)") { input throws(FuzzViolation) in
        _ = try? ICRC1Account(text: input.fuzzText)
    }

    /// A boundary node's read_state reply is untrusted (its BLS signature is not verified), so
    /// the hash-tree walk must survive any tree.
    static let icpCertificate = FuzzTarget(name: "icp-certificate", summary: "read_state certificates: CBOR hash trees looked up by path") { input throws(FuzzViolation) in
        guard let tree = try? CBORDecoder().decode(input) else { return }
        let id = [UInt8](repeating: 0xAB, count: 32)
        for leaf in ["status", "reply", "reject_code", "reject_message"] {
            _ = try? ICPHashTree.lookup(tree, path: [Array("request_status".utf8), id, Array(leaf.utf8)], url: "fuzz")
        }
    }
}
