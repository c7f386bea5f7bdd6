import AirsignEncoding

/// What the watch needs from runtime metadata V14/V15 (frame-metadata `RuntimeMetadataPrefixed`):
/// each pallet's index and call variants, and the signed-extension identifiers in order. The
/// whole blob is read strictly (every type, pallet, storage entry and constant; V15 runtime APIs,
/// outer enums and custom values), so a blob that does not parse is refused rather than half used.
public struct RuntimeMetadata: Sendable, Equatable {
    public struct Pallet: Sendable, Equatable {
        public let name: String
        public let index: UInt8
        /// Call names by call index; empty when the pallet has no calls.
        public let calls: [(name: String, index: UInt8)]

        public static func == (a: Pallet, b: Pallet) -> Bool {
            a.name == b.name && a.index == b.index && a.calls.elementsEqual(b.calls, by: { $0 == $1 })
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

    public let version: UInt8
    public let pallets: [Pallet]
    public let signedExtensions: [String]
    /// Nil when System has no `Version` constant.
    public let runtimeVersion: RuntimeVersion?

    public func pallet(_ name: String) -> Pallet? { pallets.first { $0.name == name } }

    /// Reads `RuntimeMetadataPrefixed` ("meta", version, body), or the same wrapped in the
    /// `Option<Vec<u8>>` that `Metadata_metadata_at_version` returns.
    public init(decoding bytes: [UInt8]) throws(SubstrateError) {
        do {
            try self.init(reading: bytes)
        } catch let error as SubstrateError {
            throw error
        } catch {
            throw SubstrateError("metadata: \(error)")
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
        guard try reader.readBytes(count: 4) == Array("meta".utf8) else { throw SubstrateError("metadata does not start with \"meta\"") }
        version = try reader.readInteger(UInt8.self)
        guard version == 14 || version == 15 else { throw SubstrateError("metadata version \(version) is not 14 or 15") }
        let limit = bytes.count
        let variants = try Self.readTypes(&reader, limit: limit)
        let palletCount = try reader.readLength(max: 256, minimumElementSize: 6)
        var pallets: [Pallet] = []
        var versionConstant: [UInt8]?
        for _ in 0 ..< palletCount {
            let name = try reader.readString(maxLength: 256)
            if try reader.readOption({ try Self.readStorage(&$0, limit: limit) }) != nil {}
            let callType = try reader.readOption { try $0.readCompact(UInt32.self) }
            _ = try reader.readOption { try $0.readCompact(UInt32.self) }  // event
            let constants = try reader.readLength(max: limit, minimumElementSize: 4)
            for _ in 0 ..< constants {
                let constant = try reader.readString(maxLength: 256)
                _ = try reader.readCompact(UInt32.self)
                let value = try reader.readByteVector(maxLength: limit)
                if name == "System", constant == "Version" { versionConstant = value }
                try Self.skipDocs(&reader, limit: limit)
            }
            _ = try reader.readOption { try $0.readCompact(UInt32.self) }  // error
            let index = try reader.readInteger(UInt8.self)
            if version == 15 { try Self.skipDocs(&reader, limit: limit) }
            var calls: [(name: String, index: UInt8)] = []
            if let callType {
                guard let list = variants[callType] else { throw SubstrateError("metadata: pallet \(name)'s call type \(callType) is not an enum") }
                calls = list
            }
            pallets.append(Pallet(name: name, index: index, calls: calls))
        }
        self.pallets = pallets
        if version == 14 { _ = try reader.readCompact(UInt32.self) }  // extrinsic type
        _ = try reader.readInteger(UInt8.self)  // extrinsic version
        if version == 15 { for _ in 0 ..< 4 { _ = try reader.readCompact(UInt32.self) } }  // address, call, signature, extra
        let extensionCount = try reader.readLength(max: 256, minimumElementSize: 3)
        var extensions: [String] = []
        for _ in 0 ..< extensionCount {
            extensions.append(try reader.readString(maxLength: 256))
            _ = try reader.readCompact(UInt32.self)
            _ = try reader.readCompact(UInt32.self)
        }
        signedExtensions = extensions
        runtimeVersion = try versionConstant.map(Self.readRuntimeVersion)
        _ = try reader.readCompact(UInt32.self)  // runtime type
        if version == 15 { try Self.readV15Tail(&reader, limit: limit) }
        try reader.finish()
    }

    /// The portable type registry; returns the variant lists of enum types by type id.
    private static func readTypes(_ reader: inout SCALEReader, limit: Int) throws -> [UInt32: [(name: String, index: UInt8)]] {
        let count = try reader.readLength(max: limit, minimumElementSize: 4)
        var variants: [UInt32: [(name: String, index: UInt8)]] = [:]
        for _ in 0 ..< count {
            let id = try reader.readCompact(UInt32.self)
            try skipStrings(&reader, limit: limit)  // path
            let params = try reader.readLength(max: limit, minimumElementSize: 2)
            for _ in 0 ..< params {
                _ = try reader.readString(maxLength: limit)
                _ = try reader.readOption { try $0.readCompact(UInt32.self) }
            }
            let kind = try reader.readVariantIndex()
            switch kind {
            case 0: try skipFields(&reader, limit: limit)
            case 1:
                let n = try reader.readLength(max: 256, minimumElementSize: 4)
                var list: [(name: String, index: UInt8)] = []
                for _ in 0 ..< n {
                    let name = try reader.readString(maxLength: limit)
                    try skipFields(&reader, limit: limit)
                    list.append((name, try reader.readInteger(UInt8.self)))
                    try skipDocs(&reader, limit: limit)
                }
                variants[id] = list
            case 2, 6: _ = try reader.readCompact(UInt32.self)
            case 3:
                _ = try reader.readInteger(UInt32.self)
                _ = try reader.readCompact(UInt32.self)
            case 4:
                let n = try reader.readLength(max: limit)
                for _ in 0 ..< n { _ = try reader.readCompact(UInt32.self) }
            case 5:
                let primitive = try reader.readInteger(UInt8.self)
                guard primitive <= 14 else { throw SubstrateError("metadata: primitive type \(primitive) is unknown") }
            case 7:
                _ = try reader.readCompact(UInt32.self)
                _ = try reader.readCompact(UInt32.self)
            default: throw reader.unknownVariant(kind, of: "TypeDef")
            }
            try skipDocs(&reader, limit: limit)
        }
        return variants
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

    private static func skipFields(_ reader: inout SCALEReader, limit: Int) throws {
        let n = try reader.readLength(max: limit, minimumElementSize: 4)
        for _ in 0 ..< n {
            _ = try reader.readOption { try $0.readString(maxLength: limit) }
            _ = try reader.readCompact(UInt32.self)
            _ = try reader.readOption { try $0.readString(maxLength: limit) }
            try skipDocs(&reader, limit: limit)
        }
    }

    private static func readStorage(_ reader: inout SCALEReader, limit: Int) throws {
        _ = try reader.readString(maxLength: limit)
        let entries = try reader.readLength(max: limit, minimumElementSize: 5)
        for _ in 0 ..< entries {
            _ = try reader.readString(maxLength: limit)
            let modifier = try reader.readInteger(UInt8.self)
            guard modifier <= 1 else { throw SubstrateError("metadata: storage modifier \(modifier) is unknown") }
            switch try reader.readVariantIndex() {
            case 0: _ = try reader.readCompact(UInt32.self)
            case 1:
                let hashers = try reader.readLength(max: 64)
                for _ in 0 ..< hashers {
                    let hasher = try reader.readInteger(UInt8.self)
                    guard hasher <= 6 else { throw SubstrateError("metadata: storage hasher \(hasher) is unknown") }
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
        for _ in 0 ..< apis {
            _ = try reader.readString(maxLength: limit)
            let methods = try reader.readLength(max: limit, minimumElementSize: 4)
            for _ in 0 ..< methods {
                _ = try reader.readString(maxLength: limit)
                let inputs = try reader.readLength(max: limit, minimumElementSize: 2)
                for _ in 0 ..< inputs {
                    _ = try reader.readString(maxLength: limit)
                    _ = try reader.readCompact(UInt32.self)
                }
                _ = try reader.readCompact(UInt32.self)
                try skipDocs(&reader, limit: limit)
            }
            try skipDocs(&reader, limit: limit)
        }
        for _ in 0 ..< 3 { _ = try reader.readCompact(UInt32.self) }  // call, event, error enums
        let custom = try reader.readLength(max: limit, minimumElementSize: 3)
        for _ in 0 ..< custom {
            _ = try reader.readString(maxLength: limit)
            _ = try reader.readCompact(UInt32.self)
            _ = try reader.readByteVector(maxLength: limit)
        }
    }

    private static func skipDocs(_ reader: inout SCALEReader, limit: Int) throws { try skipStrings(&reader, limit: limit) }

    private static func skipStrings(_ reader: inout SCALEReader, limit: Int) throws {
        let n = try reader.readLength(max: limit)
        for _ in 0 ..< n { _ = try reader.readString(maxLength: limit) }
    }
}
