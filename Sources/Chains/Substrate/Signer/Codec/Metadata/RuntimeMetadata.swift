import AirsignEncoding

/// Runtime metadata V14/V15 (frame-metadata `RuntimeMetadataPrefixed`): the portable type
/// registry, each pallet's index, call type and call variants, the extrinsic's types and signed
/// extensions (identifier, extra type, additional type) in order, and System's `Version` and
/// `SS58Prefix` constants. The whole blob is read strictly (every type, pallet, storage entry
/// and constant; V15 runtime APIs, outer enums and custom values), so a blob that does not parse
/// is refused rather than half used.
public struct RuntimeMetadata: Sendable, Equatable {
    public struct Pallet: Sendable, Equatable {
        public let name: String
        public let index: UInt8
        /// Call names by call index; empty when the pallet has no calls.
        public let calls: [(name: String, index: UInt8)]
        /// The pallet's `Call` enum in the registry, when it has calls.
        public let callType: UInt32?

        public static func == (a: Pallet, b: Pallet) -> Bool {
            a.name == b.name && a.index == b.index && a.callType == b.callType
                && a.calls.elementsEqual(b.calls, by: { $0 == $1 })
        }

        /// The index of the call named `name`.
        public func callIndex(_ name: String) -> UInt8? { calls.first { $0.name == name }?.index }
    }

    /// The runtime's name and versions, from System's `Version` constant (sp-version
    /// `RuntimeVersion`): what a runtime table is keyed by.
    public struct RuntimeVersion: Sendable, Equatable {
        public let specName: String
        public let specVersion: UInt32
        public let transactionVersion: UInt32
    }

    /// One signed extension: its identifier and the types of its extra (in the extrinsic and
    /// the payload) and additional (payload only) data.
    public struct SignedExtensionType: Sendable, Equatable {
        public let identifier: String
        public let extra: UInt32
        public let additional: UInt32
    }

    /// The extrinsic's format version and its address, call and signature types (V15 states
    /// them; in V14 they are the parameters of the `UncheckedExtrinsic` type).
    public struct ExtrinsicTypes: Sendable, Equatable {
        public let version: UInt8
        public let address: UInt32
        public let call: UInt32
        public let signature: UInt32
    }

    public let version: UInt8
    public let registry: PortableRegistry
    public let pallets: [Pallet]
    public let extrinsic: ExtrinsicTypes
    public let extensions: [SignedExtensionType]
    /// Nil when System has no `Version` constant.
    public let runtimeVersion: RuntimeVersion?
    /// System's `SS58Prefix` constant; nil when the runtime has none.
    public let ss58Prefix: UInt16?

    /// The signed-extension identifiers in runtime order.
    public var signedExtensions: [String] { extensions.map(\.identifier) }

    public func pallet(_ name: String) -> Pallet? { pallets.first { $0.name == name } }

    /// Reads `RuntimeMetadataPrefixed` ("meta", version, body), or the same wrapped in the
    /// `Option<Vec<u8>>` that `Metadata_metadata_at_version` returns.
    public init(decoding bytes: [UInt8]) throws(SubstrateError) {
        do {
            try self.init(reading: bytes)
        } catch let error as SubstrateError {
            throw error
        } catch {
            throw SubstrateError.metadata(reason: "\(error)")
        }
    }

    private init(reading input: [UInt8]) throws {
        var bytes = input
        if bytes.first == 1 {
            var wrapper = SCALEReader(bytes)
            _ = try wrapper.readInteger(UInt8.self)
            bytes = try wrapper.readByteVector(maxLength: input.count)
            try wrapper.finish()
        }
        var reader = SCALEReader(bytes, maxDepth: 8)
        guard try reader.readBytes(count: 4) == Array("meta".utf8) else {
            throw SubstrateError.metadata(reason: "it does not start with \"meta\"")
        }
        version = try reader.readInteger(UInt8.self)
        if version >= 16 {
            // V16 changes the extension list's shape (transaction extensions by version) and
            // RFC-0078 hashes V15: a proof built from V16 gives signatures the chain rejects.
            throw SubstrateError.metadataVersion(version, forHash: false)
        }
        guard version == 14 || version == 15 else { throw SubstrateError.metadataVersion(version, forHash: false) }
        let limit = bytes.count
        let registry = try PortableRegistry.read(&reader, limit: limit)
        self.registry = registry
        let palletCount = try reader.readLength(max: 256, minimumElementSize: 6)
        var pallets: [Pallet] = []
        var versionConstant: [UInt8]?
        var prefixConstant: [UInt8]?
        for _ in 0..<palletCount {
            let name = try reader.readString(maxLength: 256)
            if try reader.readOption({ try Self.readStorage(&$0, limit: limit) }) != nil {}
            let callType = try reader.readOption { try $0.readCompact(UInt32.self) }
            _ = try reader.readOption { try $0.readCompact(UInt32.self) }  // event
            let constants = try reader.readLength(max: limit, minimumElementSize: 4)
            for _ in 0..<constants {
                let constant = try reader.readString(maxLength: 256)
                _ = try reader.readCompact(UInt32.self)
                let value = try reader.readByteVector(maxLength: limit)
                if name == "System", constant == "Version" { versionConstant = value }
                if name == "System", constant == "SS58Prefix" { prefixConstant = value }
                try Self.skipDocs(&reader, limit: limit)
            }
            _ = try reader.readOption { try $0.readCompact(UInt32.self) }  // error
            let index = try reader.readInteger(UInt8.self)
            if version == 15 { try Self.skipDocs(&reader, limit: limit) }
            var calls: [(name: String, index: UInt8)] = []
            if let callType {
                guard case let .variant(variants) = try registry.type(callType).definition else {
                    throw SubstrateError.metadata(reason: "pallet \(name)'s call type \(callType) is not an enum")
                }
                calls = variants.map { ($0.name, $0.index) }
            }
            pallets.append(Pallet(name: name, index: index, calls: calls, callType: callType))
        }
        self.pallets = pallets
        let extrinsicType = version == 14 ? try reader.readCompact(UInt32.self) : nil
        let extrinsicVersion = try reader.readInteger(UInt8.self)
        if let extrinsicType {
            extrinsic = try Self.extrinsicTypes(of: extrinsicType, version: extrinsicVersion, in: registry)
        } else {
            let address = try reader.readCompact(UInt32.self), call = try reader.readCompact(UInt32.self)
            let signature = try reader.readCompact(UInt32.self)
            _ = try registry.type(try reader.readCompact(UInt32.self))  // extra: the extensions' tuple, not needed
            for id in [address, call, signature] { _ = try registry.type(id) }
            extrinsic = ExtrinsicTypes(version: extrinsicVersion, address: address, call: call, signature: signature)
        }
        extensions = try reader.readVector(maxCount: 256, minimumElementSize: 3) { reader in
            let identifier = try reader.readString(maxLength: 256)
            let extra = try reader.readCompact(UInt32.self), additional = try reader.readCompact(UInt32.self)
            _ = try registry.type(extra)
            _ = try registry.type(additional)
            return SignedExtensionType(identifier: identifier, extra: extra, additional: additional)
        }
        runtimeVersion = try versionConstant.map(Self.readRuntimeVersion)
        ss58Prefix = try prefixConstant.map { bytes in
            var reader = SCALEReader(bytes)
            let prefix = try reader.readInteger(UInt16.self)
            try reader.finish()
            return prefix
        }
        _ = try reader.readCompact(UInt32.self)  // runtime type
        if version == 15 { try Self.readV15Tail(&reader, limit: limit) }
        try reader.finish()
    }

    /// V14 names the address, call and signature types only as the parameters of the
    /// `UncheckedExtrinsic` type (sp-runtime `generic::UncheckedExtrinsic<Address, Call,
    /// Signature, Extra>`).
    private static func extrinsicTypes(of id: UInt32, version: UInt8, in registry: PortableRegistry) throws
        -> ExtrinsicTypes
    {
        let parameters = try registry.type(id).parameters
        func parameter(_ name: String) throws -> UInt32 {
            guard let type = parameters.first(where: { $0.name == name })?.type else {
                throw SubstrateError.metadata(reason: "the extrinsic type \(id) has no \(name) parameter")
            }
            return type
        }
        return ExtrinsicTypes(
            version: version, address: try parameter("Address"), call: try parameter("Call"),
            signature: try parameter("Signature"))
    }

    /// sp-version `RuntimeVersion`: spec name, impl name, authoring, spec and impl versions, the
    /// API list, the transaction version, then a state/system version byte in runtimes since
    /// that field was added (none before).
    private static func readRuntimeVersion(_ bytes: [UInt8]) throws -> RuntimeVersion {
        var reader = SCALEReader(bytes)
        let specName = try reader.readString(maxLength: 256)
        _ = try reader.readString(maxLength: 256)  // impl name
        _ = try reader.readInteger(UInt32.self)  // authoring version
        let specVersion = try reader.readInteger(UInt32.self)
        _ = try reader.readInteger(UInt32.self)  // impl version
        let apis = try reader.readLength(max: 1024, minimumElementSize: 12)
        _ = try reader.readBytes(count: apis * 12)
        let transactionVersion = try reader.readInteger(UInt32.self)
        if !reader.isAtEnd { _ = try reader.readInteger(UInt8.self) }
        try reader.finish()
        return RuntimeVersion(specName: specName, specVersion: specVersion, transactionVersion: transactionVersion)
    }

    private static func readStorage(_ reader: inout SCALEReader, limit: Int) throws {
        _ = try reader.readString(maxLength: limit)
        let entries = try reader.readLength(max: limit, minimumElementSize: 5)
        for _ in 0..<entries {
            _ = try reader.readString(maxLength: limit)
            let modifier = try reader.readInteger(UInt8.self)
            guard modifier <= 1 else {
                throw SubstrateError.metadata(reason: "storage modifier \(modifier) is unknown")
            }
            switch try reader.readVariantIndex() {
            case 0: _ = try reader.readCompact(UInt32.self)
            case 1:
                let hashers = try reader.readLength(max: 64)
                for _ in 0..<hashers {
                    let hasher = try reader.readInteger(UInt8.self)
                    guard hasher <= 6 else {
                        throw SubstrateError.metadata(reason: "storage hasher \(hasher) is unknown")
                    }
                }
                _ = try reader.readCompact(UInt32.self)
                _ = try reader.readCompact(UInt32.self)
            case let other: throw reader.unknownVariant(other, of: "StorageEntryType")
            }
            _ = try reader.readByteVector(maxLength: limit)
            try skipDocs(&reader, limit: limit)
        }
    }

    /// V15 after the runtime type: runtime APIs, outer enums, custom values.
    private static func readV15Tail(_ reader: inout SCALEReader, limit: Int) throws {
        let apis = try reader.readLength(max: limit, minimumElementSize: 3)
        for _ in 0..<apis {
            _ = try reader.readString(maxLength: limit)
            let methods = try reader.readLength(max: limit, minimumElementSize: 4)
            for _ in 0..<methods {
                _ = try reader.readString(maxLength: limit)
                let inputs = try reader.readLength(max: limit, minimumElementSize: 2)
                for _ in 0..<inputs {
                    _ = try reader.readString(maxLength: limit)
                    _ = try reader.readCompact(UInt32.self)
                }
                _ = try reader.readCompact(UInt32.self)
                try skipDocs(&reader, limit: limit)
            }
            try skipDocs(&reader, limit: limit)
        }
        for _ in 0..<3 { _ = try reader.readCompact(UInt32.self) }  // call, event, error enums
        let custom = try reader.readLength(max: limit, minimumElementSize: 3)
        for _ in 0..<custom {
            _ = try reader.readString(maxLength: limit)
            _ = try reader.readCompact(UInt32.self)
            _ = try reader.readByteVector(maxLength: limit)
        }
    }

    private static func skipDocs(_ reader: inout SCALEReader, limit: Int) throws {
        _ = try PortableRegistry.readStrings(&reader, limit: limit)
    }
}
