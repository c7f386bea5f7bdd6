import AirsignCrypto
import AirsignEncoding
import AirsignKeys
import AirsignMessages
import AirsignSubstrate
import AirsignSubstrateOnline
import Foundation

/// Substrate batch signing: 10,000 SignerPayloadJSON requests (Balances transfers and Utility
/// batches of 1–8 transfers, so payloads fall on both sides of the 256-byte hashing rule), with one
/// sr25519 and one ed25519 key. Two rows per scheme here: the bare signing loop over the exact
/// signing payloads (`substrate_bare_sign_<scheme>`, the floor) and the chain module's review and
/// sign in this process (`substrate_review_sign_inprocess_<scheme>`).
/// `--write-substrate-fixtures DIR` writes the requests as batch files, the signing payloads and
/// the two seeds, so bench/substrate.py times the real `airsign-signer sign` on them and
/// bench/reference.py signs the same payloads with py-sr25519-bindings and a bare libsodium loop.
enum SubstrateBench {
    static let count = 10_000
    static let sr25519Seed = [UInt8](repeating: 0x51, count: 32)
    static let ed25519Seed = [UInt8](repeating: 0xed, count: 32)
    static let polkadot = "91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3"

    static func requests(publicKey: [UInt8]) throws -> [SignRequest] {
        let genesis = try Hex.decode(polkadot)
        let address = try SS58.encode(publicKey, prefix: 0)
        let account = try MessageAccount(address: address, publicKey: publicKey)
        let chain = ChainID(Chain.substrate)
        return try (0..<count).map { i in
            var call = SCALEWriter()
            if i % 2 == 0 {
                call.writeBytes(
                    BalancesCall.keepAlive(amount: UInt128(i + 1) * 10_000_000).encode(
                        pallet: 5, call: 3, dest: [UInt8](repeating: UInt8(truncatingIfNeeded: i), count: 32)))
            } else {
                // Utility.batch (26, 0) of 1–8 transfers: what the signer can show in full.
                let transfers = 1 + i % 8
                call.writeBytes([26, 0])
                call.writeCompact(UInt64(transfers))
                for t in 0..<transfers {
                    call.writeBytes(
                        BalancesCall.allowDeath(amount: UInt128(i * 8 + t + 1)).encode(
                            pallet: 5, call: 0, dest: [UInt8](repeating: UInt8(truncatingIfNeeded: t), count: 32)))
                }
            }
            let builder = PayloadBuilder(
                address: address, method: call.bytes, genesisHash: genesis, specVersion: 1_002_005,
                transactionVersion: 26,
                nonce: UInt32(i), tip: UInt128(i % 7), era: .mortal(period: 64, phase: UInt64(i % 64)),
                blockHash: [UInt8](repeating: 0x22, count: 32), blockNumber: UInt32(1_000_000 + i % 64),
                signedExtensions: PayloadBuilder.relayExtensions)
            let payload: JSONValue = .object([
                (key: "type", value: .string("extrinsic")), (key: "signerPayload", value: try builder.json()),
            ])
            return try SignRequest.make(
                chain: chain, network: "polkadot:" + polkadot.prefix(32), account: account, payload: payload)
        }
    }

    static func keys() throws -> [(name: String, key: SigningKey, publicKey: [UInt8])] {
        let sr = try Sr25519.SecretKey(miniSecret: SecureBytes(copying: sr25519Seed))
        let ed = try Ed25519.PrivateKey(seed: SecureBytes(copying: ed25519Seed))
        return [("sr25519", .sr25519(sr), sr.publicKey.bytes), ("ed25519", .ed25519(ed), ed.publicKey)]
    }

    static func run(_ options: Options) throws {
        let module = SubstrateChain()
        let context = ReviewContext(now: 0)
        for (name, key, publicKey) in try keys() {
            let batch = try requests(publicKey: publicKey)
            // What the signature covers: the payload, or its BLAKE2b-256 when over 256 bytes.
            let payloads = try batch.map {
                let payload = try module.review($0, context: context).signing[0].bytes
                return payload.count > 256 ? try Blake2b.hash(payload) : payload
            }
            try measure(
                "substrate_bare_sign_\(name)", options, cycle: count,
                details: ["payloads": count, "note": "bare loop: \(name) sign of the signing payloads"]
            ) { i in
                switch key {
                case let .sr25519(secret): _ = try secret.sign(payloads[i % count])
                case let .ed25519(secret): _ = secret.sign(payloads[i % count])
                case .secp256k1: fatalError("airsign-bench: no secp256k1 key here")
                }
            }
            try measure(
                "substrate_review_sign_inprocess_\(name)", options, cycle: count,
                details: [
                    "payloads": count, "includes": "review (JSON, payload, call) + sign, in process",
                    "floor": "substrate_bare_sign_\(name)",
                ]
            ) { i in
                _ = try module.sign(try module.review(batch[i % count], context: context), with: key)
            }
        }
    }

    /// The signing payloads (one hex line each, per scheme) and the seeds, for bench/reference.py.
    static func writeFixtures(to directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let module = SubstrateChain()
        var seeds: [String: String] = [:]
        for (name, _, publicKey) in try keys() {
            let batch = try requests(publicKey: publicKey)
            try Data(MessageFile.serialize(batch)).write(
                to: URL(fileURLWithPath: directory + "/requests-\(name).jsonl"))
            let lines = try batch.map {
                Hex.encode(try module.review($0, context: ReviewContext(now: 0)).signing[0].bytes)
            }
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(
                to: URL(fileURLWithPath: directory + "/payloads-\(name).txt"))
            seeds[name] = Hex.encode(name == "sr25519" ? sr25519Seed : ed25519Seed)
        }
        try JSONSerialization.data(withJSONObject: seeds, options: [.sortedKeys]).write(
            to: URL(fileURLWithPath: directory + "/seeds.json"))
    }
}
