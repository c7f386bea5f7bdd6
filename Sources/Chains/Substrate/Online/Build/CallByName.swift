import AirsignEncoding
import AirsignSubstrate

/// Any runtime call built by name from JSON arguments, with the type-driven codec over the
/// runtime's own metadata (the signer decodes it with the same codec from the proof's types).
enum CallByName {
    /// The SCALE call `pallet.call(args)`; refusals name the argument's path and the type it
    /// expected (`args.value: expected Compact<u128>, got -5`).
    static func encode(pallet: String, call: String, args: JSONValue, state: SubstrateChainState) throws -> [UInt8] {
        guard let metadata = state.metadata else {
            throw SubstrateError.needs(.metadataForCall)
        }
        let lean = try LeanMetadata(metadata, numbering: .frame)
        let encoder = TypeEncoder(types: try lean.typeSet(), callType: lean.extrinsic.call, ss58Prefix: state.ss58)
        return try encoder.encodeCall(pallet: pallet, call: call, args: args)
    }
}
