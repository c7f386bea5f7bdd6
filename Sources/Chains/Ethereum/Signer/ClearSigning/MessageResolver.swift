import AirsignEncoding
import BigInt

/// EIP-712 messages through the installed descriptors: a descriptor applies when one of its
/// formats is for the message's primary type (its `encodeType`), every value its
/// `context.eip712.domain` names is the message's, its domain separator (if given) is the
/// message's, and the message's chain id and verifying contract are one of its deployments.
/// A descriptor for the message whose verifying contract is not its own is not used, and the
/// review says so.
struct MessageResolver {
    let environment: ClearSigningEnvironment

    func display(_ typed: TypedData, account: EthereumAddress) throws -> (display: CallDisplay?, warnings: [String]) {
        let encodeType = try typed.encodeType(typed.primaryType).withoutSpaces
        let contract = verifyingContract(typed)
        var warnings: [String] = []
        for installed in environment.knowledge.descriptors {
            guard case let .eip712(deployments, domain, separator) = installed.descriptor.binding else { continue }
            let formats = installed.descriptor.formats.filter { $0.messageType == encodeType }
            guard !formats.isEmpty, domainMatches(domain.filter { $0.key != "verifyingContract" }, typed) else {
                continue
            }
            if let separator, separator != (try typed.domainSeparator()) { continue }
            var contractMatches = true
            if let wanted = domain["verifyingContract"] {
                contractMatches = contract.map { ClearSigningScope.node(wanted) == .address($0) } ?? false
            }
            if !deployments.isEmpty {
                contractMatches =
                    contractMatches
                    && deployments.contains { deployment in
                        deployment.chainId == environment.chainId && deployment.address == contract
                    }
            }
            guard contractMatches else {
                warnings.append(
                    "the installed descriptor \"\(installed.name)\" describes \(typed.primaryType) messages of other contracts, not of the verifying contract \(contract?.checksummed ?? "(none named)") on chain id \(environment.chainId): not used"
                )
                continue
            }
            let data = try DataNode(typed: typed, structure: typed.primaryType, value: typed.message, path: "message")
            let scope = ClearSigningScope(
                descriptor: installed.descriptor, data: data,
                container: .init(from: account, to: contract, value: 0), environment: environment)
            for format in formats {
                let renderer = FormatRenderer(scope: scope, format: format) { to, value, from, data in
                    try CallResolver(environment: environment).display(
                        to: to, value: value, from: from, data: data, depth: 1)
                }
                switch try renderer.render(level: 0) {
                case .shown(let rendered):
                    let shown = CallDisplay(
                        source: .installed(installed.name), summary: rendered.intent, lines: rendered.lines,
                        warnings: warnings + rendered.warnings, blindReasons: rendered.blindReasons, fromTable: true,
                        descriptorName: installed.descriptor.displayName,
                        intent: rendered.reviewIntent(owner: installed.descriptor.displayName))
                    return (shown, [])
                case .notUsed(let reason):
                    warnings.append("the installed descriptor \"\(installed.name)\" was not used: \(reason)")
                }
            }
        }
        return (nil, warnings)
    }

    /// The domain's `verifyingContract`, when it declares one as an address (one declared as
    /// anything else binds no contract: no deployment can match it).
    private func verifyingContract(_ typed: TypedData) -> EthereumAddress? {
        let declared = typed.types["EIP712Domain"]?.first { $0.name == "verifyingContract" }
        guard declared?.type == "address", case .string(let text)? = typed.domain["verifyingContract"],
            let bytes = try? TypedDataAddress.bytes(text, path: "domain.verifyingContract")
        else { return nil }
        return try? EthereumAddress(bytes: bytes)
    }

    /// Every constraint is in the message's domain with an equal value (numbers by value,
    /// addresses by bytes, strings exactly).
    private func domainMatches(_ constraints: [String: JSONValue], _ typed: TypedData) -> Bool {
        constraints.allSatisfy { key, wanted in
            guard let actual = typed.domain[key] else { return false }
            if key == "chainId" {
                return EthereumChain.typedChainId(actual) != nil
                    && EthereumChain.typedChainId(actual) == EthereumChain.typedChainId(wanted)
            }
            switch (wanted, actual) {
            case let (.string(a), .string(b)):
                if let x = try? EIP55.decode(a), let y = try? TypedDataAddress.bytes(b, path: "domain.\(key)") {
                    return x == y
                }
                return a == b
            case let (.number(a), .number(b)): return BigUInt(a, radix: 10) == BigUInt(b, radix: 10)
            case let (.bool(a), .bool(b)): return a == b
            default: return ClearSigningScope.node(wanted).keyText == ClearSigningScope.node(actual).keyText
            }
        }
    }
}
