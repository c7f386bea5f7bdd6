import AirsignEncoding
import AirsignKeys
import AirsignMessages
import AirsignSubstrate

/// A Kusama-shaped sign request whose RFC-0078 proof holds the types a fuzz target made: the
/// call's types as generated, and the signed extensions' types as Kusama's runtime lays them out
/// (CheckMortality an `Era`, CheckMetadataHash a `Mode` and `Option<H256>`, …). The proof holds
/// every leaf, so it needs no nodes, and the request signs its digest: it passes every check a
/// proof must pass before its call is read, as an attacker's would.
enum SubstrateProofRequest {
    /// Ids of the extensions' types, far above what the generators use.
    static let hash: UInt32 = 1_000_000, era: UInt32 = 1_000_001, mode: UInt32 = 1_000_002, option: UInt32 = 1_000_003

    static let extensionLeaves: [LeanType] = [
        LeanType(
            path: ["primitive_types", "H256"], definition: .array(length: 32, element: .scalar(.u8)), typeID: hash),
        // Era 0x8502 (below) is variant 133, Mortal133(u8).
        LeanType(
            path: ["sp_runtime", "generic", "era", "Era"],
            definition: .enumeration(
                LeanVariant(
                    name: "Mortal133", fields: [LeanField(name: nil, type: .scalar(.u8), typeName: nil)], index: 133)),
            typeID: era),
        LeanType(
            path: ["frame_metadata_hash_extension", "Mode"],
            definition: .enumeration(LeanVariant(name: "Enabled", fields: [], index: 1)), typeID: mode),
        LeanType(
            path: ["Option"],
            definition: .enumeration(
                LeanVariant(name: "Some", fields: [LeanField(name: nil, type: .byID(hash), typeName: nil)], index: 1)),
            typeID: option),
    ]

    static let extensions: [(String, TypeRef, TypeRef)] = [
        ("CheckNonZeroSender", .void, .void), ("CheckSpecVersion", .void, .scalar(.u32)),
        ("CheckTxVersion", .void, .scalar(.u32)),
        ("CheckGenesis", .void, .byID(hash)), ("CheckMortality", .byID(era), .byID(hash)),
        ("CheckNonce", .compact(.u32), .void),
        ("CheckWeight", .void, .void), ("ChargeTransactionPayment", .compact(.u128), .void),
        ("CheckMetadataHash", .byID(mode), .byID(option)),
    ]

    static let extraInfo = ExtraInfo(
        specVersion: 1_002_006, specName: "kusama", base58Prefix: 2, decimals: 12, tokenSymbol: "KSM")
    static let publicKey = [UInt8](repeating: 0x11, count: 32)

    /// The request signing `method`, decoded from `callType` by `callLeaves`.
    static func make(callLeaves: [LeanType], callType: TypeRef, method: [UInt8]) throws -> SignRequest {
        let extrinsic = LeanExtrinsicMetadata(
            version: 4, address: .void, call: callType, signature: .void,
            extensions: extensions.map {
                LeanExtrinsicMetadata.Extension(identifier: $0.0, extra: $0.1, additional: $0.2)
            })
        let (proof, digest) = MetadataProof.holdingEvery(
            callLeaves + extensionLeaves, extrinsic: extrinsic, extraInfo: extraInfo)
        let address = try SS58.encode(publicKey, prefix: 2)
        let payload: JSONValue = .object([
            ("address", .string(address)), ("blockHash", .string("0x" + String(repeating: "22", count: 32))),
            ("blockNumber", .string("0x000003e8")),
            ("era", .string("0x8502")),
            ("genesisHash", .string("0xb0a8d493285c2df73290dfb7e61f870f17b41801197a149ca93654499ea3dafe")),
            ("method", .string("0x" + Hex.encode(method))), ("nonce", .string("0x00000007")),
            ("signedExtensions", .array(extensions.map { .string($0.0) })), ("specVersion", .string("0x000f4a16")),
            ("tip", .string("0x00000000000000000000000000000000")), ("transactionVersion", .string("0x0000001a")),
            ("version", .number("4")),
            ("assetId", .null), ("metadataHash", .string("0x" + Hex.encode(digest))), ("mode", .number("1")),
        ])
        let body: JSONValue = .object([
            ("type", .string("extrinsic")), ("signerPayload", payload),
            ("metadataProof", .string("0x" + Hex.encode(proof.encoded))),
        ])
        return try SignRequest(
            id: RequestID("22222222-2222-4222-8222-222222222222"), chain: ChainID(Chain.substrate),
            network: "polkadot:b0a8d493285c2df73290dfb7e61f870f",
            account: try MessageAccount(address: address, publicKey: publicKey),
            payload: body)
    }
}
