import AirsignEncoding

/// A `crypto-hdkey` (BCR-2020-007, CBOR tag 303) public derived key, the pairing export that
/// MetaMask's "QR-based hardware wallet" (and Rabby, Keystone's keyrings) import: the key and
/// chain code at the account level (`m/44'/60'/0'`), from which the wallet derives
/// `0/i` below it.
///
/// Written as Keystone writes it: `{2: false, 3: key, 4: chain code, 5: coin-info {1: 60},
/// 6: origin keypath (master fingerprint, depth), 7: children 0/*, 8: parent fingerprint,
/// 9: name, 10: note}`.
public struct CryptoHDKey: Equatable, Sendable {
    public static let urType = "crypto-hdkey"
    public static let tag: UInt64 = 303
    /// The `crypto-coin-info` tag (use-info).
    public static let coinInfoTag: UInt64 = 305

    /// 33-byte compressed secp256k1 public key.
    public let keyData: [UInt8]
    /// 32 bytes.
    public let chainCode: [UInt8]
    /// SLIP-44 coin type of `use-info` (60 for Ether); nil leaves use-info out.
    public let coinType: UInt64?
    public let origin: CryptoKeypath?
    public let children: CryptoKeypath?
    public let parentFingerprint: UInt32?
    public let name: String?
    /// `account.standard` for BIP44 `m/44'/60'/0'/0/i` accounts.
    public let note: String?

    public init(
        keyData: [UInt8], chainCode: [UInt8], coinType: UInt64?, origin: CryptoKeypath?, children: CryptoKeypath?,
        parentFingerprint: UInt32?, name: String?, note: String?
    ) {
        self.keyData = keyData
        self.chainCode = chainCode
        self.coinType = coinType
        self.origin = origin
        self.children = children
        self.parentFingerprint = parentFingerprint
        self.name = name
        self.note = note
    }

    /// The untagged map (the content of tag 303).
    public var value: CBORValue {
        var map = IntKeyedMapBuilder()
        map.add(2, .bool(false))
        map.add(3, .bytes(keyData))
        map.add(4, .bytes(chainCode))
        map.add(
            5,
            coinType.map {
                .tag(
                    Self.coinInfoTag,
                    .map([(key: .unsigned(1), value: .unsigned($0)), (key: .unsigned(2), value: .unsigned(0))]))
            })
        map.add(6, origin?.tagged)
        map.add(7, children?.tagged)
        map.add(8, parentFingerprint.map { .unsigned(UInt64($0)) })
        map.add(9, name.map { .text($0) })
        map.add(10, note.map { .text($0) })
        return map.value
    }

    /// The untagged CBOR for a `ur:crypto-hdkey`.
    public func cbor() throws(ERC4527Error) -> [UInt8] {
        try ERC4527CBOR.encode(value)
    }

    /// Reads a `crypto-hdkey` public key (untagged CBOR, or tagged 303 inside a
    /// `crypto-account`). Private keys and master keys are refused: a pairing carries neither.
    public init(cbor bytes: [UInt8]) throws(ERC4527Error) {
        try self.init(value: try ERC4527CBOR.decode(bytes, what: "crypto-hdkey"))
    }

    init(value: CBORValue) throws(ERC4527Error) {
        let map = try IntKeyedMap(value, name: "crypto-hdkey", known: 1...10)
        if try map.read(1, "is-master", { v throws(EncodingError) in try v.asBool() }) == true {
            throw ERC4527Error("crypto-hdkey is a master key; a pairing exports an account's public key")
        }
        if try map.read(2, "is-private", { v throws(EncodingError) in try v.asBool() }) == true {
            throw ERC4527Error("crypto-hdkey holds a private key; refused")
        }
        keyData = try map.readRequired(3, "key-data") { v throws(EncodingError) in try v.asBytes() }
        guard keyData.count == 33 else {
            throw ERC4527Error("crypto-hdkey.key-data (key 3) is \(keyData.count) bytes, not a 33-byte public key")
        }
        chainCode = try map.readRequired(4, "chain-code") { v throws(EncodingError) in try v.asBytes() }
        guard chainCode.count == 32 else {
            throw ERC4527Error("crypto-hdkey.chain-code (key 4) is \(chainCode.count) bytes, not 32")
        }
        coinType = try map.read(5, "use-info") { v throws(EncodingError) in try Self.coinType(v) }
        origin = try map.optional(6).map { v throws(ERC4527Error) in
            try CryptoKeypath.decode(tagged: v, field: "crypto-hdkey.origin")
        }
        children = try map.optional(7).map { v throws(ERC4527Error) in
            try CryptoKeypath.decode(tagged: v, field: "crypto-hdkey.children")
        }
        let parent = try map.read(8, "parent-fingerprint") { v throws(EncodingError) in try v.asUInt64() }
        if let parent, parent > UInt64(UInt32.max) {
            throw ERC4527Error("crypto-hdkey.parent-fingerprint (key 8) is not a 32-bit number")
        }
        parentFingerprint = parent.map { UInt32($0) }
        name = try map.read(9, "name") { v throws(EncodingError) in try v.asText() }
        note = try map.read(10, "note") { v throws(EncodingError) in try v.asText() }
    }

    /// The `type` (key 1) of a tagged `crypto-coin-info`; 0 (Bitcoin) when absent, as BCR says.
    private static func coinType(_ value: CBORValue) throws(EncodingError) -> UInt64 {
        for entry in try value.untagged(coinInfoTag).asMap() where entry.key == .unsigned(1) {
            return try entry.value.asUInt64()
        }
        return 0
    }
}
