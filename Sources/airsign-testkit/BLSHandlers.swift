import AirsignBLS12381
import AirsignEncoding

/// The IC's domain separation tag unless the request names one (text).
private func dst(_ request: Request) throws -> [UInt8] {
    request.fields["dst"] == nil ? BLS12381.icDomainSeparationTag : Array(try request.string("dst").utf8)
}

let blsHandlers: [String: Handler] = [
    // {scalar} → {g1, g2}: scalar·G of both groups, compressed (scalar big-endian hex)
    "bls_mul_generators": { request in
        let scalar = try request.bytes("scalar")
        return [
            "g1": Hex.encode(BLS12381.G1Point.generator.multiplied(byBigEndian: scalar).compressed),
            "g2": Hex.encode(BLS12381.G2Point.generator.multiplied(byBigEndian: scalar).compressed),
        ]
    },
    // {point} → {point: re-encoded}; a refused encoding is an error
    "bls_g1_decode": { request in
        ["point": Hex.encode(try BLS12381.G1Point(compressed: try request.bytes("point")).compressed)]
    },
    "bls_g2_decode": { request in
        ["point": Hex.encode(try BLS12381.G2Point(compressed: try request.bytes("point")).compressed)]
    },
    // {message, dst?} → {point}: hash_to_curve to G1, compressed
    "bls_hash_to_g1": { request in
        ["point": Hex.encode(try BLS12381.hashToG1(try request.bytes("message"), dst: try dst(request)).compressed)]
    },
    // {g1, g2} → {gt}: e(P, Q) as 12 × 48 bytes over Fp[w]/(w¹² − 2w⁶ + 2) (py_ecc's FQ12)
    "bls_pairing": { request in
        let p = try BLS12381.G1Point(compressed: try request.bytes("g1"))
        let q = try BLS12381.G2Point(compressed: try request.bytes("g2"))
        return ["gt": Hex.encode(BLS12381.pairing(p, q).bytes)]
    },
    // {signature, message, public} → {valid}; a malformed point is an error
    "bls_verify": { request in
        [
            "valid": try BLS12381.verify(
                signature: try request.bytes("signature"), message: try request.bytes("message"),
                publicKey: try request.bytes("public"))
        ]
    },
]
