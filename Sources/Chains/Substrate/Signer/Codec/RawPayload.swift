import AirsignEncoding

/// A polkadot-js `SignerPayloadRaw`: `{address, data, type: "bytes" | "payload"}`.
public struct RawPayload: Sendable, Equatable {
    public enum Kind: String, Sendable { case bytes, payload }

    public let address: String
    public let accountID: [UInt8]
    public let data: [UInt8]
    public let kind: Kind

    public init(json: JSONValue, context: String = "signerPayloadRaw") throws(SubstrateError) {
        let fields = try PayloadFields(json, context: context, required: ["address", "data", "type"], optional: [])
        address = try fields.string("address")
        do { accountID = try SubstrateSigning.accountID(ofPublicKey: try SS58.decode(address).payload) } catch let error
            as SubstrateError
        {
            throw error
        } catch {
            throw SubstrateError.notSS58(field: "\(context).address", reason: "\(error)")
        }
        data = try fields.bytes("data")
        guard let kind = Kind(rawValue: try fields.string("type")) else {
            throw SubstrateError.shape(field: "\(context).type", expected: "\"bytes\" or \"payload\"")
        }
        self.kind = kind
        if kind == .payload, data.isEmpty { throw SubstrateError.empty("\(context).data") }
    }
}
