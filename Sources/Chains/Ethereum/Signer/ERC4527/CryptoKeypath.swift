import AirsignEncoding
import AirsignKeys

/// `crypto-keypath` (BCR-2020-007, CBOR tag 304): a BIP32 path as a flat array of
/// `index, is-hardened` pairs, with the master key's fingerprint and the depth.
///
/// A component is a concrete index, or the wildcard `*` (written `[]`) that a pairing export's
/// "children" path uses; sign requests must name concrete indexes (`concretePath`).
/// Ranges (`[low, high]`) are refused: nothing in ERC-4527 uses them.
public struct CryptoKeypath: Equatable, Sendable {
    public static let tag: UInt64 = 304
    /// BCR's v2 tag for the same structure (read, never written: ERC-4527 wallets use 304).
    public static let tagV2: UInt64 = 40304

    public enum Component: Equatable, Sendable {
        /// An index below 2^31 and whether it is hardened.
        case index(UInt32, hardened: Bool)
        /// `*`: every index (pairing exports only).
        case wildcard(hardened: Bool)
    }

    public let components: [Component]
    /// The master key's fingerprint (first 4 bytes of HASH160 of its public key); never 0.
    public let sourceFingerprint: UInt32?
    public let depth: UInt8?

    public init(components: [Component], sourceFingerprint: UInt32? = nil, depth: UInt8? = nil) {
        self.components = components
        self.sourceFingerprint = sourceFingerprint
        self.depth = depth
    }

    /// The keypath of a concrete BIP32 path.
    public init(_ path: DerivationPath, sourceFingerprint: UInt32? = nil, depth: UInt8? = nil) {
        let offset = DerivationPath.hardenedOffset
        self.init(
            components: path.components.map { .index($0 & (offset - 1), hardened: $0 >= offset) },
            sourceFingerprint: sourceFingerprint, depth: depth)
    }

    /// The path as BIP32 indexes; refused when a component is a wildcard.
    public func concretePath(field: String) throws(ERC4527Error) -> DerivationPath {
        var indexes: [UInt32] = []
        for component in components {
            guard case let .index(index, hardened) = component else {
                throw ERC4527Error("\(field) has a wildcard (*); a key to sign with needs every index")
            }
            indexes.append(hardened ? index | DerivationPath.hardenedOffset : index)
        }
        do { return try DerivationPath(components: indexes) } catch { throw ERC4527Error("\(field): \(error)") }
    }

    /// `m/44'/60'/0'/0/*`-style text (`m` alone for no components).
    public var text: String {
        (["m"]
            + components.map { component -> String in
                switch component {
                case let .index(index, hardened): return "\(index)" + (hardened ? "'" : "")
                case let .wildcard(hardened): return "*" + (hardened ? "'" : "")
                }
            }).joined(separator: "/")
    }

    // MARK: CBOR

    /// Reads a tagged keypath (304, or 40304) from untrusted CBOR; `field` names it in errors.
    public static func decode(tagged value: CBORValue, field: String) throws(ERC4527Error) -> CryptoKeypath {
        guard case let .tag(number, content) = value, number == tag || number == tagV2 else {
            throw ERC4527Error("\(field) is \(value.kindDescription), not a crypto-keypath (tag 304)")
        }
        return try decode(content, field: field)
    }

    static func decode(_ value: CBORValue, field: String) throws(ERC4527Error) -> CryptoKeypath {
        let map = try IntKeyedMap(value, name: field, known: 1...3)
        let flat = try map.readRequired(1, "components") { v throws(EncodingError) in try v.asArray() }
        guard flat.count % 2 == 0 else {
            throw ERC4527Error("\(field).components has \(flat.count) items, not index/hardened pairs")
        }
        guard flat.count / 2 <= DerivationPath.maxDepth else {
            throw ERC4527Error("\(field).components is deeper than \(DerivationPath.maxDepth)")
        }
        var components: [Component] = []
        var position = 0
        while position + 1 < flat.count {
            let place = "\(field).components[\(position)]"
            guard case let .bool(hardened) = flat[position + 1] else {
                throw ERC4527Error(
                    "\(field).components[\(position + 1)] is \(flat[position + 1].kindDescription), not is-hardened (a boolean)"
                )
            }
            switch flat[position] {
            case let .unsigned(index):
                guard index < UInt64(DerivationPath.hardenedOffset) else {
                    throw ERC4527Error("\(place) is \(index), not below 2^31")
                }
                components.append(.index(UInt32(index), hardened: hardened))
            case let .array(items) where items.isEmpty:
                components.append(.wildcard(hardened: hardened))
            case .array:
                throw ERC4527Error("\(place) is a range of indexes, which ERC-4527 does not use")
            default:
                throw ERC4527Error("\(place) is \(flat[position].kindDescription), not an index or *")
            }
            position += 2
        }
        let fingerprint = try map.read(2, "source-fingerprint") { v throws(EncodingError) in try v.asUInt64() }
        if let fingerprint {
            guard fingerprint != 0, fingerprint <= UInt64(UInt32.max) else {
                throw ERC4527Error(
                    "\(field).source-fingerprint (key 2) is \(fingerprint), not a non-zero 32-bit number")
            }
        }
        let depth = try map.read(3, "depth") { v throws(EncodingError) in try v.asUInt64() }
        if let depth {
            guard depth <= UInt64(UInt8.max) else {
                throw ERC4527Error("\(field).depth (key 3) is \(depth), not below 256")
            }
        }
        return CryptoKeypath(
            components: components, sourceFingerprint: fingerprint.map { UInt32($0) }, depth: depth.map { UInt8($0) })
    }

    /// Tagged 304, as ERC-4527 wallets read it.
    public var tagged: CBORValue {
        var flat: [CBORValue] = []
        for component in components {
            switch component {
            case let .index(index, hardened): flat += [.unsigned(UInt64(index)), .bool(hardened)]
            case let .wildcard(hardened): flat += [.array([]), .bool(hardened)]
            }
        }
        var map = IntKeyedMapBuilder()
        map.add(1, .array(flat))
        map.add(2, sourceFingerprint.map { .unsigned(UInt64($0)) })
        map.add(3, depth.map { .unsigned(UInt64($0)) })
        return .tag(Self.tag, map.value)
    }
}
