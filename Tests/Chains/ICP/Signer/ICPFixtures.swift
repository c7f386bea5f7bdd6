import AirsignCrypto
import AirsignEncoding
import AirsignKeys
import AirsignMessages
import AirsignTestSupport
import BigInt

@testable import AirsignICP

/// quill's test identity (e2e/assets/identity.pem) and requests made with it.
enum ICPFixtures {
    static let privateKeyHex = "9b9631ce015fb2d696dd07dfce01c817d72251394c84580d0dd5b0c1f40f9421"
    static let principalText = "fdsgv-62ihb-nbiqv-xgic5-iefsv-3cscz-tmbzv-63qd5-vh43v-dqfrt-pae"
    /// The signed_envelope_example's expiry (nanoseconds) and a clock four minutes before it.
    static let expiry: UInt64 = 1_669_074_180_000_000_000
    static let now: Int64 = 1_669_074_180 - 240

    static var key: Secp256k1.PrivateKey {
        guard let key = try? Secp256k1.PrivateKey(SecureBytes(copying: testBytes(privateKeyHex))) else {
            preconditionFailure("valid key")
        }
        return key
    }

    static var account: MessageAccount {
        guard let account = try? MessageAccount(address: principalText, publicKey: key.publicKey.uncompressed) else {
            preconditionFailure("valid account")
        }
        return account
    }

    static var sender: Principal {
        guard let p = try? Principal(text: principalText) else { preconditionFailure("valid principal") }
        return p
    }

    /// quill's `transfer simple` arguments (vectors/icp.json derived_ledger_args[0]).
    static var transferArg: [UInt8] {
        guard
            let to = try? ICPAccountIdentifier(hex: "345f723e9e619934daac6ae0f4be13a7b0ba57d6a608e511a00fd0ded5866752")
        else { preconditionFailure("valid") }
        let transfer = ICPLedgerTransfer(
            to: to, amount: 12300, fee: 10000, memo: 0, fromSubaccount: nil, createdAtTime: 1_669_073_904_187_044_208)
        guard let arg = try? transfer.argumentBytes() else { preconditionFailure("a valid transfer encodes") }
        return arg
    }

    static func call(
        method: String = "transfer", canister: Principal = ICPLedger.icp.canister, arg: [UInt8] = transferArg,
        sender: Principal = sender, expiry: UInt64 = expiry
    ) -> ICPCallContent {
        ICPCallContent(sender: sender, canisterID: canister, methodName: method, arg: arg, ingressExpiry: expiry)
    }

    static func request(_ contents: [[UInt8]], account: MessageAccount = account) throws -> SignRequest {
        let payload: JSONValue =
            contents.count == 1
            ? .object([("type", .string("call")), ("content", .string(Hex.encode(contents[0])))])
            : .object([("type", .string("call")), ("contents", .array(contents.map { .string(Hex.encode($0)) }))])
        return try SignRequest(
            id: try RequestID("0f8a3c2e-5b1d-4e7f-9a6b-2c3d4e5f6a7b"), chain: ChainID(Chain.icp),
            network: ICPChain.network,
            account: account, payload: payload)
    }

    static func request(_ calls: [ICPCallContent]) throws -> SignRequest {
        try request(calls.map { ICPRequestContent.call($0).encoded })
    }
}
