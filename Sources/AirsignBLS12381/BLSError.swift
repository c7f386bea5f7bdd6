/// Why a BLS12-381 input was refused: each case names the input (`what`: "signature",
/// "public key", "G1 point", …) and reads as one line for the user.
public enum BLSError: Error, Equatable, CustomStringConvertible, Sendable {
    /// A compressed point of the wrong size (48 bytes for G1, 96 for G2).
    case wrongLength(what: String, expected: Int, actual: Int)
    /// The top bit of a compressed point is clear: an uncompressed or garbled encoding.
    case notCompressed(what: String)
    /// The infinity flag is set but the sort flag or a coordinate bit is too.
    case malformedInfinity(what: String)
    /// A coordinate is not below the field modulus p.
    case coordinateNotInField(what: String)
    /// No point of the curve has that x coordinate.
    case notOnCurve(what: String)
    /// A curve point outside the prime-order subgroup (a small-subgroup or cofactor point).
    case notInSubgroup(what: String)
    /// The point at infinity where a real point is required (public keys, signatures).
    case pointAtInfinity(what: String)
    /// Hash-to-curve input outside RFC 9380's bounds (a domain separation tag over 255 bytes,
    /// an expansion longer than 255 blocks or 65535 bytes).
    case hashInputOutOfRange(String)

    public var description: String {
        switch self {
        case let .wrongLength(what, expected, actual):
            "BLS12-381 \(what): \(actual) bytes, expected a \(expected)-byte compressed point"
        case let .notCompressed(what):
            "BLS12-381 \(what): the compression flag (top bit) is not set"
        case let .malformedInfinity(what):
            "BLS12-381 \(what): the infinity flag is set but the sort flag or coordinate bits are not zero"
        case let .coordinateNotInField(what):
            "BLS12-381 \(what): a coordinate is not below the field modulus"
        case let .notOnCurve(what):
            "BLS12-381 \(what): not a point on the curve"
        case let .notInSubgroup(what):
            "BLS12-381 \(what): not in the prime-order subgroup"
        case let .pointAtInfinity(what):
            "BLS12-381 \(what): the point at infinity is not allowed"
        case let .hashInputOutOfRange(detail):
            "BLS12-381 hash to curve: \(detail)"
        }
    }
}
