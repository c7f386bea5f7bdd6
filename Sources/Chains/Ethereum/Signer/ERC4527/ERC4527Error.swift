/// A refusal of ERC-4527 input (an `eth-sign-request`, `eth-signature`, `crypto-hdkey` or
/// `crypto-keypath`) or of what it asks: one line naming the field at fault.
public struct ERC4527Error: Error, CustomStringConvertible, Equatable, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
