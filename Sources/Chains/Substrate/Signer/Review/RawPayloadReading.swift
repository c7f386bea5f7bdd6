import AirsignEncoding

/// A signRaw `payload` (the bytes of an extrinsic payload with nothing around them) read as the
/// extrinsic it is, when it is one of a network in the signer's table: the call by the built-in
/// table of one of that network's runtimes (which also says where the call ends), the rest by
/// that runtime's signed-extension list, which must read the network's genesis hash and a
/// version it covers, and re-encode to exactly these bytes. Such bytes are then reviewed as the
/// transaction they are, never as opaque bytes.
enum RawPayloadReading {
    static func read(_ data: [UInt8], address: String, accountID: [UInt8]) -> (SignerPayload, SigningPayload)? {
        for network in SubstrateNetwork.known where RawMessage.contains(data, network.genesisHash) {
            for runtime in network.runtimes {
                var reader = SCALEReader(data, maxDepth: 4)
                let call: DecodedCall?
                do { call = try BuiltInCallDecoder.read(&reader, table: runtime, level: 0) } catch { continue }
                guard call != nil else { continue }
                let callLength = reader.offset
                guard
                    case let .success((list, values)) = SubstrateChain.tableReading(
                        data, callLength: callLength, genesis: network.genesisHash)
                else { continue }
                let payload = SignerPayload(
                    address: address, accountID: accountID, addressPrefix: network.ss58Prefix,
                    method: Array(data.prefix(callLength)),
                    values: values, extensions: list)
                let built = SigningPayload(payload, extensions: list)
                // Only the canonical encoding of what was read is that transaction.
                guard built.bytes == data else { continue }
                return (payload, built)
            }
        }
        return nil
    }
}
