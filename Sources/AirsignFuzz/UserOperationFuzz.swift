import AirsignEncoding
import AirsignEthereum
import AirsignKeys
import AirsignMessages
import BigInt

/// What `ethereumUserOperation` builds and checks against: call data in each account interface
/// (0 `execute`, 1 `executeBatch`, 2 SimpleAccount v0.7's arrays, 3 ERC-7579 single, 4 ERC-7579
/// batch), written with the ABI encoder, and the module's review of an operation.
enum UserOperationFuzz {
    typealias Call = AccountCalls.Call

    static let tuple = ABIType.tuple([
        ABIParameter(type: .address), ABIParameter(type: .uint(256)), ABIParameter(type: .bytes),
    ])

    /// `calls` in `form`; for ERC-7579, `mode` (default: single or batch, default exec type);
    /// `emptyValues` writes SimpleAccount's empty value list. Nil when the form cannot hold them.
    static func encode(_ calls: [Call], form: Int, mode: [UInt8]? = nil, emptyValues: Bool = false) -> [UInt8]? {
        let tuples: [ABIValue] = calls.map { .tuple([.address($0.target), .uint($0.value), .bytes($0.data)]) }
        switch form {
        case 0:
            guard calls.count == 1, let call = calls.first else { return nil }
            return
                (try? ABIEncoder.encode(
                    [.address(call.target), .uint(call.value), .bytes(call.data)], as: [.address, .uint(256), .bytes]))
                .map { AccountCalls.execute + $0 }
        case 1:
            return (try? ABIEncoder.encode([.array(tuples)], as: [.array(tuple)])).map {
                AccountCalls.executeBatch + $0
            }
        case 2:
            return
                (try? ABIEncoder.encode(
                    [
                        .array(calls.map { .address($0.target) }),
                        .array(emptyValues ? [] : calls.map { .uint($0.value) }),
                        .array(calls.map { .bytes($0.data) }),
                    ], as: [.array(.address), .array(.uint(256)), .array(.bytes)]))
                .map { AccountCalls.executeBatchArrays + $0 }
        case 3:
            guard calls.count == 1, let call = calls.first else { return nil }
            let execution = call.target.bytes + call.value.serializedWord + call.data
            return execute7579(mode ?? [UInt8](repeating: 0, count: 32), execution)
        case 4:
            guard let execution = try? ABIEncoder.encode([.array(tuples)], as: [.array(tuple)]) else { return nil }
            return execute7579(mode ?? ([1] + [UInt8](repeating: 0, count: 31)), execution)
        default:
            return nil
        }
    }

    private static func execute7579(_ mode: [UInt8], _ execution: [UInt8]) -> [UInt8]? {
        (try? ABIEncoder.encode([.fixedBytes(mode), .bytes(execution)], as: [.fixedBytes(32), .bytes]))
            .map { AccountCalls.execute7579 + $0 }
    }

    /// The calls the signer reads from `data`, or nil.
    static func read(_ data: [UInt8]) -> [Call]? { AccountCalls(data)?.calls }

    /// Every encoding `encode` can write of the calls read from `data` (the form by its
    /// selector, ERC-7579's mode as it is, SimpleAccount's value list either way).
    static func reencodings(_ calls: [Call], of data: [UInt8]) -> [[UInt8]] {
        let selector = Array(data.prefix(4))
        switch selector {
        case AccountCalls.execute: return encode(calls, form: 0).map { [$0] } ?? []
        case AccountCalls.executeBatch: return encode(calls, form: 1).map { [$0] } ?? []
        case AccountCalls.executeBatchArrays:
            return [encode(calls, form: 2), encode(calls, form: 2, emptyValues: true)].compactMap { $0 }
        case AccountCalls.execute7579:
            guard data.count >= 36 else { return [] }
            let mode = Array(data[4..<36])
            return [encode(calls, form: mode[0] == 0 ? 3 : 4, mode: mode)].compactMap { $0 }
        default: return []
        }
    }

    /// The module's review of `operation` as a v0.8 `user_operation` request from `account`.
    static func review(_ operation: PackedUserOperation, account: MessageAccount) throws -> Review {
        let payload: JSONValue = .object([
            (key: "type", value: .string("user_operation")),
            (key: "entryPoint", value: .string(EntryPointVersion.v08.address.checksummed)),
            (key: "userOperation", value: operation.json),
        ])
        let request = try SignRequest(
            id: RequestID("11111111-1111-4111-8111-111111111111"), chain: ChainID(Chain.ethereum),
            network: "eip155:1", account: account, payload: payload)
        return try EthereumChain().review(request, context: ReviewContext(now: 0))
    }
}

extension BigUInt {
    /// 32 big-endian bytes (the value fits: the fuzz target builds it below 2^256).
    fileprivate var serializedWord: [UInt8] {
        let bytes = Array(serialize())
        return [UInt8](repeating: 0, count: Swift.max(0, 32 - bytes.count)) + bytes.suffix(32)
    }
}
