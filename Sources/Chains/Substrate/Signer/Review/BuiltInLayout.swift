/// The calls the built-in table reads and the types it reads their arguments as. The decoder
/// reads by this list alone, and SubstrateMetadataTests holds every entry against the real
/// metadata of each runtime in `SubstrateNetwork.runtimes`: a type the table reads otherwise than
/// the runtime would let a request hide calls between the ones shown.
public enum BuiltInLayout {
    /// How one argument is laid out in the runtime's types.
    public enum Argument: Sendable, Equatable {
        /// `MultiAddress<AccountId32, ()>`: the variants in `multiAddress`.
        case destination
        /// `Compact<u128>`, a native-token amount.
        case amount
        /// `bool`: transfer_all's keep_alive, which decides whether the account may be reaped.
        case keepAlive
        /// `Vec<RuntimeCall>`.
        case calls
    }

    public enum Pallet: Sendable, Equatable {
        case balances, utility
    }

    public struct Call: Sendable, Equatable {
        public let pallet: Pallet
        /// The pallet's `#[pallet::call_index]`.
        public let index: UInt8
        /// The metadata's names of the call and its arguments.
        public let name: String
        public let arguments: [(name: String, argument: Argument)]

        public static func == (lhs: Call, rhs: Call) -> Bool {
            lhs.pallet == rhs.pallet && lhs.index == rhs.index && lhs.name == rhs.name
                && lhs.arguments.map(\.name) == rhs.arguments.map(\.name)
                && lhs.arguments.map(\.argument) == rhs.arguments.map(\.argument)
        }

        /// `Balances.transfer_keep_alive`.
        public var qualifiedName: String { (pallet == .balances ? "Balances." : "Utility.") + name }
    }

    public static let calls: [Call] = [
        Call(
            pallet: .balances, index: 0, name: "transfer_allow_death",
            arguments: [("dest", .destination), ("value", .amount)]),
        Call(
            pallet: .balances, index: 3, name: "transfer_keep_alive",
            arguments: [("dest", .destination), ("value", .amount)]),
        Call(
            pallet: .balances, index: 4, name: "transfer_all",
            arguments: [("dest", .destination), ("keep_alive", .keepAlive)]),
        Call(pallet: .utility, index: 0, name: "batch", arguments: [("calls", .calls)]),
        Call(pallet: .utility, index: 2, name: "batch_all", arguments: [("calls", .calls)]),
    ]

    /// What a `MultiAddress` variant holds.
    public enum AddressField: Sendable, Equatable {
        /// `n` bytes (`AccountId32` is a struct of one `[u8; 32]`).
        case fixedBytes(Int)
        /// `Vec<u8>`.
        case byteVector
        /// `Compact<()>`: no bytes.
        case nothing
    }

    /// sp-runtime's `MultiAddress<AccountId32, ()>` by variant index.
    public static let multiAddress: [(index: UInt32, name: String, field: AddressField)] = [
        (0, "Id", .fixedBytes(32)), (1, "Index", .nothing), (2, "Raw", .byteVector), (3, "Address32", .fixedBytes(32)),
        (4, "Address20", .fixedBytes(20)),
    ]

    /// The entry for call `index` of pallet `pallet` in `table`'s runtime.
    static func call(pallet: UInt8, index: UInt8, table: RuntimeTable) -> Call? {
        let which: Pallet
        switch pallet {
        case table.balances: which = .balances
        case table.utility: which = .utility
        default: return nil
        }
        return calls.first { $0.pallet == which && $0.index == index }
    }
}
