import AirsignEncoding
import AirsignMessages

/// Decoded arguments as review lines when no descriptor formats them (the request's ABI
/// fragment): `name (type)` and the value, integers in decimal, addresses labelled, bytes in
/// hex, strings quoted and escaped, arrays and tuples one level deeper per element.
enum ABIValueText {
    static func lines(_ parameter: ABIParameter, _ value: ABIValue, level: Int, describe: (EthereumAddress) -> String)
        -> [ReviewLine]
    {
        let label =
            parameter.name.isEmpty ? parameter.type.canonical : "\(parameter.name) (\(parameter.type.canonical))"
        return lines(label: label, type: parameter.type, value, level: level, describe: describe)
    }

    private static func lines(
        label: String, type: ABIType, _ value: ABIValue, level: Int, describe: (EthereumAddress) -> String
    ) -> [ReviewLine] {
        switch (type, value) {
        case let (.array(element), .array(items)), let (.fixedArray(element, _), .array(items)):
            var out = [ReviewLine(label, "\(items.count) element\(items.count == 1 ? "" : "s")", level: level)]
            for (index, item) in items.enumerated() {
                out += lines(label: "[\(index)]", type: element, item, level: level + 1, describe: describe)
            }
            return out
        case let (.tuple(components), .tuple(items)):
            var out = [ReviewLine(label, "", level: level)]
            for (component, item) in zip(components, items) {
                out += lines(component, item, level: level + 1, describe: describe)
            }
            return out
        default:
            return [ReviewLine(label, text(value, describe: describe), level: level)]
        }
    }

    /// One elementary value as text.
    static func text(_ value: ABIValue, describe: (EthereumAddress) -> String) -> String {
        switch value {
        case .uint(let n): return String(n)
        case .int(let n): return String(n)
        case .address(let address): return describe(address)
        case .bool(let flag): return flag ? "true" : "false"
        case .fixedBytes(let bytes), .bytes(let bytes): return Hex.encode(bytes, prefix: true)
        case .string(let text): return text.debugDescription
        case .array(let items), .tuple(let items):
            return "[" + items.map { text($0, describe: describe) }.joined(separator: ", ") + "]"
        }
    }
}

/// Warnings the standards' own meaning calls for, whatever descriptor shows the call.
enum StandardWarnings {
    static func call(
        _ function: ABIFunction, _ arguments: DataNode, container: ClearSigningScope.Container,
        environment: ClearSigningEnvironment
    ) -> [String] {
        guard case .record(let members) = arguments else { return [] }
        let named = Dictionary(members.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        switch function.canonicalSignature {
        case "execTransaction(address,uint256,bytes,uint8,uint256,uint256,uint256,address,address,bytes)":
            if case .uint(let operation)? = named["operation"], operation == 1 {
                return [
                    "DELEGATECALL: the Safe runs the inner call's code as its own, with full control of the Safe's funds, owners and modules; sign only if you know that contract"
                ]
            }
        case "setApprovalForAll(address,bool)":
            if case .bool(true)? = named["approved"], case .address(let grantee)? = named["operator"] {
                return [
                    "APPROVAL FOR ALL inside a call: \(environment.describe(grantee)) may move every token of the collection \(container.to?.checksummed ?? "?") this account holds"
                ]
            }
        case "approve(address,uint256)":
            if case .uint(let amount)? = named["_value"], Allowance.isUnlimited(amount),
                case .address(let spender)? = named["_spender"]
            {
                return [
                    "UNLIMITED approval inside a call: \(environment.describe(spender)) may take all of \(container.to?.checksummed ?? "the token")'s tokens of \(container.from.checksummed)"
                ]
            }
        default:
            break
        }
        return []
    }
}
