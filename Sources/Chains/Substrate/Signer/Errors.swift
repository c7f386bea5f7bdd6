/// The Substrate module's refusals. Each names the field at fault (`signerPayload.era`,
/// `method`) and never holds secret bytes; the pipeline adds the request's place.
public struct SubstrateError: Error, CustomStringConvertible, Equatable, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
