import AirsignCLI
import AirsignEncoding
import AirsignKeys
import AirsignMessages
import AirsignOnline
import AirsignSubstrate
import AirsignWatch
import Foundation

/// What `substrate transfer|call` are told on the command line about the chain and the
/// transaction; anything left nil comes from `--rpc`, or is an error naming the option.
public struct SubstrateOptions: Sendable {
    public var network: String?
    public var genesis: String?
    public var specVersion: UInt32?
    public var transactionVersion: UInt32?
    public var ss58: UInt16?
    public var decimals: Int?
    public var extensions: [String]?
    public var nonce: UInt32?
    public var tip: String = "0"
    /// ChargeAssetTxPayment's asset: JSON of the runtime's asset type, or its SCALE bytes as 0x
    /// hex; nil pays in the native token. With it, `tip` is in the asset's base units.
    public var feeAsset: String?
    public var era: UInt64 = 64
    public var immortal = false
    public var blockHash: String?
    public var blockNumber: UInt32?
    public var rpc: String?
    /// A metadata file (SCALE bytes, raw or as 0x hex; `Metadata_metadata_at_version`'s
    /// `Option<Vec<u8>>` or `state_getMetadata`'s bytes), read instead of the node's.
    public var metadataFile: String?
    /// The token's symbol, for the RFC-0078 digest when the node does not state it.
    public var tokenSymbol: String?

    public init() {}
}

/// The call a request signs: a Balances transfer, any call by name with JSON arguments (needs
/// the runtime's metadata), or SCALE bytes as given.
public enum SubstrateCallSpec: Sendable {
    case transfer(SubstrateTransfer)
    case named(pallet: String, call: String, args: JSONValue)
    case raw([UInt8])
}

/// A Balances transfer as the command line gives it; the amount is read once the token's
/// decimals are known (from the network table or `--rpc`).
public struct SubstrateTransfer: Sendable {
    public enum Kind: Sendable { case keepAlive, allowDeath, all }
    public let to: String
    public let kind: Kind
    /// Decimal token amount; nil for `all`.
    public let amount: String?
    /// For `all`: leave the existential deposit.
    public let keepAlive: Bool

    public init(to: String, kind: Kind, amount: String?, keepAlive: Bool) {
        self.to = to
        self.kind = kind
        self.amount = amount
        self.keepAlive = keepAlive
    }

    func call(decimals: Int) throws -> BalancesCall {
        switch kind {
        case .all: return .all(keepAlive: keepAlive)
        case .keepAlive:
            return .keepAlive(amount: try SubstrateWatch.amount(amount ?? "", decimals: decimals, what: "--amount"))
        case .allowDeath:
            return .allowDeath(amount: try SubstrateWatch.amount(amount ?? "", decimals: decimals, what: "--amount"))
        }
    }
}

/// The chain facts a payload is built from, after `--network`, explicit options and `--rpc`.
public struct SubstrateChainState: Sendable {
    public var genesis: [UInt8]
    public var specVersion: UInt32
    public var transactionVersion: UInt32
    public var ss58: UInt16
    public var decimals: Int
    public var extensions: [String]
    public var metadata: RuntimeMetadata?
    public var network: SubstrateNetwork?
    /// The token's symbol (node, option or network table), for the RFC-0078 digest.
    public var tokenSymbol: String?
}

/// The work behind `airsign-watch substrate transfer|call|submit`.
public enum SubstrateWatch {
    /// Builds the request for `call` (a transfer's or a named call's bytes come from the
    /// runtime's metadata when there is one), with an RFC-0078 metadata proof when the runtime
    /// has CheckMetadataHash and its V15 metadata and token are known. Returns it with the line
    /// that sums it up (network, nonce, validity); `SubstrateActions.issue` issues it.
    public static func build(
        from: String, options: SubstrateOptions, call: SubstrateCallSpec, note: String?,
        transport: (any HTTPTransport)? = nil
    ) throws -> (request: SignRequest, summary: String) {
        let account = try WatchContext.store().requestAccount(from, chain: .substrate)
        let rpc = options.rpc.map {
            SubstrateRPC(client: JSONRPCClient(url: $0, transport: transport ?? URLSessionTransport()))
        }
        let state = try chainState(options, rpc: rpc)
        let method: [UInt8]
        switch call {
        case let .transfer(transfer):
            method = try transferCall(transfer.to, try transfer.call(decimals: state.decimals), state: state)
        case let .named(pallet, name, args):
            method = try CallByName.encode(pallet: pallet, call: name, args: args, state: state)
        case let .raw(bytes): method = bytes
        }
        let accountID = try SubstrateSigning.accountID(ofPublicKey: account.publicKey)
        let address = try encoding { () throws(EncodingError) in try SS58.encode(accountID, prefix: state.ss58) }
        let nonce: UInt32
        if let given = options.nonce {
            nonce = given
        } else if let rpc {
            nonce = try rpc.nextIndex(address)
        } else {
            throw SubstrateError.needs(.nonce)
        }
        let era: Era
        var checkpoint: (hash: [UInt8], number: UInt32) = (state.genesis, 0)
        if options.immortal {
            era = .immortal
        } else {
            if let hashText = options.blockHash, let number = options.blockNumber {
                checkpoint = (try hex32(hashText, "--block-hash"), number)
            } else if let rpc, options.blockHash == nil, options.blockNumber == nil {
                checkpoint = try rpc.finalizedHead()
            } else {
                throw SubstrateError.needs(.checkpoint)
            }
            era = Era(period: options.era, current: UInt64(checkpoint.number))
        }
        // The asset's decimals are in no table the watch has: its tip is counted in base units,
        // as the signer shows it.
        let feeAsset = try options.feeAsset.map { try FeeAsset.encode($0, state: state) }
        let tip = try amount(
            options.tip, decimals: feeAsset == nil ? state.decimals : 0,
            what: feeAsset == nil ? "--tip" : "--tip (in the fee asset's base units)")
        var builder = PayloadBuilder(
            address: address, method: method, genesisHash: state.genesis, specVersion: state.specVersion,
            transactionVersion: state.transactionVersion, nonce: nonce, tip: tip,
            era: era, blockHash: checkpoint.hash, blockNumber: checkpoint.number, signedExtensions: state.extensions)
        builder.assetID = feeAsset
        var members: [(key: String, value: JSONValue)] = [(key: "type", value: .string("extrinsic"))]
        if let merkleized = try MetadataHashing.merkleized(state) {
            builder.metadataHash = merkleized.digest
            // Built by the metadata's own list: an extension without a rule here whose types
            // carry no data (AuthorizeCall, EthSetOrigin, …) is laid out by them, as the signer
            // reads it with the proof.
            let signed = SigningPayload(
                try SignerPayload(json: try builder.json()), extensions: try merkleized.extensionList(),
                provenDigest: merkleized.digest)
            let proof = try merkleized.proof(forPayload: signed.bytes)
            members.append((key: "signerPayload", value: try builder.json()))
            members.append((key: "metadataProof", value: .string(Hex.encode(proof.encoded, prefix: true))))
            Console.info(
                "Metadata hash 0x\(Hex.encode(merkleized.digest)) (CheckMetadataHash mode 1), proof \(proof.encoded.count) bytes."
            )
        } else {
            members.append((key: "signerPayload", value: try builder.json()))
        }
        let payload: JSONValue = .object(members)
        let request = try SignRequest.make(
            chain: ChainID(Chain.substrate), network: SubstrateNetwork.caip2(genesisHash: state.genesis),
            account: account, payload: payload, note: note)
        let summary =
            "Request \(request.id) issued: \(state.network?.name ?? SubstrateNetwork.caip2(genesisHash: state.genesis)), nonce \(nonce), "
            + (era == .immortal ? "immortal" : "valid from block \(era.birth(current: UInt64(checkpoint.number)))")
            + "."
        return (request, summary)
    }

    // MARK: pieces

    static func chainState(_ options: SubstrateOptions, rpc: SubstrateRPC?) throws -> SubstrateChainState {
        var network = try options.network.map { name throws -> SubstrateNetwork in
            guard let known = SubstrateNetwork.byKey(name) else {
                throw SubstrateError.unknownNetwork(name, known: SubstrateNetwork.known.map(\.key))
            }
            return known
        }
        var genesis = try options.genesis.map { try hex32($0, "--genesis") } ?? network?.genesisHash
        // The network's table (SS58 prefix, decimals, call indices) must be the genesis hash's own.
        if let known = network, let genesis, genesis != known.genesisHash {
            throw SubstrateError.otherNetwork(
                .option(name: known.name), genesis: Hex.encode(genesis), expected: Hex.encode(known.genesisHash))
        }
        network = network ?? genesis.flatMap(SubstrateNetwork.byGenesis)
        var specVersion = options.specVersion, transactionVersion = options.transactionVersion
        var metadata: RuntimeMetadata?
        var decimals = options.decimals, tokenSymbol = options.tokenSymbol
        if let file = options.metadataFile { metadata = try MetadataHashing.read(file) }
        if let rpc {
            let nodeGenesis = try rpc.genesisHash()
            if let genesis, genesis != nodeGenesis {
                throw SubstrateError.otherNetwork(
                    .node, genesis: Hex.encode(nodeGenesis), expected: Hex.encode(genesis))
            }
            genesis = nodeGenesis
            network = network ?? SubstrateNetwork.byGenesis(nodeGenesis)
            let version = try rpc.runtimeVersion()
            specVersion = specVersion ?? version.specVersion
            transactionVersion = transactionVersion ?? version.transactionVersion
            if metadata == nil {
                // V15 when the runtime serves it (the RFC-0078 digest is defined on it), else V14;
                // metadata that does not decode is the node's reply failing (exit 9).
                metadata = try rpc.runtimeMetadata()
            }
            let properties = try rpc.tokenProperties()
            decimals = decimals ?? properties.decimals
            tokenSymbol = tokenSymbol ?? properties.symbol
        }
        guard let genesis else { throw SubstrateError.needs(.network) }
        guard let specVersion, let transactionVersion else { throw SubstrateError.needs(.versions) }
        guard let ss58 = options.ss58 ?? network?.ss58Prefix else { throw SubstrateError.needs(.ss58) }
        guard let decimals = decimals ?? network?.decimals else { throw SubstrateError.needs(.decimals) }
        // The signer reads a runtime it knows by its own table's list, so that list is the
        // default before the relay chain's guess.
        let known = network?.runtime(specVersion: specVersion, transactionVersion: transactionVersion)
        let extensions =
            options.extensions ?? metadata?.signedExtensions ?? known?.signedExtensions
            ?? PayloadBuilder.relayExtensions
        return SubstrateChainState(
            genesis: genesis, specVersion: specVersion, transactionVersion: transactionVersion, ss58: ss58,
            decimals: decimals, extensions: extensions, metadata: metadata, network: network,
            tokenSymbol: tokenSymbol ?? network?.symbol)
    }

    /// Balances call bytes: indices from the metadata when read, else from the built-in table.
    static func transferCall(_ to: String, _ call: BalancesCall, state: SubstrateChainState) throws -> [UInt8] {
        let decoded: (prefix: UInt16, payload: [UInt8])
        do { decoded = try SS58.decode(to) } catch {
            throw SubstrateError.notSS58(field: "--to \(to)", reason: "\(error)")
        }
        let dest = try SubstrateSigning.accountID(ofPublicKey: decoded.payload)
        if state.metadata != nil {
            return try CallByName.encode(
                pallet: "Balances", call: call.name, args: call.arguments(dest: dest), state: state)
        }
        guard
            let table = state.network?.runtime(
                specVersion: state.specVersion, transactionVersion: state.transactionVersion)
        else {
            throw SubstrateError.needs(
                .callIndices(specVersion: state.specVersion, transactionVersion: state.transactionVersion))
        }
        return call.encode(pallet: table.balances, call: call.defaultCallIndex, dest: dest)
    }

    /// A token amount in decimal ("1.25") as base units with `decimals` places.
    public static func amount(_ text: String, decimals: Int, what: String) throws -> UInt128 {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = parts.first, !whole.isEmpty,
            parts.allSatisfy({ $0.utf8.allSatisfy { (0x30...0x39).contains($0) } })
        else { throw SubstrateError.notOfKind(field: "\(what) \(text)", expected: "a decimal amount like 1.25") }
        let fraction = parts.count == 2 ? String(parts[1]) : ""
        guard !(parts.count == 2 && fraction.isEmpty), fraction.count <= decimals else {
            throw SubstrateError.decimalPlaces(field: "\(what) \(text)", decimals: decimals)
        }
        guard let value = UInt128(String(whole) + fraction + String(repeating: "0", count: decimals - fraction.count))
        else {
            throw SubstrateError.tooLarge(field: "\(what) \(text)", limit: nil)
        }
        return value
    }

    static func hex32(_ text: String, _ option: String) throws -> [UInt8] {
        guard text.hasPrefix("0x"), let bytes = try? Hex.decode(text), bytes.count == 32 else {
            throw SubstrateError.shape(field: option, expected: "0x and 64 hex digits")
        }
        return bytes
    }

    private static func encoding<T>(_ body: () throws(EncodingError) -> T) throws -> T {
        do { return try body() } catch { throw SubstrateError.unreadable(field: "", reason: "\(error)") }
    }
}
