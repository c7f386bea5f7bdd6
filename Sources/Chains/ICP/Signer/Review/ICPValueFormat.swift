import AirsignCandid
import AirsignEncoding
import AirsignMessages
import BigInt

/// What the review knows about the types of its built-in interfaces: which named types and
/// fields are amounts (shown in the ledger's token, ICP for governance), accounts (in their text
/// forms, with contact names), timestamps, durations, neuron and proposal ids, votes and
/// topics. Everything it formats is read from the signed value; only the meaning of the type
/// comes from the interface.
struct ICPValueFormat {
    let kind: ICPBuiltinInterfaces.Kind?
    /// Labels an address with the person's accounts and contacts.
    let describe: (String) -> String

    /// The asset amounts of this interface are in.
    var token: (symbol: String, decimals: Int)? {
        switch kind {
        case let .ledger(ledger)?: return (ledger.symbol, ledger.decimals)
        case .governance?: return ("ICP", 8)
        default: return nil
        }
    }

    /// The whole value at `type` (the interface's declared type, maybe a name) as one line,
    /// or nil when it is shown as a tree. `field` is the name of the field it is in.
    func format(_ value: CandidValue, type: CandidType, field: String?) -> String? {
        if case let .principal(p) = value { return describe(p.text) }
        if case let .named(name) = type, let text = named(name, value) { return text }
        if let field, let text = byField(field, value) { return text }
        return nil
    }

    func amount(_ units: BigUInt) -> String {
        guard let token else { return CandidText.grouped(String(units)) }
        return AmountFormat.decimal(units, decimals: token.decimals) + " " + token.symbol
    }

    func named(_ name: String, _ value: CandidValue) -> String? {
        switch (kind, name, value) {
        // Amounts: the ICP ledger's and governance's `record { e8s : nat64 }`, ICRC's `nat`.
        case let (.ledger?, "Tokens", .record(fields)), let (.governance?, "Tokens", .record(fields)),
            let (.governance?, "Amount", .record(fields)):
            guard fields.count == 1, case let .nat64(e8s) = fields[0].value else { return nil }
            return amount(BigUInt(e8s))
        case let (.ledger?, "Tokens", .nat(n)), let (.ledger?, "Icrc1Tokens", .nat(n)): return amount(n)
        // Accounts.
        case let (.ledger?, "AccountIdentifier", .blob(bytes)): return accountIdentifier(bytes)
        case let (.governance?, "AccountIdentifier", .record(fields)):
            guard fields.count == 1, case let .blob(bytes) = fields[0].value else { return nil }
            return accountIdentifier(bytes)
        case let (_, "Account", .record(fields)): return account(fields)
        case let (.ledger?, "SubAccount", .blob(bytes)), let (.ledger?, "Subaccount", .blob(bytes)):
            return Hex.encode(bytes)
        // Times.
        case let (.ledger?, "TimeStamp", .record(fields)):
            guard fields.count == 1, case let .nat64(nanos) = fields[0].value else { return nil }
            return ICPTime.utc(nanos: nanos)
        case let (.ledger?, "Icrc1Timestamp", .nat64(nanos)), let (.ledger?, "Timestamp", .nat64(nanos)):
            return ICPTime.utc(nanos: nanos)
        // Governance's ids and durations.
        case let (.governance?, "NeuronId", .record(fields)):
            guard fields.count == 1, case let .nat64(id) = fields[0].value else { return nil }
            return "neuron \(id)"
        case let (.governance?, "ProposalId", .record(fields)):
            guard fields.count == 1, case let .nat64(id) = fields[0].value else { return nil }
            return "proposal \(id)"
        case let (.governance?, "Duration", .record(fields)):
            guard fields.count == 1, case let .opt(inner) = fields[0].value else { return nil }
            guard case let .nat64(seconds)? = inner else { return "not set" }
            return ICPDuration.text(seconds: seconds)
        case let (.cyclesMinting?, "Cycles", .nat(n)): return CandidText.grouped(String(n)) + " cycles"
        default: return nil
        }
    }

    /// Governance's plain numbers whose meaning only their field's name says.
    func byField(_ field: String, _ value: CandidValue) -> String? {
        guard kind == .governance else { return nil }
        switch (field, value) {
        case let ("additional_dissolve_delay_seconds", .nat32(s)): return ICPDuration.text(seconds: UInt64(s))
        case let ("dissolve_delay_seconds", .nat64(s)): return ICPDuration.text(seconds: s)
        case let ("dissolve_timestamp_seconds", .nat64(s)): return ICPTime.utc(seconds: Int64(clamping: s))
        case let ("amount_e8s", .nat64(e8s)): return amount(BigUInt(e8s))
        case let (name, .nat32(p)) where name.hasPrefix("percentage_to_"): return "\(p)%"
        case let ("vote", .int32(v)): return NNSNames.vote(v)
        case let ("topic", .int32(t)): return NNSNames.topic(t)
        case let ("visibility", .int32(v)): return NNSNames.visibility(v)
        default: return nil
        }
    }

    /// A 32-byte identifier (checked), or the 28-byte hash governance also takes (its CRC
    /// added), labelled; anything else said to be invalid.
    func accountIdentifier(_ bytes: [UInt8]) -> String {
        if bytes.count == 28, let id = try? ICPAccountIdentifier(hash: bytes) {
            return describe(id.hex) + " (given as its 28-byte hash)"
        }
        guard bytes.count == 32, let id = try? ICPAccountIdentifier(hex: Hex.encode(bytes)) else {
            return Hex.encode(bytes) + " (not a valid account identifier: \(bytes.count) bytes or a wrong checksum)"
        }
        return describe(id.hex)
    }

    /// An ICRC-1 account (`owner : principal` or governance's `opt principal`, `subaccount :
    /// opt blob`) in its text form.
    func account(_ fields: [CandidFieldValue]) -> String? {
        var owner: Principal?
        var subaccount: [UInt8]?
        for field in fields {
            switch (field.id, field.value) {
            case let (CandidLabel.hash("owner"), .principal(p)), let (CandidLabel.hash("owner"), .opt(.principal(p)?)):
                owner = p
            case (CandidLabel.hash("owner"), .opt(nil)): return "no owner (the controller's account)"
            case let (CandidLabel.hash("subaccount"), .opt(.blob(bytes)?)): subaccount = bytes
            case (CandidLabel.hash("subaccount"), .opt(nil)): break
            default: return nil
            }
        }
        guard let owner else { return nil }
        guard let account = try? ICRC1Account(owner: owner, subaccount: subaccount) else {
            return describe(owner.text) + ", subaccount " + Hex.encode(subaccount ?? []) + " (not 32 bytes)"
        }
        return describe(account.text)
    }
}

/// Durations in the units the NNS uses (a year of 365.25 days, a month of a twelfth of it).
enum ICPDuration {
    static let units: [(String, UInt64)] = [
        ("year", 31_557_600), ("month", 2_629_800), ("day", 86_400), ("hour", 3_600), ("minute", 60), ("second", 1),
    ]

    /// `1 year (31_557_600 s)`, `2 months 3 days (5_518_800 s)`: at most two units, and the exact
    /// seconds when the two units are not all of it or there are several.
    static func text(seconds: UInt64) -> String {
        guard seconds > 0 else { return "0 seconds" }
        var rest = seconds
        var parts: [String] = []
        for (name, size) in units where rest >= size && parts.count < 2 {
            let n = rest / size
            rest -= n * size
            parts.append("\(n) \(name)\(n == 1 ? "" : "s")")
        }
        let exact = CandidText.grouped(String(seconds)) + " s"
        return parts.joined(separator: " ") + (rest == 0 && parts.count == 1 && seconds < 60 ? "" : " (\(exact))")
    }
}

/// Governance's numbered enumerations (the protobuf enums behind its `int32` fields).
enum NNSNames {
    static let topics = [
        "Unspecified", "NeuronManagement", "ExchangeRate", "NetworkEconomics", "Governance", "NodeAdmin",
        "ParticipantManagement",
        "SubnetManagement", "NetworkCanisterManagement", "Kyc", "NodeProviderRewards", "SnsDecentralizationSale",
        "IcOsVersionDeployment", "IcOsVersionElection", "SnsAndCommunityFund", "ApiBoundaryNodeManagement",
        "SubnetRental",
        "ProtocolCanisterManagement", "ServiceNervousSystemManagement",
    ]

    static func topic(_ n: Int32) -> String {
        topics.indices.contains(Int(n)) ? "\(topics[Int(n)]) (topic \(n))" : "topic \(n) (unknown to this signer)"
    }

    static func vote(_ n: Int32) -> String {
        switch n {
        case 1: return "yes (adopt)"
        case 2: return "no (reject)"
        case 0: return "unspecified (0)"
        default: return "\(n) (not a vote this signer knows)"
        }
    }

    static func visibility(_ n: Int32) -> String {
        switch n {
        case 1: return "private"
        case 2: return "public"
        default: return "\(n) (unspecified)"
        }
    }
}
