import AirsignEncoding
import AirsignMessages
import BigInt

/// The review lines of a call decoded with a metadata proof's types: the whole tree with its
/// names (pallet and call, argument names, enum variants, nested calls of any depth), accounts
/// as addresses of the network, balances in its token, bytes as hex (and as text when they are
/// printable), and what each call lets happen (`ProvenCallMeaning`).
struct ProvenCallLines {
    /// The runtime call type: its values are shown as `Pallet.call` and their arguments.
    let callType: TypeRef
    /// An `AccountId32` (32 bytes) as the review shows it: SS58 with the contact name.
    let account: ([UInt8]) throws -> String
    /// A balance in base units as the review shows it.
    let amount: (BigUInt) -> String

    /// The native token (in base units when neither the network nor the proof names it).
    let native: Asset
    /// Whether the relay chain's token (XCM location `parents: 1, Here`) is this chain's own
    /// (on an Asset Hub it is).
    let relayTokenIsNative: Bool

    private(set) var lines: [ReviewLine] = []
    /// What the call tree lets happen, derived from each call's decoded arguments.
    private(set) var effects: [Effect] = []
    private(set) var warnings: [String] = []
    /// The account the calls being walked act for, labelled, when not the signer's own (inside
    /// Proxy.proxy, Utility.as_derivative, Multisig.as_multi).
    private var actingFor: String?
    /// The pallet of the call being walked: only native-balance pallets' amounts are shown in
    /// the native token.
    private var pallet = ""

    init(
        callType: TypeRef, native: Asset, relayTokenIsNative: Bool = false,
        account: @escaping ([UInt8]) throws -> String,
        amount: @escaping (BigUInt) -> String
    ) {
        self.callType = callType
        self.native = native
        self.relayTokenIsNative = relayTokenIsNative
        self.account = account
        self.amount = amount
    }

    /// Adds `call` (a value of the runtime call type) under `label`. ProvenPayload has checked
    /// that every such value is a pallet's call; one that is not is refused here too, never
    /// walked as a plain value (which would lead straight back here).
    mutating func add(call value: TypedValue, label: String, level: Int) throws {
        guard let call = value.asCall else { throw SubstrateError.call(field: label, .notPalletCall) }
        let name = "\(call.pallet).\(call.call)"
        lines.append(ReviewLine(label, name, level: level))
        let outer = (actingFor, pallet)
        defer { (actingFor, pallet) = outer }
        let meaning = try ProvenCallMeaning(
            pallet: call.pallet, call: call.call, arguments: call.arguments, native: native,
            relayTokenIsNative: relayTokenIsNative, account: account, actingFor: actingFor)
        effects += meaning.effects
        for warning in meaning.warnings where !warnings.contains(warning) { warnings.append(warning) }
        pallet = call.pallet
        for argument in call.arguments {
            // The calls a wrapper carries act for the account it names.
            if argument.value.type == callType, let inner = meaning.innerActsFor { actingFor = inner }
            try add(argument.value, label: argument.name ?? "argument", typeName: argument.typeName, level: level + 1)
            actingFor = outer.0
        }
    }

    /// Adds one value: on one line when it is a leaf, else a line naming it and its parts below.
    mutating func add(_ value: TypedValue, label: String, typeName: String?, level: Int) throws {
        if value.type == callType {
            return try add(call: value, label: label, level: level)
        }
        if let text = try leaf(value, typeName: typeName) {
            lines.append(ReviewLine(label, text, level: level))
            return
        }
        switch value.value {
        case let .composite(fields):
            if fields.count == 1, fields[0].name == nil {
                return try add(fields[0].value, label: label, typeName: fields[0].typeName ?? typeName, level: level)
            }
            lines.append(ReviewLine(label, value.path.last ?? "(\(fields.count) fields)", level: level))
            try add(fields, level: level + 1)
        case let .variant(name, _, fields):
            if value.isOption, fields.count == 1 {
                return try add(fields[0].value, label: label, typeName: fields[0].typeName ?? typeName, level: level)
            }
            // A variant of one unnamed leaf field reads on one line: "Id 15oF…".
            if fields.count == 1, fields[0].name == nil,
                let inner = try leaf(fields[0].value, typeName: fields[0].typeName)
            {
                lines.append(ReviewLine(label, "\(name) \(inner)", level: level))
                return
            }
            lines.append(ReviewLine(label, name, level: level))
            try add(fields, level: level + 1)
        case let .sequence(items):
            lines.append(ReviewLine(label, items.count == 1 ? "1 item" : "\(items.count) items", level: level))
            for (position, item) in items.enumerated() {
                try add(item, label: "\(label) \(position + 1)", typeName: nil, level: level + 1)
            }
        default:
            lines.append(ReviewLine(label, "?", level: level))  // every other case is a leaf
        }
    }

    private mutating func add(_ fields: [TypedValue.Field], level: Int) throws {
        for (position, field) in fields.enumerated() {
            try add(field.value, label: field.name ?? "\(position + 1)", typeName: field.typeName, level: level)
        }
    }

    /// The one-line text of a value without parts, or nil.
    func leaf(_ value: TypedValue, typeName: String?) throws -> String? {
        switch value.value {
        case let .bool(flag): return flag ? "yes" : "no"
        case let .char(scalar): return Self.quoted(String(Character(scalar)))
        case let .string(text): return Self.quoted(text)
        case let .unsigned(number):
            // An Assets pallet's balance is that asset's, never the native token's.
            guard Self.isBalance(typeName), !ProvenCallMeaning.assetPallets.contains(pallet) else {
                return String(number)
            }
            return amount(number)
        case let .signed(number): return String(number)
        case let .bytes(bytes):
            if bytes.count == 32, Self.isAccount(value.path, typeName: typeName) { return try account(bytes) }
            return Self.bytes(bytes)
        case let .composite(fields):
            // AccountId32 is a struct of one [u8; 32].
            if fields.count == 1, case let .bytes(bytes) = fields[0].value.value, bytes.count == 32,
                Self.isAccount(value.path, typeName: typeName)
            {
                return try account(bytes)
            }
            return fields.isEmpty ? value.path.last ?? "()" : nil
        case let .variant(name, _, fields):
            if value.isOption, fields.isEmpty { return "none" }
            return fields.isEmpty ? name : nil
        case let .sequence(items): return items.isEmpty ? "none (0 items)" : nil
        case let .bits(bits): return bits.isEmpty ? "no bits" : "bits " + bits.map { $0 ? "1" : "0" }.joined()
        case .void: return "()"
        }
    }

    static func isAccount(_ path: [String], typeName: String?) -> Bool {
        path.last == "AccountId32" || typeName.map { $0.contains("AccountId") } == true
    }

    /// Whether the metadata's Rust type name says the number is an amount of the native token
    /// (`BalanceOf<T>`, `T::Balance`, `Balance`): the only hint a `u128` carries.
    static func isBalance(_ typeName: String?) -> Bool {
        guard let typeName else { return false }
        return typeName == "Balance" || typeName.hasSuffix("::Balance") || typeName.hasPrefix("BalanceOf<")
    }

    /// Hex, and the text when the bytes are UTF-8 without control characters other than line
    /// breaks and tabs (shown escaped).
    static func bytes(_ bytes: [UInt8]) -> String {
        let hex = "0x" + Hex.encode(bytes)
        guard !bytes.isEmpty, let text = String(validating: bytes, as: UTF8.self),
            text.unicodeScalars.allSatisfy({
                $0.properties.generalCategory != .control || ["\n", "\t", "\r"].contains($0)
            })
        else { return bytes.isEmpty ? "0x (empty)" : hex }
        return "\(hex) (text \(quoted(text)))"
    }

    /// Text in quotes with quotes, backslashes and control characters escaped, so what is shown
    /// is unambiguous.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
