import AirsignCandid
import AirsignEncoding
import AirsignMessages

/// The review of any canister call: its arguments decoded with the message's own types and
/// named, in this order, by the signer's built-in interface of the canister (matched by
/// canister id and method), by an interface the request carries (its names used only where
/// they hash to the field ids, and said to be the request's), or not at all (field ids). Only
/// a call the built-in interfaces fully explain is signed without --blind.
struct InterfaceReview {
    let context: ReviewContext
    let module: ICPChain

    func describe(_ address: String) -> String { module.describe(address, in: context) }

    func describe(
        _ call: ICPCallContent, _ message: CandidMessage, requestInterface: String?,
        warnings: inout [String]
    ) throws(ICPError) -> ICPChain.CallDescription {
        var lines = [
            ReviewLine("from", describe(call.sender.text)),
            ReviewLine("canister", call.canisterID.text),
            ReviewLine("method", call.methodName),
        ]
        let known = ICPBuiltinInterfaces.known(call.canisterID)
        let format = ICPValueFormat(kind: known?.kind, describe: describe)
        var blind: [String] = []
        var effects: [Effect] = []

        // The interface that names the arguments, and where it comes from.
        var interface: CandidInterface?
        var whose = ""
        var title = "Internet Computer canister call"
        if let known {
            lines.insert(ReviewLine("interface", "\(known.name), built into this signer", source: .signerTable), at: 2)
            if known.interface.method(call.methodName) != nil {
                interface = known.interface
                whose = "\(known.name)'s interface"
                title = "\(known.name.prefix(1).uppercased() + known.name.dropFirst()): \(call.methodName)"
            } else {
                blind.append("\(call.methodName) is not a method of \(known.name)'s interface built into this signer")
            }
        }
        if interface == nil, let requestInterface {
            let parsed = try ICPError.catchingCandid { () throws(CandidError) in
                try CandidInterface(parsing: requestInterface, origin: "payload.interface")
            }
            guard parsed.method(call.methodName) != nil else {
                throw .interfaceLacksMethod(call.methodName)
            }
            interface = parsed
            whose = "the request's interface"
            title = "Canister call: \(call.methodName) (names from the request)"
            lines.append(
                ReviewLine(
                    "names", "the request's interface of \(call.methodName); each name checked against its field id",
                    source: .request))
            blind.append("the names of the arguments come from the request, not from this signer")
        }

        var tree = CandidReviewTree(environment: interface?.environment, format: format)
        if let interface, let method = interface.method(call.methodName) {
            let read: CandidCoercion.Result
            do { read = try message.coerced(to: method.arguments, in: interface.environment) } catch {
                throw .argumentsDoNotFit(whose: whose, method: call.methodName, reason: "\(error)")
            }
            // The request's names must name the whole message: a field id none of them hashes to
            // means the interface is not the one the message was built from.
            if known == nil, !read.ignored.isEmpty {
                throw .interfaceNames(missing: read.ignored)
            }
            if !read.ignored.isEmpty {
                warnings.append(
                    "the canister will ignore parts of the message it does not expect: \(read.ignored.joined(separator: ", "))"
                )
                blind.append("the message carries data the interface does not read")
            }
            if case .governance? = known?.kind {
                let nns = NNSSummary(format: format)
                if let summary = nns.summary(method: call.methodName, arguments: read.values) {
                    lines.append(ReviewLine("summary", summary))
                }
                let icp = Asset(
                    chain: module.chain, network: ICPChain.network, id: ICPLedger.icp.canister.text, symbol: "ICP",
                    decimals: 8)
                effects += nns.effects(method: call.methodName, arguments: read.values, icp: icp, warnings: &warnings)
            } else if let known, !ICPBuiltinInterfaces.inertMethods.contains(call.methodName) {
                effects.append(
                    .unknown(
                        what: "\(known.name)'s \(call.methodName): the signer does not count what it moves or grants"))
            }
            tree.arguments(read.values, types: method.arguments, names: method.argumentNames, level: 0)
        } else {
            if known == nil {
                blind.append("a call to canister \(call.canisterID.text) that this signer cannot interpret")
            }
            // The structure the message's own types give, with field ids for names.
            tree.arguments(message.values, types: nil, names: [], level: 0)
        }
        if !tree.incomplete.isEmpty {
            blind.append("parts too large to show: \(tree.incomplete.prefix(5).joined(separator: ", "))")
        }
        lines += tree.lines
        return ICPChain.CallDescription(title: title, lines: lines, effects: blind.map { .unknown(what: $0) } + effects)
    }
}
