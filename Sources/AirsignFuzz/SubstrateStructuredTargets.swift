import AirsignEncoding
import AirsignMessages
import AirsignSubstrate

extension FuzzTarget {
    /// Random bytes almost never make a metadata proof that verifies or a batch the built-in
    /// table reads, so these targets build valid ones from the fuzzer's bytes and then mutate
    /// them: what reaches the signer's decoders is an attacker's well-formed request.

    /// A request whose verified RFC-0078 proof holds a random type tree (cycles, arrays of up
    /// to 65536 elements of anything, call types that are not an enum of enums), with a call
    /// written by those types and then mutated, reviewed by the Substrate module as the signer
    /// does before the PIN. It must refuse or review, never trap, hang or exhaust memory.
    static let substrateProofTypes = FuzzTarget(
        name: "substrate-proof-types",
        summary:
            "structure-aware: requests with verified RFC-0078 proofs over random type trees, calls written by them and mutated"
    ) { input throws(FuzzViolation) in
        var source = FuzzByteSource(input)
        let tree = SubstrateTypeTree(&source)
        let written = tree.value(tree.callType, &source) ?? source.take(source.below(64))
        let method = FuzzMutation.apply(written, source: &source)
        // A proof holds exactly the leaves its payload uses (else the signer refuses it before
        // reading the call): keep those the call uses when it decodes.
        var leaves = tree.leaves
        if let types = try? TypeSet(leaves: tree.leaves, origin: "fuzz") {
            var decoder = TypeDecoder(method, types: types)
            if (try? decoder.decode(tree.callType)) != nil, decoder.isAtEnd {
                leaves = tree.leaves.filter { decoder.touched.contains($0.leafKey) }
            }
        }
        guard let request = try? SubstrateProofRequest.make(callLeaves: leaves, callType: tree.callType, method: method)
        else { return }
        _ = try? SubstrateChain().review(request, context: ReviewContext(now: 0))
    }

    /// Polkadot batches of transfers to every `MultiAddress` form (an account index is no bytes
    /// on this runtime), nested batches and calls the table does not know, written as the
    /// chain lays them out. Unmutated, the built-in table must read exactly the transfers
    /// written, or call the whole batch unknown when it holds any other call: a table that
    /// reads a type otherwise than the chain shifts the calls after it and fails here. Mutated,
    /// it must refuse, call it unknown, or read it; never trap.
    static let substrateBuiltInBatch = FuzzTarget(
        name: "substrate-builtin-batch",
        summary: "structure-aware: Polkadot batches the built-in table reads, against what was written, then mutated"
    ) { input throws(FuzzViolation) in
        var source = FuzzByteSource(input)
        let written = PolkadotCall.random(&source, depth: 0)
        let bytes = FuzzMutation.apply(written.bytes, source: &source)
        let polkadot = SubstrateNetwork.byKey("polkadot")
        let decoded: DecodedCall?
        do {
            decoded = try BuiltInCallDecoder().decode(
                bytes, network: polkadot, specVersion: 1_002_005, transactionVersion: 26)
        } catch {
            try FuzzViolation.check(
                bytes != written.bytes, "the built-in table refused a call the chain reads: \(error)")
            return
        }
        guard bytes == written.bytes else { return }
        guard written.known else {
            return try FuzzViolation.check(
                decoded == nil, "the built-in table read a batch holding a call it does not know")
        }
        guard let decoded else { throw FuzzViolation("the built-in table did not read the calls it knows") }
        try FuzzViolation.check(
            decoded.name == written.name, "the built-in table read \(decoded.name), not \(written.name)")
        try FuzzViolation.check(
            decoded.amounts == written.amounts,
            "the built-in table read amounts \(decoded.amounts), not \(written.amounts)")
        try FuzzViolation.check(
            decoded.arguments.filter { $0.label == "to" }.count == written.transfers,
            "the built-in table read another number of transfers than were written")
    }
}

/// A call on Polkadot (spec 1002005, transaction version 26: Balances 5, Utility 26, Proxy 29),
/// laid out by the runtime's types, and what it holds.
struct PolkadotCall {
    var bytes: [UInt8]
    var name: String
    /// Whether the built-in table knows every call in it.
    var known: Bool
    var amounts: [UInt128] = []
    var transfers = 0

    static func compact(_ value: some FixedWidthInteger & UnsignedInteger) -> [UInt8] {
        var writer = SCALEWriter()
        writer.writeCompact(value)
        return writer.bytes
    }

    /// `MultiAddress<AccountId32, ()>`.
    static func destination(_ source: inout FuzzByteSource) -> [UInt8] {
        switch source.below(5) {
        case 0: return [0] + source.take(32)
        case 1: return [1]
        case 2:
            let count = source.below(40)
            return [2] + compact(UInt32(count)) + source.take(count)
        case 3: return [3] + source.take(32)
        default: return [4] + source.take(20)
        }
    }

    static func amount(_ source: inout FuzzByteSource) -> UInt128 {
        UInt128(source.byte()) << source.below(128) | UInt128(source.byte())
    }

    static func random(_ source: inout FuzzByteSource, depth: Int) -> PolkadotCall {
        switch source.below(depth < 3 ? 7 : 5) {
        case 0, 1:
            let index: UInt8 = source.bool() ? 0 : 3
            let value = amount(&source)
            return PolkadotCall(
                bytes: [5, index] + destination(&source) + compact(value),
                name: index == 0 ? "Balances.transfer_allow_death" : "Balances.transfer_keep_alive", known: true,
                amounts: [value], transfers: 1)
        case 2:
            return PolkadotCall(
                bytes: [5, 4] + destination(&source) + [source.byte() & 1], name: "Balances.transfer_all", known: true,
                transfers: 1)
        case 3:
            // Proxy.add_proxy(delegate, Any, delay): a call the table does not know.
            return PolkadotCall(
                bytes: [29, 1] + destination(&source) + [0] + source.take(4), name: "Proxy.add_proxy", known: false)
        case 4:
            // System.remark(bytes).
            let count = source.below(40)
            return PolkadotCall(
                bytes: [0, 0] + compact(UInt32(count)) + source.take(count), name: "System.remark", known: false)
        default:
            let index: UInt8 = source.bool() ? 0 : 2
            let calls = (0..<source.below(5)).map { _ in random(&source, depth: depth + 1) }
            return PolkadotCall(
                bytes: [26, index] + compact(UInt32(calls.count)) + calls.flatMap(\.bytes),
                name: index == 0 ? "Utility.batch" : "Utility.batch_all", known: calls.allSatisfy(\.known),
                amounts: calls.flatMap(\.amounts), transfers: calls.map(\.transfers).reduce(0, +))
        }
    }
}
