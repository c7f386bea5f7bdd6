import AirsignKeys

/// What a chain module's `review` found in a request: everything the signer shows before it
/// asks for the PIN, and the exact bytes it will sign. Built without secrets; the signing step
/// receives this value and signs `signing`, nothing else, so what was shown is what is signed.
public struct Review: Sendable {
    /// The request the review was made from (for assembling the response; never re-parsed to
    /// decide what to sign).
    public var request: SignRequest { storage.fields.request }
    /// One line saying what this is ("Ethereum transaction (EIP-1559)").
    public var title: String { storage.fields.title }
    /// The decoded content, in the order to show it (docs/security.md, signer rule 3: exact
    /// amounts, checksummed addresses, the network named).
    public var lines: [ReviewLine] { storage.fields.lines }
    /// Things the person should stop and think about (an unlimited token approval, an immortal
    /// era, a destination not in the contacts is a line label, not a warning).
    public var warnings: [String] { storage.fields.warnings }
    /// The key that signs: the request's account, with the scheme the chain signs it with.
    public var key: KeyRequirement { storage.fields.key }
    /// What the signature lets happen, derived from the decoded request before any words:
    /// the totals, approvals and confirmation below are computed from these alone.
    public var effects: [Effect] { storage.fields.effects }
    /// The exact messages the signature scheme will be given, after the chain's own
    /// domain separation; `sign` computes any digest from these (docs/security.md, signer rule 1).
    public var signing: [SigningItem] { storage.fields.signing }
    /// The call or message as a clear-signing descriptor states it, when one did (its lines are
    /// among `lines` too); nil otherwise.
    public var intent: ReviewIntent? { storage.fields.intent }

    /// The fields, immutable, behind one reference: a batch moves each review through several
    /// arrays, and a copy of the fields themselves is some fifteen retains and releases.
    private let storage: Storage

    private struct Fields: Sendable {
        let request: SignRequest
        let title: String
        let lines: [ReviewLine]
        let warnings: [String]
        let key: KeyRequirement
        let effects: [Effect]
        let signing: [SigningItem]
        let intent: ReviewIntent?
    }

    private final class Storage: Sendable {
        let fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }

    public init(
        request: SignRequest, title: String, lines: [ReviewLine], warnings: [String] = [],
        key: KeyRequirement, effects: [Effect], signing: [SigningItem], intent: ReviewIntent? = nil
    ) {
        storage = Storage(
            Fields(
                request: request, title: title, lines: lines, warnings: warnings, key: key, effects: effects,
                signing: signing, intent: intent))
    }

    /// What leaves an account, per asset (and per other account it acts for), fees included.
    public var totals: [AssetAmount] { effects.totals }

    /// Rights to move assets that signing grants (token approvals, permits): counted apart
    /// from the totals, since nothing leaves at signing time.
    public var approvals: [Approval] { effects.approvals }

    /// What the signer does not understand in this request.
    public var unknowns: [String] { effects.unknowns }

    /// Whether signing needs more than the usual confirmation: any unknown effect does.
    public var confirmation: Confirmation {
        let unknown = unknowns
        return unknown.isEmpty ? .standard : .explicit(reason: unknown.joined(separator: "; "))
    }
}

/// One line of a review: a label and its value, indented by `level` for nested content
/// (typed-data trees, operations of a transaction), and where the value comes from. Values may
/// be any text: the renderer escapes control and blank-rendering characters and wraps long
/// values on marked continuation lines.
public struct ReviewLine: Sendable, Equatable {
    public let label: String
    public let value: String
    public let level: Int
    public let source: ReviewSource

    public init(_ label: String, _ value: String, level: Int = 0, source: ReviewSource = .signed) {
        self.label = label
        self.value = value
        self.level = max(0, min(level, 16))
        self.source = source
    }
}

/// Where a review line's value comes from. The review says it for every line that is not read
/// from the signed bytes, so a person knows what the signature actually binds.
public enum ReviewSource: Sendable, Equatable {
    /// Decoded from the bytes that are signed (addresses labelled with your own accounts and
    /// contacts): the signature binds it.
    case signed
    /// The signer's own knowledge, built in or installed by the person (a network's name by
    /// genesis hash, a token's symbol and decimals, a runtime's signed-extension list).
    case signerTable
    /// The requester's words: neither signed nor checked (the note, a block number the watch
    /// claims, a list the signer cannot verify). Shown apart, quoted and wrapped.
    case request
    /// A third party's words that the signer verified came from it: an ICP canister's ICRC-21
    /// consent message in a certificate the IC signed. Not signed, not the signer's: shown
    /// quoted and wrapped, as the requester's words are, under a line that says whose they are.
    case certified
}

/// A right to move the account's assets that a signature grants: an ERC-20 `approve`, an
/// EIP-2612 permit, a Permit2 allowance.
public struct Approval: Sendable, Equatable {
    /// What may be spent, as the review names it ("USDC (0xA0b8…eB48)").
    public let asset: String
    /// Who may spend it, labelled like every address.
    public let spender: String
    /// The allowance as shown before the asset's name: "Unlimited", or an exact amount in the
    /// asset's units ("12.5"), or base units when the asset's decimals are unknown.
    public let allowance: String
    /// At or above the chain's documented "unlimited" threshold.
    public let isUnlimited: Bool
    /// Until when the allowance (or the signature granting it) holds, in words; nil when the
    /// signed bytes set no end.
    public let expiry: String?

    public init(asset: String, spender: String, allowance: String, isUnlimited: Bool, expiry: String? = nil) {
        self.asset = asset
        self.spender = spender
        self.allowance = allowance
        self.isUnlimited = isUnlimited
        self.expiry = expiry
    }
}

/// How much confirmation a request needs.
public enum Confirmation: Sendable, Equatable {
    /// Every effect is known: the batch's one confirmation (or `--yes`) signs it.
    case standard
    /// It has effects the signer does not understand (a raw call, an unknown contract call,
    /// typed data it cannot interpret): it is signed only when the person names it with
    /// `--blind`. `reason` says what is not understood.
    case explicit(reason: String)
}

/// The key a request needs: the account's address and public key (as the request names them)
/// and the scheme the chain signs with.
public struct KeyRequirement: Sendable, Equatable {
    public let address: String
    public let publicKey: [UInt8]
    public let scheme: KeyScheme

    public init(address: String, publicKey: [UInt8], scheme: KeyScheme) {
        self.address = address
        self.publicKey = publicKey
        self.scheme = scheme
    }

    /// The request's own account, signed with `scheme`.
    public init(_ account: MessageAccount, scheme: KeyScheme) {
        self.init(address: account.address, publicKey: account.publicKey, scheme: scheme)
    }
}

/// A value a chain signs, decoded once from the request. `sign` and the watch's finalizer read
/// it back by its type (`item.value as? …`); neither decodes the request again nor dispatches on
/// an item's display label.
public protocol SignableValue: Sendable {
    /// The exact bytes the signature scheme receives for this value (the chain's own hashing,
    /// if any, happens in `sign`).
    var signedBytes: [UInt8] { get }
}

/// One message the signature scheme receives: exactly these bytes (for schemes that hash,
/// the chain hashes them in `sign`; it never signs a digest handed to it).
public struct SigningItem: Sendable, Equatable {
    /// What the bytes are, for the review ("transaction", "read_state of window 2").
    public let label: String
    /// `value.signedBytes`, kept so the review and the pipeline read them without the chain.
    public let bytes: [UInt8]
    /// The decoded value, of the chain module's own type.
    public let value: any SignableValue

    public init(label: String, value: some SignableValue) {
        self.label = label
        self.value = value
        self.bytes = value.signedBytes
    }

    /// Two items are equal when they show the same label and sign the same bytes: the value is
    /// what those bytes decode to.
    public static func == (a: SigningItem, b: SigningItem) -> Bool {
        a.label == b.label && a.bytes == b.bytes
    }
}
