import AirsignEncoding
import AirsignMessages
import BigInt

/// One value as an ERC-7730 format shows it, and whether the text leans on the signer's
/// tables (a token's symbol and decimals, an enum's words, a name) rather than the signed bytes
/// alone.
struct FormattedValue {
    var text: String
    var fromTable: Bool
    /// Lines shown under the value (a nested call's own fields).
    var nested: [ReviewLine] = []
    var warnings: [String] = []
    var blindReasons: [String] = []
    /// The value alone, as ERC-7730 displays it, when `text` adds to it (see `ReviewField.value`).
    var plain: String?
    /// A nested call (the `calldata` format), as its descriptor states it.
    var call: ReviewIntent?

    var value: String { plain ?? text }
}

/// The ERC-7730 formats: raw, addressName, tokenTicker, tokenAmount, amount, nftName, date,
/// duration, unit, enum, chainId and calldata (a nested call shown by the same machinery).
struct FieldFormatter {
    let scope: ClearSigningScope
    let parent: DescriptorPath?
    /// Shows a nested call (the `calldata` format): callee, value, sender, data → its lines.
    let nestedCall:
        (_ to: EthereumAddress, _ value: BigUInt, _ from: EthereumAddress, _ data: [UInt8]) throws -> CallDisplay
    /// Names the element being shown in a path through a `[]` of an enclosing group, so an
    /// absolute parameter path (`#.legs.[].token`) reads the same element as its field.
    var bind: (DescriptorPath) -> DescriptorPath = { $0 }

    private var environment: ClearSigningEnvironment { scope.environment }

    /// A parameter of `spec` (`token` / `tokenPath`, …) read as nodes, a path taken under the
    /// field's group and bound to its element; nil when neither is given.
    private func parameter(_ spec: FieldSpec, constant: String, pathKey: String) throws -> [DataNode]? {
        try scope.parameterNodes(spec.params, constant: constant, pathKey: pathKey, parent: parent, bind: bind)
    }

    func format(_ node: DataNode, _ spec: FieldSpec, place: String) throws -> FormattedValue {
        switch spec.format {
        case .raw: return raw(node)
        case .addressName: return try addressName(node, spec, place: place)
        case .tokenTicker: return try tokenTicker(node, spec, place: place)
        case .tokenAmount: return try tokenAmount(node, spec, place: place)
        case .amount:
            let amount = try integer(node, spec, place: place)
            return FormattedValue(
                text: "\(EtherAmount.format(amount, decimals: 18)) \(environment.nativeSymbol)", fromTable: false)
        case .nftName: return try nftName(node, spec, place: place)
        case .date: return try date(node, spec, place: place)
        case .duration: return duration(try integer(node, spec, place: place))
        case .unit: return try unit(node, spec, place: place)
        case .enumeration: return try enumeration(node, spec, place: place)
        case .chainId:
            let id = try integer(node, spec, place: place)
            let name = ChainNames.name(for: id)
            return FormattedValue(
                text: name.map { "\($0) (chain id \(id))" } ?? "chain id \(id)", fromTable: name != nil,
                plain: name ?? String(id))
        case .calldata: return try calldata(node, spec, place: place)
        }
    }

    // MARK: formats

    func raw(_ node: DataNode) -> FormattedValue {
        switch node {
        case .uint(let n): return FormattedValue(text: String(n), fromTable: false)
        case .int(let n): return FormattedValue(text: String(n), fromTable: false)
        case .address(let address):
            return FormattedValue(text: environment.describe(address), fromTable: false, plain: address.checksummed)
        case .bool(let flag): return FormattedValue(text: flag ? "true" : "false", fromTable: false)
        case .bytes(let bytes): return FormattedValue(text: Hex.encode(bytes, prefix: true), fromTable: false)
        case .string(let text): return FormattedValue(text: text.debugDescription, fromTable: false, plain: text)
        case .list(let items):
            let shown = items.map(raw)
            return FormattedValue(
                text: "[" + shown.map(\.text).joined(separator: ", ") + "]", fromTable: false,
                plain: "[" + shown.map(\.value).joined(separator: ", ") + "]")
        case .record(let members):
            let shown = members.map { (name: $0.name, value: raw($0.value)) }
            return FormattedValue(
                text: "(" + shown.map { "\($0.name): \($0.value.text)" }.joined(separator: ", ") + ")",
                fromTable: false,
                plain: "(" + shown.map { "\($0.name): \($0.value.value)" }.joined(separator: ", ") + ")")
        }
    }

    /// The address labelled as every address is (own account, contact), else named by the
    /// signer's token list or an installed descriptor, else "not in your contacts".
    private func addressName(_ node: DataNode, _ spec: FieldSpec, place: String) throws -> FormattedValue {
        let address = try self.address(node, place: place)
        var warnings: [String] = []
        if let senders = spec.params["senderAddress"] {
            let list: [JSONValue]
            if case .array(let items) = senders { list = items } else { list = [senders] }
            if try list.contains(where: { item throws in
                if case .address(let other) = ClearSigningScope.node(try scope.parameter(item)) {
                    return other == address
                }
                return false
            }) {
                return FormattedValue(
                    text: "the sender, \(environment.describe(scope.container.from))", fromTable: true, plain: "Sender")
            }
        }
        if case .array(let types)? = spec.params["types"], types == [.string("wallet")], !environment.isOwn(address) {
            warnings.append("\(spec.label): \(address.checksummed) should be one of your accounts, and is not")
        }
        if environment.isKnown(address) {
            return FormattedValue(
                text: environment.describe(address), fromTable: false, warnings: warnings,
                plain: environment.contactName(address).map(SafeName.shown) ?? address.checksummed)
        }
        if let found = environment.knowledge.token(chainId: environment.chainId, contract: address) {
            return FormattedValue(
                text:
                    "\(address.checksummed) (token \(SafeName.shown(found.token.symbol)), \(found.installed ? "your token list" : "the signer's token list"))",
                fromTable: true, warnings: warnings, plain: address.checksummed)
        }
        if let name = environment.knowledge.contractName(chainId: environment.chainId, address: address) {
            return FormattedValue(
                text: "\(address.checksummed) (\(SafeName.shown(name)), per an installed descriptor)", fromTable: true,
                warnings: warnings, plain: address.checksummed)
        }
        return FormattedValue(
            text: environment.describe(address), fromTable: false, warnings: warnings, plain: address.checksummed)
    }

    private func tokenTicker(_ node: DataNode, _ spec: FieldSpec, place: String) throws -> FormattedValue {
        let address = try self.address(node, place: place)
        let chainId = try self.chainId(spec)
        guard let found = environment.knowledge.token(chainId: chainId, contract: address) else {
            return FormattedValue(
                text: "\(address.checksummed) (not in the signer's token list)", fromTable: true,
                plain: address.checksummed)
        }
        return FormattedValue(
            text: "\(SafeName.shown(found.token.symbol)) (\(address.checksummed))", fromTable: true,
            plain: SafeName.shown(found.token.symbol))
    }

    /// An amount in the token's units with its symbol and base units; the threshold message
    /// ("Unlimited") at or above `threshold`; the native currency for `nativeCurrencyAddress`;
    /// base units with "???" and the contract when the token is unknown (never a guessed
    /// symbol).
    private func tokenAmount(_ node: DataNode, _ spec: FieldSpec, place: String) throws -> FormattedValue {
        let amount = try integer(node, spec, place: place)
        let tokens = try parameter(spec, constant: "token", pathKey: "tokenPath")
        guard let tokens else {
            return FormattedValue(
                text: "\(amount) ??? (base units of a token the descriptor does not name)", fromTable: false,
                warnings: ["\(spec.label): the descriptor names no token for this amount; it is shown in base units"],
                plain: String(amount))
        }
        guard tokens.count == 1, let tokenNode = tokens.first else {
            throw EthereumError.invalidDescriptor("\(place): the token path reads \(tokens.count) values, not one")
        }
        let token = try address(tokenNode, place: "\(place) (token)")
        var threshold: BigUInt?
        if let value = spec.params["threshold"] {
            // Written as a number, or as hex (a 20-byte one reads as an address, 32 as bytes).
            switch ClearSigningScope.node(try scope.parameter(value)) {
            case .uint(let number): threshold = number
            case .address(let address): threshold = BigUInt(bigEndian: address.bytes)
            case .bytes(let bytes) where bytes.count <= 32: threshold = BigUInt(bigEndian: bytes)
            default: throw EthereumError.invalidDescriptor("\(place): threshold is not an integer")
            }
        }
        var message = "Unlimited"
        if let value = spec.params["message"], case .string(let text) = try scope.parameter(value) { message = text }
        let above = threshold.map { amount >= $0 } ?? false
        let exact = Allowance.baseUnits(amount)
        if let natives = spec.params["nativeCurrencyAddress"] {
            let list: [JSONValue]
            if case .array(let items) = natives { list = items } else { list = [natives] }
            for item in list {
                if case .address(let native) = ClearSigningScope.node(try scope.parameter(item)), native == token {
                    let symbol = environment.nativeSymbol
                    let plain =
                        above
                        ? "\(SafeName.shown(message)) \(symbol)"
                        : "\(EtherAmount.format(amount, decimals: 18)) \(symbol)"
                    return FormattedValue(
                        text: above ? "\(plain) (\(exact) wei)" : plain, fromTable: false, plain: plain)
                }
            }
        }
        let chainId = try self.chainId(spec)
        var symbol: String?
        var decimals: Int?
        if let found = environment.knowledge.token(chainId: chainId, contract: token) {
            symbol = found.token.symbol
            decimals = found.token.decimals
        } else if let vouched = scope.descriptor.token,
            scope.descriptor.deployments.contains(where: { $0.chainId == chainId && $0.address == token })
        {
            symbol = vouched.ticker
            decimals = vouched.decimals
        }
        guard let symbol, let decimals else {
            return FormattedValue(
                text: (above ? "\(SafeName.shown(message)) " : "")
                    + "\(amount) ??? (base units of token \(token.checksummed), not in the signer's token list)",
                fromTable: true, plain: above ? SafeName.shown(message) : String(amount))
        }
        let shownSymbol = SafeName.shown(symbol)
        if above {
            return FormattedValue(
                text: "\(SafeName.shown(message)) \(shownSymbol) (\(exact) base units)", fromTable: true,
                plain: "\(SafeName.shown(message)) \(shownSymbol)")
        }
        let decimal = "\(AmountFormat.decimal(amount, decimals: decimals)) \(shownSymbol)"
        return FormattedValue(text: "\(decimal) (\(amount) base units)", fromTable: true, plain: decimal)
    }

    private func nftName(_ node: DataNode, _ spec: FieldSpec, place: String) throws -> FormattedValue {
        let id = try integer(node, spec, place: place)
        guard let nodes = try parameter(spec, constant: "collection", pathKey: "collectionPath"),
            nodes.count == 1, let first = nodes.first
        else {
            throw EthereumError.invalidDescriptor("\(place): nftName needs one collection")
        }
        let collection = try address(first, place: "\(place) (collection)")
        let name = environment.contactName(collection).map(SafeName.shown) ?? collection.checksummed
        return FormattedValue(
            text: "token ID \(id) of the collection \(environment.describe(collection))", fromTable: false,
            plain: "\(name) #\(id)")
    }

    private func date(_ node: DataNode, _ spec: FieldSpec, place: String) throws -> FormattedValue {
        let value = try integer(node, spec, place: place)
        if case .string("blockheight")? = spec.params["encoding"] {
            return FormattedValue(
                text: "block \(value) (a block height; its time is not known offline)", fromTable: false,
                plain: "block \(value)")
        }
        return FormattedValue(
            text: DeadlineText.describe(value, now: environment.now), fromTable: false,
            plain: DeadlineText.rfc3339(value))
    }

    /// "02:17:30" for 8250 seconds; days before it past 24 hours ("3d 04:00:00").
    private func duration(_ seconds: BigUInt) -> FormattedValue {
        guard let total = Int64(exactly: seconds) else {
            return FormattedValue(text: "\(seconds) seconds", fromTable: false)
        }
        let days = total / 86_400, rest = total % 86_400
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let clock = "\(two(rest / 3600)):\(two(rest / 60 % 60)):\(two(rest % 60))"
        let plain = (days > 0 ? "\(days)d " : "") + clock
        return FormattedValue(text: plain + " (\(total) seconds)", fromTable: false, plain: plain)
    }

    /// `value / 10^decimals` and the unit, exactly; with `prefix`, scaled to an SI prefix.
    private func unit(_ node: DataNode, _ spec: FieldSpec, place: String) throws -> FormattedValue {
        let value = try integer(node, spec, place: place)
        // The base may be a constant of the descriptor ("$.metadata.constants.ticker").
        guard let written = spec.params["base"], case .string(let base) = try scope.parameter(written) else {
            throw EthereumError.invalidDescriptor("\(place): unit needs a base")
        }
        var decimals = 0
        if case .number(let text)? = spec.params["decimals"], let n = Int(text) { decimals = n }
        var prefixed = false
        if case .bool(true)? = spec.params["prefix"] { prefixed = true }
        if prefixed, value > 0 {
            // The SI prefix whose power of 1000 leaves 1 ≤ significand < 1000.
            let digits = String(value).count - decimals  // digits before the point, possibly ≤ 0
            let exponent = max(-24, min(24, Int((Double(digits - 1) / 3).rounded(.down)) * 3))
            let prefixes: [Int: String] = [
                -24: "y", -21: "z", -18: "a", -15: "f", -12: "p", -9: "n", -6: "µ", -3: "m", 0: "",
                3: "k", 6: "M", 9: "G", 12: "T", 15: "P", 18: "E", 21: "Z", 24: "Y",
            ]
            let shifted = decimals + exponent
            let number =
                shifted >= 0
                ? AmountFormat.decimal(value, decimals: shifted) : String(value * BigUInt(10).power(-shifted))
            return FormattedValue(text: "\(number)\(prefixes[exponent] ?? "")\(SafeName.shown(base))", fromTable: false)
        }
        return FormattedValue(
            text: "\(AmountFormat.decimal(value, decimals: decimals))\(SafeName.shown(base))", fromTable: false)
    }

    private func enumeration(_ node: DataNode, _ spec: FieldSpec, place: String) throws -> FormattedValue {
        guard case .string(let reference)? = spec.params["$ref"] else {
            throw EthereumError.invalidDescriptor("\(place): enum needs $ref")
        }
        let name = String(reference.dropFirst("$.metadata.enums.".count))
        // Enum keys are integers in decimal; a slice of a word ("rawdata.[0:1]") is bytes, read
        // as the big-endian integer they are (0x80 is key "128").
        let integer: DataNode =
            if case .bytes(let bytes) = node, (1...32).contains(bytes.count) { .uint(BigUInt(bigEndian: bytes)) } else {
                node
            }
        guard let key = integer.keyText else {
            throw EthereumError.invalidDescriptor("\(place): an enum value is a single value")
        }
        // A boolean's keys may be written "True" and "False" (the registry's descriptors do).
        let spelled = node == .bool(true) ? "True" : node == .bool(false) ? "False" : key
        guard let word = scope.descriptor.enums[name]?[key] ?? scope.descriptor.enums[name]?[spelled] else {
            return FormattedValue(
                text: "\(key) (not one of the descriptor's values for \(name))", fromTable: true,
                warnings: ["\(spec.label): \(key) is not one of the values the descriptor knows"], plain: key)
        }
        return FormattedValue(text: "\(SafeName.shown(word)) (\(key))", fromTable: true, plain: SafeName.shown(word))
    }

    /// A call inside the data, shown by the same order of trust as a transaction's.
    private func calldata(_ node: DataNode, _ spec: FieldSpec, place: String) throws -> FormattedValue {
        guard case .bytes(var data) = node else { throw EthereumError.invalidDescriptor("\(place): calldata is bytes") }
        guard let callees = try parameter(spec, constant: "callee", pathKey: "calleePath"),
            callees.count == 1, let calleeNode = callees.first
        else { throw EthereumError.invalidDescriptor("\(place): calldata needs one callee") }
        let callee = try address(calleeNode, place: "\(place) (callee)")
        if let selectors = try parameter(spec, constant: "selector", pathKey: "selectorPath") {
            guard selectors.count == 1, let selectorNode = selectors.first else {
                throw EthereumError.invalidDescriptor("\(place): one selector")
            }
            switch selectorNode {
            case .bytes(let bytes) where bytes.count == 4: data = bytes + data
            case .uint(let number) where number.bitWidth <= 32: data = number.bigEndian(width: 4) + data
            default: throw EthereumError.invalidDescriptor("\(place): the selector is not 4 bytes")
            }
        }
        var value: BigUInt = 0
        if let amounts = try parameter(spec, constant: "amount", pathKey: "amountPath") {
            guard amounts.count == 1, case .uint(let amount)? = amounts.first else {
                throw EthereumError.invalidDescriptor("\(place): the amount is one integer")
            }
            value = amount
        }
        var from = scope.container.to ?? scope.container.from
        if let spenders = try parameter(spec, constant: "spender", pathKey: "spenderPath") {
            guard spenders.count == 1, let spender = spenders.first else {
                throw EthereumError.invalidDescriptor("\(place): one spender")
            }
            from = try address(spender, place: "\(place) (spender)")
        }
        let call = try nestedCall(callee, value, from, data)
        // Without a descriptor for it the call's value is its bytes, as ERC-7730 shows raw data.
        let described = call.intent != nil
        var lines = [ReviewLine("to", environment.describe(callee), level: 1)]
        if value > 0 {
            lines.append(
                ReviewLine("value", "\(EtherAmount.format(value, decimals: 18)) \(environment.nativeSymbol)", level: 1))
        }
        lines += call.lines.map { ReviewLine($0.label, $0.value, level: $0.level + 1, source: $0.source) }
        return FormattedValue(
            text: call.summary, fromTable: call.fromTable, nested: lines, warnings: call.warnings,
            blindReasons: call.blindReasons, plain: described ? nil : Hex.encode(data, prefix: true),
            call: call.intent)
    }

    // MARK: values

    private func integer(_ node: DataNode, _ spec: FieldSpec, place: String) throws(EthereumError) -> BigUInt {
        switch node {
        case .uint(let n): return n
        case .int(let n) where n.sign == .plus: return n.magnitude
        case .bytes(let bytes) where bytes.count <= 32: return BigUInt(bigEndian: bytes)
        default: throw .invalidDescriptor("\(place): format \(spec.format.rawValue) needs a non-negative integer")
        }
    }

    /// An address, or 20 bytes (a slice of a packed path) read as one.
    func address(_ node: DataNode, place: String) throws(EthereumError) -> EthereumAddress {
        switch node {
        case .address(let address): return address
        case .bytes(let bytes) where bytes.count == 20: return try EthereumAddress(bytes: bytes)
        case .bytes(let bytes) where bytes.count == 32 && bytes.prefix(12).allSatisfy({ $0 == 0 }):
            return try EthereumAddress(bytes: Array(bytes.suffix(20)))
        case .uint(let number) where number.bitWidth <= 160:
            return try EthereumAddress(bytes: number.bigEndian(width: 20))
        default: throw .invalidDescriptor("\(place): an address is expected")
        }
    }

    private func chainId(_ spec: FieldSpec) throws -> BigUInt {
        guard let nodes = try parameter(spec, constant: "chainId", pathKey: "chainIdPath") else {
            return environment.chainId
        }
        guard nodes.count == 1, case .uint(let id)? = nodes.first else {
            throw EthereumError.invalidDescriptor("chainId parameter is one integer")
        }
        return id
    }
}
