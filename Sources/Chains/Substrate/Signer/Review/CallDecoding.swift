import AirsignEncoding

/// A call decoded for the review: its name, its arguments as lines, and the native-token
/// amounts it moves (for the batch total).
public struct DecodedCall: Sendable, Equatable {
    /// `Balances.transfer_keep_alive`.
    public let name: String
    /// Argument lines, in call order; nested calls one level deeper.
    public let arguments: [CallArgument]
    /// Native-token amounts leaving the account, as far as the call states them.
    public let amounts: [UInt128]
    /// Where the call layout came from, shown beside the call ("call indices from the built-in table").
    public let source: String
    /// Whether the call moves the whole transferable balance (transfer_all), an amount no
    /// signed byte states: the review must not total it as `amounts` alone.
    public let movesWholeBalance: Bool
    /// What the person should stop and think about in this call, in call order.
    public let warnings: [String]
    /// Each transfer the call makes, in call order: the effects the review derives.
    public let transfers: [DecodedTransfer]

    public init(
        name: String, arguments: [CallArgument], amounts: [UInt128], source: String, movesWholeBalance: Bool = false,
        warnings: [String] = [],
        transfers: [DecodedTransfer] = []
    ) {
        self.name = name
        self.arguments = arguments
        self.amounts = amounts
        self.source = source
        self.movesWholeBalance = movesWholeBalance
        self.warnings = warnings
        self.transfers = transfers
    }
}

/// One native-token transfer of a decoded call.
public struct DecodedTransfer: Sendable, Equatable {
    /// The destination's account id; nil when the destination is not an account id (which the
    /// runtime does not resolve: the transfer fails and the fee is paid).
    public let to: [UInt8]?
    /// The stated amount; nil for the whole transferable balance.
    public let amount: UInt128?

    public init(to: [UInt8]?, amount: UInt128?) {
        self.to = to
        self.amount = amount
    }
}

/// One argument line of a decoded call.
public struct CallArgument: Sendable, Equatable {
    public enum Value: Sendable, Equatable {
        case text(String)
        /// A 32-byte account id, shown as an address in the network's SS58 format.
        case account([UInt8])
        /// A native-token amount in base units.
        case amount(UInt128)
    }

    public let label: String
    public let value: Value
    public let level: Int

    public init(label: String, value: Value, level: Int) {
        self.label = label
        self.value = value
        self.level = level
    }
}

/// What turns call bytes into a `DecodedCall`: the built-in table now, metadata-driven decoding
/// later (the seam). Returns nil when it does not know the call (the review then shows raw bytes
/// and asks for explicit confirmation); throws when it knows the call but its bytes do not decode
/// exactly (truncated, trailing garbage).
public protocol CallDecoder: Sendable {
    func decode(_ call: [UInt8], network: SubstrateNetwork?, specVersion: UInt32, transactionVersion: UInt32)
        throws(SubstrateError) -> DecodedCall?
}

/// The built-in table: the calls of `BuiltInLayout` (Balances transfers, Utility batches of
/// them), for the runtimes in `SubstrateNetwork.runtimes`, read exactly by the layout's types.
public struct BuiltInCallDecoder: CallDecoder {
    public static let source = "call indices from the built-in table"
    public init() {}

    public func decode(_ call: [UInt8], network: SubstrateNetwork?, specVersion: UInt32, transactionVersion: UInt32)
        throws(SubstrateError) -> DecodedCall?
    {
        guard let table = network?.runtime(specVersion: specVersion, transactionVersion: transactionVersion) else {
            return nil
        }
        var reader = SCALEReader(call, maxDepth: 4)
        guard let decoded = try Self.read(&reader, table: table, level: 0) else { return nil }
        guard reader.isAtEnd else {
            throw SubstrateError.call(
                field: "method", .trailing(call: decoded.name, length: reader.offset, remaining: reader.remaining))
        }
        return decoded
    }

    static func read(_ reader: inout SCALEReader, table: RuntimeTable, level: Int) throws(SubstrateError)
        -> DecodedCall?
    {
        let pallet: UInt8, index: UInt8
        do {
            pallet = try reader.readInteger(UInt8.self)
            index = try reader.readInteger(UInt8.self)
        } catch { throw SubstrateError.call(field: "method", .tooShort(stated: nil)) }
        guard let layout = BuiltInLayout.call(pallet: pallet, index: index, table: table) else { return nil }
        var arguments: [CallArgument] = []
        var amounts: [UInt128] = []
        var wholeBalance = false
        var warnings: [String] = []
        var transfers: [DecodedTransfer] = []
        var destination: [UInt8]?
        func warn(_ warning: String) { if !warnings.contains(warning) { warnings.append(warning) } }
        do {
            for (_, argument) in layout.arguments {
                switch argument {
                case .destination:
                    let dest = try readAddress(&reader, level: level + 1)
                    arguments.append(dest.argument)
                    dest.warning.map(warn)
                    if case let .account(id) = dest.argument.value { destination = id } else { destination = nil }
                case .amount:
                    let value = try reader.readCompact(UInt128.self)
                    arguments.append(CallArgument(label: "amount", value: .amount(value), level: level + 1))
                    amounts.append(value)
                    transfers.append(DecodedTransfer(to: destination, amount: value))
                case .keepAlive:
                    let keepAlive = try reader.readBool()
                    arguments.append(
                        CallArgument(label: "amount", value: .text("the whole transferable balance"), level: level + 1))
                    arguments.append(
                        CallArgument(
                            label: "keep alive",
                            value: .text(
                                keepAlive ? "yes (leaves the existential deposit)" : "no (may reap the account)"),
                            level: level + 1))
                    wholeBalance = true
                    transfers.append(DecodedTransfer(to: destination, amount: nil))
                    warnings.insert(Self.transferAllWarning(keepAlive: keepAlive), at: 0)
                case .calls:
                    let count = try reader.readLength(max: 1024, minimumElementSize: 2)
                    for position in 0..<count {
                        let inner = try reader.nested { (inner: inout SCALEReader) throws -> DecodedCall? in
                            try read(&inner, table: table, level: level + 1)
                        }
                        guard let inner else { return nil }
                        arguments.append(
                            CallArgument(label: "call \(position + 1)", value: .text(inner.name), level: level + 1))
                        arguments += inner.arguments
                        amounts += inner.amounts
                        wholeBalance = wholeBalance || inner.movesWholeBalance
                        transfers += inner.transfers
                        inner.warnings.forEach(warn)
                    }
                }
            }
        } catch let error as SubstrateError {
            throw error
        } catch {
            throw SubstrateError.call(field: "method", .undecodable(pallet: pallet, index: index, reason: "\(error)"))
        }
        return DecodedCall(
            name: layout.qualifiedName, arguments: arguments, amounts: amounts, source: source,
            movesWholeBalance: wholeBalance,
            warnings: warnings, transfers: transfers)
    }

    /// transfer_all states no amount: like a Stellar account merge, it takes all there is.
    static func transferAllWarning(keepAlive: Bool) -> String {
        "Balances.transfer_all moves the whole transferable balance, not a stated amount: all the account can spend"
            + (keepAlive
                ? " (keep alive: it keeps the existential deposit)"
                : ", and without keep alive the account may be reaped (removed, with anything below the existential deposit)")
    }

    /// sp-runtime `MultiAddress<AccountId32, ()>`, as every runtime in the table declares it
    /// (`BuiltInLayout.multiAddress`, checked against their metadata): Id, Index, Raw, Address32,
    /// Address20. The account index is `Compact<()>`, which encodes to no bytes at all: reading
    /// one here would move every later call's start away from where the chain reads it.
    static func readAddress(_ reader: inout SCALEReader, level: Int) throws -> (
        argument: CallArgument, warning: String?
    ) {
        let variant = try reader.readVariantIndex()
        guard let layout = BuiltInLayout.multiAddress.first(where: { $0.index == UInt32(variant) }) else {
            throw reader.unknownVariant(variant, of: "MultiAddress")
        }
        let bytes: [UInt8]
        switch layout.field {
        case let .fixedBytes(count): bytes = try reader.readBytes(count: count)
        case .byteVector: bytes = try reader.readByteVector(maxLength: 1024)
        case .nothing: bytes = []
        }
        let value: CallArgument.Value
        switch layout.name {
        case "Id": return (CallArgument(label: "to", value: .account(bytes), level: level), nil)
        case "Index": value = .text("an account index with no value (this runtime's index type is empty)")
        default: value = .text("\(layout.name) address 0x" + Hex.encode(bytes))
        }
        return (CallArgument(label: "to", value: value, level: level), Self.unresolvableDestination)
    }

    /// The runtimes in the table look accounts up with sp-runtime's `AccountIdLookup`, which
    /// resolves `MultiAddress::Id` only.
    static let unresolvableDestination =
        "a destination that is not an account id: this runtime resolves only account ids, "
        + "so the transfer fails on chain (the fee is still paid)"
}
