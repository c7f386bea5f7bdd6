import AirsignCrypto
import AirsignEncoding
import AirsignKeys
import AirsignMessages
import AirsignWatch
import BigInt
import Glibc

/// A chain that exists only in tests, to drive the pipeline end to end: Ed25519 over a
/// trivially encoded transfer. Its id is one no real registry contains.
///
/// Addresses are `tst1` + the hex of the 32-byte public key. Payloads:
/// - `{"type":"transfer","tx":"0x…"}` with tx = "ATC1" ‖ network length (1 byte) ‖ network ‖
///   destination public key (32) ‖ amount (16, big-endian) ‖ fee (8, big-endian);
/// - `{"type":"approve","tx":"0x…"}` with tx = "ATA1" ‖ network length ‖ network ‖ spender
///   public key (32) ‖ allowance (16, big-endian; 2^128 − 1 is unlimited): nothing leaves, the
///   spender may take up to the allowance later;
/// - `{"type":"raw","data":"0x…"}`: bytes it cannot show, signed only with `--blind`.
/// The signature is Ed25519 over SHA-256("test-only-chain:" ‖ bytes), the digest computed here.
public struct TestChain: ChainModule {
    public static let id: ChainID = {
        guard let id = try? ChainID("test-only-chain") else { preconditionFailure("valid id") }
        return id
    }()
    public static let network = "test:net"
    public static let asset = Asset(chain: id, network: network, symbol: "TST", decimals: 6)
    static let domain = Array("test-only-chain:".utf8)

    public let chain = TestChain.id
    public let displayName = "Test chain"

    public init() {}

    public static func address(_ publicKey: [UInt8]) -> String { "tst1" + Hex.encode(publicKey) }

    public func addressIdentity(_ address: String) -> String? {
        guard address.hasPrefix("tst1"), let key = try? Hex.decode(address.dropFirst(4)), key.count == 32 else {
            return nil
        }
        return Hex.encode(key)
    }

    /// The transaction bytes of a transfer.
    public static func encodeTransfer(network: String = network, to: [UInt8], amount: BigUInt, fee: UInt64) -> [UInt8] {
        let amountBytes = (0..<16).map { UInt8(truncatingIfNeeded: amount >> (8 * (15 - $0))) }
        var out = Array("ATC1".utf8) + [UInt8(network.utf8.count)] + Array(network.utf8) + to + amountBytes
        for shift in stride(from: 56, through: 0, by: -8) {
            out.append(UInt8(truncatingIfNeeded: fee >> UInt64(shift)))
        }
        return out
    }

    public func review(_ request: SignRequest, context: ReviewContext) throws -> Review {
        guard addressIdentity(request.account.address) == Hex.encode(request.account.publicKey) else {
            throw TestChainError("account.address does not belong to account.publicKey")
        }
        let key = KeyRequirement(request.account, scheme: .ed25519)
        switch request.payloadType {
        case "transfer":
            guard case let .object(members) = request.payload, members.count == 2,
                case let .string(hex)? = request.payload["tx"]
            else {
                throw TestChainError("payload: a transfer has exactly \"type\" and \"tx\"")
            }
            let tx = try Hex.decode(hex)
            let decoded = try Self.decode(tx)
            guard decoded.network == request.network else {
                throw TestChainError("payload.tx is for network \(decoded.network), the request for \(request.network)")
            }
            let to = Self.address(decoded.to)
            return Review(
                request: request, title: "Test transfer",
                lines: [
                    ReviewLine("to", describe(to, in: context)),
                    ReviewLine("amount", AssetAmount(asset: Self.asset, amount: decoded.amount).formatted),
                    ReviewLine("fee", AssetAmount(asset: Self.asset, amount: BigUInt(decoded.fee)).formatted),
                ],
                warnings: decoded.amount == 0 ? ["the amount is zero"] : [],
                key: key,
                effects: [
                    .outflow(
                        Outflow(
                            AssetAmount(asset: Self.asset, amount: decoded.amount + BigUInt(decoded.fee)),
                            to: describe(to, in: context)))
                ],
                signing: [SigningItem(label: "transfer", value: Signed(signedBytes: Self.domain + tx))])
        case "approve":
            guard case let .object(members) = request.payload, members.count == 2,
                case let .string(hex)? = request.payload["tx"]
            else {
                throw TestChainError("payload: an approval has exactly \"type\" and \"tx\"")
            }
            let tx = try Hex.decode(hex)
            let decoded = try Self.decodeApproval(tx)
            guard decoded.network == request.network else {
                throw TestChainError("payload.tx is for network \(decoded.network), the request for \(request.network)")
            }
            let spender = describe(Self.address(decoded.spender), in: context)
            let unlimited = decoded.allowance == BigUInt(UInt128.max)
            let allowance =
                unlimited ? "Unlimited" : AmountFormat.decimal(decoded.allowance, decimals: Self.asset.decimals)
            return Review(
                request: request, title: "Test approval",
                lines: [
                    ReviewLine("token", "TST, 6 decimals", source: .signerTable),
                    ReviewLine("spender", spender),
                    ReviewLine("allowance", allowance + (unlimited ? "" : " TST")),
                ],
                warnings: unlimited
                    ? ["Unlimited approval: the spender may take all of this token, now and later"] : [],
                key: key,
                effects: [
                    .allowance(Approval(asset: "TST", spender: spender, allowance: allowance, isUnlimited: unlimited))
                ],
                signing: [SigningItem(label: "approval", value: Signed(signedBytes: Self.domain + tx))])
        case "raw":
            guard case let .object(members) = request.payload, members.count == 2,
                case let .string(hex)? = request.payload["data"]
            else {
                throw TestChainError("payload: raw has exactly \"type\" and \"data\"")
            }
            let data = try Hex.decode(hex)
            return Review(
                request: request, title: "Raw bytes", lines: [ReviewLine("data", "\(data.count) bytes")],
                key: key, effects: [.unknown(what: "raw bytes this chain cannot decode")],
                signing: [SigningItem(label: "raw", value: Signed(signedBytes: Self.domain + data))])
        default:
            throw TestChainError("payload.type \"\(request.payloadType)\" is unknown")
        }
    }

    /// What the test chain signs: the domain-tagged bytes, no more.
    public struct Signed: SignableValue {
        public let signedBytes: [UInt8]
        public init(signedBytes: [UInt8]) { self.signedBytes = signedBytes }
    }

    public func signingItems(_ request: SignRequest) throws -> [SigningItem] {
        let member = request.payloadType == "raw" ? "data" : "tx"
        let labels = ["transfer": "transfer", "approve": "approval", "raw": "raw"]
        guard let label = labels[request.payloadType], case let .string(hex)? = request.payload[member] else {
            throw TestChainError("payload.type \"\(request.payloadType)\" is unknown")
        }
        return [SigningItem(label: label, value: Signed(signedBytes: Self.domain + (try Hex.decode(hex))))]
    }

    public func sign(_ review: Review, with key: SigningKey) throws -> SignedOutput {
        guard case let .ed25519(privateKey) = key else { throw TestChainError("the test chain signs with Ed25519") }
        let signatures = review.signing.map { Hex.encode(privateKey.sign(SHA256.hash($0.bytes)), prefix: true) }
        let signed = review.signing.first.map { Array($0.bytes.dropFirst(Self.domain.count)) } ?? []
        let result: JSONValue = .object([(key: "signed", value: .string(Hex.encode(signed, prefix: true)))])
        return SignedOutput(signatures: signatures, result: result)
    }

    /// The test chain's "native" unsigned form: `ATC-NATIVE <from address> <tx hex>`, one line.
    public func nativeRequests(_ input: [UInt8], accounts: [OwnAccount]) throws -> [SignRequest]? {
        guard let text = String(validating: input, as: UTF8.self), text.hasPrefix("ATC-NATIVE ") else { return nil }
        let parts = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard parts.count == 3 else { throw TestChainError("ATC-NATIVE needs an address and a transaction") }
        guard let own = accounts.first(where: { $0.chain == chain && $0.address == parts[1] }) else {
            throw TestChainError("\(parts[1]) is not one of your accounts")
        }
        let payload: JSONValue = .object([
            (key: "type", value: .string("transfer")), (key: "tx", value: .string(parts[2])),
        ])
        return [
            try SignRequest.make(
                chain: chain, network: Self.network,
                account: MessageAccount(address: own.address, publicKey: own.publicKey), payload: payload)
        ]
    }

    /// The transaction bytes of an approval.
    public static func encodeApproval(network: String = network, spender: [UInt8], allowance: BigUInt) -> [UInt8] {
        Array("ATA1".utf8) + [UInt8(network.utf8.count)] + Array(network.utf8) + spender
            + (0..<16).map { UInt8(truncatingIfNeeded: allowance >> (8 * (15 - $0))) }
    }

    static func decodeApproval(_ tx: [UInt8]) throws -> (network: String, spender: [UInt8], allowance: BigUInt) {
        guard tx.count >= 5, Array(tx.prefix(4)) == Array("ATA1".utf8) else {
            throw TestChainError("payload.tx is not an approval")
        }
        let length = Int(tx[4])
        guard tx.count == 5 + length + 32 + 16,
            let network = String(validating: Array(tx[5..<5 + length]), as: UTF8.self)
        else {
            throw TestChainError("payload.tx is not a well-formed approval")
        }
        let spender = Array(tx[(5 + length)..<(5 + length + 32)])
        let allowance = tx.suffix(16).reduce(BigUInt(0)) { $0 << 8 | BigUInt($1) }
        return (network, spender, allowance)
    }

    static func decode(_ tx: [UInt8]) throws -> (network: String, to: [UInt8], amount: BigUInt, fee: UInt64) {
        var cursor = tx[...]
        func take(_ count: Int) throws -> ArraySlice<UInt8> {
            guard cursor.count >= count else { throw TestChainError("payload.tx is truncated") }
            defer { cursor = cursor.dropFirst(count) }
            return cursor.prefix(count)
        }
        guard Array(try take(4)) == Array("ATC1".utf8) else { throw TestChainError("payload.tx has the wrong magic") }
        guard let length = try take(1).first else { throw TestChainError("payload.tx is truncated") }
        guard let network = String(validating: Array(try take(Int(length))), as: UTF8.self) else {
            throw TestChainError("payload.tx network is not UTF-8")
        }
        let to = Array(try take(32))
        let amount = try take(16).reduce(BigUInt(0)) { $0 << 8 | BigUInt($1) }
        let fee = try take(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard cursor.isEmpty else { throw TestChainError("payload.tx has \(cursor.count) trailing bytes") }
        return (network, to, amount, fee)
    }
}

/// The test chain's refusals.
public struct TestChainError: Error, CustomStringConvertible, Equatable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Fixed keys and requests for the tests of every module.
public enum TestChainFixtures {
    /// Ed25519 seeds 0x01…, 0x02…: deterministic test keys.
    public static func seed(_ n: UInt8) -> SecureBytes { SecureBytes(copying: [UInt8](repeating: n, count: 32)) }

    public static func key(_ n: UInt8) -> Ed25519.PrivateKey {
        guard let key = try? Ed25519.PrivateKey(seed: seed(n)) else { preconditionFailure("valid seed") }
        return key
    }

    public static func account(_ n: UInt8) -> MessageAccount {
        let publicKey = key(n).publicKey
        guard let account = try? MessageAccount(address: TestChain.address(publicKey), publicKey: publicKey) else {
            preconditionFailure("valid account")
        }
        return account
    }

    /// A transfer request from account `from` to account `to`, with a fixed id when given.
    public static func transfer(
        id: String? = nil, from: UInt8 = 1, to: UInt8 = 2, amount: BigUInt = 1_500_000, fee: UInt64 = 1_000,
        network: String = TestChain.network, note: String? = nil
    ) throws -> SignRequest {
        let tx = TestChain.encodeTransfer(network: network, to: key(to).publicKey, amount: amount, fee: fee)
        let payload: JSONValue = .object([
            (key: "type", value: .string("transfer")), (key: "tx", value: .string(Hex.encode(tx, prefix: true))),
        ])
        let requestID = try id.map { try RequestID($0) } ?? RequestID.random()
        return try SignRequest(
            id: requestID, chain: TestChain.id, network: TestChain.network, account: account(from), payload: payload,
            note: note)
    }

    /// An approval of `allowance` to `spender`'s account.
    public static func approval(
        id: String? = nil, from: UInt8 = 1, spender: UInt8 = 2, allowance: BigUInt, note: String? = nil
    ) throws -> SignRequest {
        let tx = TestChain.encodeApproval(spender: key(spender).publicKey, allowance: allowance)
        let payload: JSONValue = .object([
            (key: "type", value: .string("approve")), (key: "tx", value: .string(Hex.encode(tx, prefix: true))),
        ])
        let requestID = try id.map { try RequestID($0) } ?? RequestID.random()
        return try SignRequest(
            id: requestID, chain: TestChain.id, network: TestChain.network, account: account(from), payload: payload,
            note: note)
    }

    /// A raw (blind) request.
    public static func raw(id: String? = nil, from: UInt8 = 1, data: [UInt8] = [1, 2, 3]) throws -> SignRequest {
        let payload: JSONValue = .object([
            (key: "type", value: .string("raw")), (key: "data", value: .string(Hex.encode(data, prefix: true))),
        ])
        let requestID = try id.map { try RequestID($0) } ?? RequestID.random()
        return try SignRequest(
            id: requestID, chain: TestChain.id, network: TestChain.network, account: account(from), payload: payload)
    }
}

/// A fresh private directory for a test, removed when released (on /dev/shm when there is one).
public final class ScratchDirectory: Sendable {
    public let path: String

    public init() {
        let base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
        path = base + "/airsign-test-" + RequestID.random().short + RequestID.random().short
        precondition(mkdir(path, 0o700) == 0, "cannot create \(path)")
    }

    deinit {
        // Test scratch only: remove what the test left.
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/rm"), strdup("-rf"), strdup(path), nil]
        defer { argv.forEach { free($0) } }
        if posix_spawn(&pid, "/bin/rm", nil, nil, argv, environ) == 0 {
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
    }
}

/// The test chain's side of the watch: checks a response as a real chain's finalizer does.
public struct TestChainFinalizer: ChainFinalizer {
    public let chain = TestChain.id
    public let displayName = "Test chain"

    public init() {}

    public func finalize(_ response: SignResponse, for request: SignRequest) throws -> Finalized {
        let review = try TestChain().review(request, context: ReviewContext(now: 0))
        guard response.signatures.count == review.signing.count else {
            throw TestChainError("wrong number of signatures")
        }
        for (signature, item) in zip(response.signatures, review.signing) {
            let bytes = try Hex.decode(signature)
            guard
                Ed25519.isValidSignature(bytes, message: SHA256.hash(item.bytes), publicKey: request.account.publicKey)
            else {
                throw TestChainError("the signature does not verify for \(request.account.address)")
            }
        }
        let signed = review.signing.first.map { Array($0.bytes.dropFirst(TestChain.domain.count)) } ?? []
        let result: JSONValue = .object([(key: "signed", value: .string(Hex.encode(signed, prefix: true)))])
        if let given = response.result, given != result {
            throw TestChainError("result differs from the signed request")
        }
        let full = try SignResponse(
            id: request.id, chain: request.chain, network: request.network, account: request.account,
            signatures: response.signatures, result: result)
        return Finalized(response: full, lines: [ReviewLine("signed", "\(signed.count) bytes")])
    }
}
