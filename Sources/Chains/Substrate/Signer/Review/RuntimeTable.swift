/// What the signer knows of one runtime of a network, for the spec versions it covers at one
/// transaction version: where Balances and Utility sit (pallet indices; the call indices inside
/// them are the pallets' own `#[pallet::call_index]`s, fixed since pallet-balances renamed
/// `transfer` to `transfer_allow_death`), and the signed extensions in the order the runtime
/// reads them. A request for this runtime is built and read by this list, never by its own.
/// Every entry is checked against the runtime's real metadata by SubstrateMetadataTests.
public struct RuntimeTable: Sendable, Equatable {
    public let specVersions: ClosedRange<UInt32>
    public let transactionVersion: UInt32
    public let balances: UInt8
    public let utility: UInt8
    /// The extension identifiers in runtime order (the metadata's `extrinsic.signed_extensions`).
    public let signedExtensions: [String]

    public init(
        specVersions: ClosedRange<UInt32>, transactionVersion: UInt32, balances: UInt8, utility: UInt8,
        signedExtensions: [String]
    ) {
        self.specVersions = specVersions
        self.transactionVersion = transactionVersion
        self.balances = balances
        self.utility = utility
        self.signedExtensions = signedExtensions
    }

    /// Whether this entry covers a runtime.
    public func covers(specVersion: UInt32, transactionVersion: UInt32) -> Bool {
        specVersions.contains(specVersion) && self.transactionVersion == transactionVersion
    }

    /// "spec 1002005…2000000, transaction version 26", for reviews and refusals.
    public var versions: String {
        let specs =
            specVersions.count == 1
            ? "spec \(specVersions.lowerBound)" : "spec \(specVersions.lowerBound)…\(specVersions.upperBound)"
        return specs + ", transaction version \(transactionVersion)"
    }

    /// The Polkadot relay chain's list (metadata at spec 1002005 and 2000000).
    public static let polkadotExtensions = [
        "CheckNonZeroSender", "CheckSpecVersion", "CheckTxVersion", "CheckGenesis", "CheckMortality", "CheckNonce",
        "CheckWeight", "ChargeTransactionPayment", "PrevalidateAttests", "CheckMetadataHash",
    ]

    /// The Kusama relay chain's list (metadata at spec 1002006): Polkadot's without
    /// PrevalidateAttests, which belongs to Polkadot's claims pallet.
    public static let kusamaExtensions = [
        "CheckNonZeroSender", "CheckSpecVersion", "CheckTxVersion", "CheckGenesis", "CheckMortality", "CheckNonce",
        "CheckWeight", "ChargeTransactionPayment", "CheckMetadataHash",
    ]
}
