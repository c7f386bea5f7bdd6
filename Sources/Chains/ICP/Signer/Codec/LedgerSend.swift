import AirsignCandid
import AirsignEncoding

/// The ICP ledger's older `send_dfx(SendArgs)`: the same transfer as `transfer`, with the
/// destination as the account identifier's hex text (the ICP ledger's `ledger.did`). Read and
/// written by `ICPLedgerTransfer`'s codec, so the two cannot drift apart.
public struct ICPLedgerSend: Equatable, Sendable {
    public static let method = "send_dfx"
    public static let argumentType = ICPLedgerTransfer.argumentType(.text)
    /// The same transfer in `transfer`'s form, which the review reads.
    public var transfer: ICPLedgerTransfer

    public init(_ transfer: ICPLedgerTransfer) {
        self.transfer = transfer
    }

    /// The call's Candid argument bytes.
    public func argumentBytes() throws(ICPError) -> [UInt8] { try transfer.argumentBytes(.text) }

    /// Decodes the arguments of a `send_dfx` call: exactly one argument of exactly this type,
    /// the destination a valid account identifier (its CRC checked).
    public init(candid message: CandidMessage) throws(ICPError) {
        transfer = try ICPLedgerTransfer(candid: message, destination: .text)
    }
}
