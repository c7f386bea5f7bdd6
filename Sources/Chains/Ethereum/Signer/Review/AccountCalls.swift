import AirsignEncoding
import BigInt

/// The calls a smart account makes for a user operation's `callData`, for the account
/// interfaces the signer reads (each decoded strictly; anything else is not read):
/// - `execute(address,uint256,bytes)` and `executeBatch((address,uint256,bytes)[])`:
///   eth-infinitism's BaseAccount v0.8 (SimpleAccount, Simple7702Account);
/// - `executeBatch(address[],uint256[],bytes[])`: SimpleAccount v0.7 (an empty value list means
///   no value for every call);
/// - ERC-7579 `execute(bytes32 mode, bytes executionCalldata)` with call type single (0x00) or
///   batch (0x01), exec type default (0x00) or try (0x01), and the rest of the mode zero:
///   single `target ‖ value ‖ callData` packed, batch `abi.encode((address,uint256,bytes)[])`.
package struct AccountCalls {
    package struct Call: Equatable {
        package let target: EthereumAddress
        package let value: BigUInt
        package let data: [UInt8]

        package init(target: EthereumAddress, value: BigUInt, data: [UInt8]) {
            self.target = target
            self.value = value
            self.data = data
        }
    }

    /// Which interface read the calls, for the review.
    package let form: String
    package let calls: [Call]
    /// ERC-7579's try mode: a call that reverts does not undo the others.
    package let mayFail: Bool

    package static let execute: [UInt8] = [0xb6, 0x1d, 0x27, 0xf6]
    package static let executeBatch: [UInt8] = [0x34, 0xfc, 0xd5, 0xbe]
    package static let executeBatchArrays: [UInt8] = [0x47, 0xe1, 0xda, 0x2a]
    package static let execute7579: [UInt8] = [0xe9, 0xae, 0x5c, 0x53]

    /// The signatures the selectors above are the Keccak-256 of (a test holds them together).
    static let signatures: [(selector: [UInt8], signature: String)] = [
        (execute, "execute(address,uint256,bytes)"), (executeBatch, "executeBatch((address,uint256,bytes)[])"),
        (executeBatchArrays, "executeBatch(address[],uint256[],bytes[])"), (execute7579, "execute(bytes32,bytes)"),
    ]

    private static let callTuple = ABIType.tuple([
        ABIParameter(type: .address), ABIParameter(type: .uint(256)), ABIParameter(type: .bytes),
    ])

    /// The calls `data` makes the account perform, or nil when it is none of the forms above.
    package init?(_ data: [UInt8]) {
        guard data.count >= 4 else { return nil }
        let selector = Array(data.prefix(4))
        let arguments = Array(data.dropFirst(4))
        switch selector {
        case Self.execute:
            guard let values = try? ABIDecoder.decode([.address, .uint(256), .bytes], from: arguments),
                let call = Self.call(values)
            else { return nil }
            (form, calls, mayFail) = ("execute", [call], false)
        case Self.executeBatch:
            guard let values = try? ABIDecoder.decode([.array(Self.callTuple)], from: arguments),
                case .array(let items)? = values.first
            else { return nil }
            var calls: [Call] = []
            for item in items {
                guard case .tuple(let fields) = item, let call = Self.call(fields) else { return nil }
                calls.append(call)
            }
            (form, self.calls, mayFail) = ("executeBatch", calls, false)
        case Self.executeBatchArrays:
            guard
                let values = try? ABIDecoder.decode(
                    [.array(.address), .array(.uint(256)), .array(.bytes)], from: arguments),
                values.count == 3, case .array(let targets) = values[0], case .array(let amounts) = values[1],
                case .array(let datas) = values[2], targets.count == datas.count,
                amounts.isEmpty || amounts.count == targets.count
            else { return nil }
            var calls: [Call] = []
            for index in targets.indices {
                let value = amounts.isEmpty ? ABIValue.uint(0) : amounts[index]
                guard let call = Self.call([targets[index], value, datas[index]]) else { return nil }
                calls.append(call)
            }
            (form, self.calls, mayFail) = ("executeBatch (arrays)", calls, false)
        case Self.execute7579:
            guard let values = try? ABIDecoder.decode([.fixedBytes(32), .bytes], from: arguments),
                values.count == 2, case .fixedBytes(let mode) = values[0], case .bytes(let execution) = values[1],
                mode.count == 32, mode[2...].allSatisfy({ $0 == 0 }), mode[1] <= 1
            else { return nil }
            let tries = mode[1] == 1
            switch mode[0] {
            case 0x00:
                guard execution.count >= 52, let target = try? EthereumAddress(bytes: Array(execution[0..<20])) else {
                    return nil
                }
                let call = Call(
                    target: target, value: BigUInt(bigEndian: Array(execution[20..<52])), data: Array(execution[52...]))
                (form, calls, mayFail) = ("ERC-7579 execute (single\(tries ? ", try" : ""))", [call], tries)
            case 0x01:
                guard let batch = try? ABIDecoder.decode([.array(Self.callTuple)], from: execution),
                    case .array(let items)? = batch.first
                else { return nil }
                var calls: [Call] = []
                for item in items {
                    guard case .tuple(let fields) = item, let call = Self.call(fields) else { return nil }
                    calls.append(call)
                }
                (form, self.calls, mayFail) = ("ERC-7579 execute (batch\(tries ? ", try" : ""))", calls, tries)
            default:
                return nil
            }
        default:
            return nil
        }
    }

    private static func call(_ values: [ABIValue]) -> Call? {
        guard values.count == 3, case .address(let target) = values[0], case .uint(let value) = values[1],
            case .bytes(let data) = values[2]
        else { return nil }
        return Call(target: target, value: value, data: data)
    }
}
