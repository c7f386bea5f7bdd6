/// The ZCash serialization of compressed points (the IC's, and every BLS12-381 library's):
/// x big-endian (for G2: x.c1 then x.c0), with three flags in the top bits of the first byte.
enum PointEncoding {
    static let compressionFlag: UInt8 = 0x80
    static let infinityFlag: UInt8 = 0x40
    /// Set when y is the lexicographically larger of ±y.
    static let sortFlag: UInt8 = 0x20

    /// The encoding of the point at infinity: the compression and infinity flags, then zeros.
    static func infinity(length: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: length)
        out[0] = compressionFlag | infinityFlag
        return out
    }

    /// The flag byte of a finite point whose y has the given sort flag.
    static func flags(largestY: Bool) -> UInt8 { compressionFlag | (largestY ? sortFlag : 0) }

    /// Checks the length and flags; returns nil for a well-formed point at infinity, else the
    /// bytes with the flags cleared and whether y is the larger root.
    static func strip(_ bytes: [UInt8], length: Int, what: String) throws(BLSError) -> (bytes: [UInt8], largestY: Bool)?
    {
        guard bytes.count == length else { throw .wrongLength(what: what, expected: length, actual: bytes.count) }
        let flags = bytes[0]
        guard flags & compressionFlag != 0 else { throw .notCompressed(what: what) }
        var rest = bytes
        rest[0] = flags & 0x1f
        if flags & infinityFlag != 0 {
            guard flags & sortFlag == 0, rest.allSatisfy({ $0 == 0 }) else { throw .malformedInfinity(what: what) }
            return nil
        }
        return (rest, flags & sortFlag != 0)
    }

    /// The point with abscissa `x` and the root of x³ + b chosen by `largestY`, checked to lie
    /// in the prime-order subgroup.
    static func point<F: CurveField>(x: F, largestY: Bool, what: String) throws(BLSError) -> JacobianPoint<F> {
        guard var y = (x.squared() * x + F.curveB).squareRoot() else { throw .notOnCurve(what: what) }
        if y.isLexicographicallyLargest != largestY { y = -y }
        let point = JacobianPoint(affineX: x, y: y)
        guard point.isInPrimeOrderSubgroup else { throw .notInSubgroup(what: what) }
        return point
    }
}

extension BLS12381 {
    /// A point of G1 (the IC's signatures and hashed messages).
    public struct G1Point: Sendable, Equatable {
        var point: JacobianPoint<Fp>

        init(_ point: JacobianPoint<Fp>) { self.point = point }

        /// Decodes a 48-byte compressed point with every ZCash rule: the compression flag set,
        /// infinity only as C0 00…00, x < p, on the curve, in the prime-order subgroup. `what`
        /// names the input in the error ("signature").
        public init(compressed bytes: [UInt8], what: String = "G1 point") throws(BLSError) {
            guard let (body, largestY) = try PointEncoding.strip(bytes, length: 48, what: what) else {
                self.init(.infinity)
                return
            }
            guard let x = Fp(bigEndian: body) else { throw .coordinateNotInField(what: what) }
            self.init(try PointEncoding.point(x: x, largestY: largestY, what: what))
        }

        /// The generator of G1.
        public static let generator = G1Point(
            JacobianPoint(
                affineX: Fp(
                    canonical: (
                        0xfb3a_f00a_db22_c6bb, 0x6c55_e83f_f97a_1aef, 0xa14e_3a3f_171b_ac58,
                        0xc368_8c4f_9774_b905, 0x2695_638c_4fa9_ac0f, 0x17f1_d3a7_3197_d794
                    )),
                y: Fp(
                    canonical: (
                        0x0caa_2329_46c5_e7e1, 0xd03c_c744_a288_8ae4, 0x00db_18cb_2c04_b3ed,
                        0xfcf5_e095_d5d0_0af6, 0xa09e_30ed_741d_8ae4, 0x08b3_f481_e3aa_a0f1
                    ))))

        public var isInfinity: Bool { point.isInfinity }

        /// The 48-byte compressed encoding.
        public var compressed: [UInt8] {
            guard let (x, y) = point.affine else { return PointEncoding.infinity(length: 48) }
            var out = x.bytes
            out[0] |= PointEncoding.flags(largestY: y.isLexicographicallyLargest)
            return out
        }

        /// scalar·P for a big-endian scalar of any length.
        public func multiplied(byBigEndian scalar: [UInt8]) -> G1Point {
            G1Point(point.multiplied(by: words(bigEndian: scalar)))
        }

        public static func + (a: G1Point, b: G1Point) -> G1Point { G1Point(a.point + b.point) }
        public static prefix func - (a: G1Point) -> G1Point { G1Point(a.point.negated()) }
    }

    /// A point of G2 (the IC's public keys).
    public struct G2Point: Sendable, Equatable {
        var point: JacobianPoint<Fp2>

        init(_ point: JacobianPoint<Fp2>) { self.point = point }

        /// Decodes a 96-byte compressed point (x.c1 then x.c0) with the same rules as G1; `what`
        /// names the input in the error ("public key").
        public init(compressed bytes: [UInt8], what: String = "G2 point") throws(BLSError) {
            guard let (body, largestY) = try PointEncoding.strip(bytes, length: 96, what: what) else {
                self.init(.infinity)
                return
            }
            guard let c1 = Fp(bigEndian: body, offset: 0), let c0 = Fp(bigEndian: body, offset: 48) else {
                throw .coordinateNotInField(what: what)
            }
            self.init(try PointEncoding.point(x: Fp2(c0, c1), largestY: largestY, what: what))
        }

        /// The generator of G2.
        public static let generator = G2Point(
            JacobianPoint(
                affineX: Fp2(
                    Fp(
                        canonical: (
                            0xd480_56c8_c121_bdb8, 0x0bac_0326_a805_bbef, 0xb451_0b64_7ae3_d177,
                            0xc6e4_7ad4_fa40_3b02, 0x2608_0527_2dc5_1051, 0x024a_a2b2_f08f_0a91
                        )),
                    Fp(
                        canonical: (
                            0xe5ac_7d05_5d04_2b7e, 0x334c_f112_1394_5d57, 0xb5da_61bb_dc7f_5049,
                            0x596b_d0d0_9920_b61a, 0x7dac_d3a0_8827_4f65, 0x13e0_2b60_5271_9f60
                        ))),
                y: Fp2(
                    Fp(
                        canonical: (
                            0xe193_5486_08b8_2801, 0x923a_c9cc_3bac_a289, 0x6d42_9a69_5160_d12c,
                            0xadfd_9baa_8cbd_d3a7, 0x8cc9_cdc6_da2e_351a, 0x0ce5_d527_727d_6e11
                        )),
                    Fp(
                        canonical: (
                            0xaaa9_075f_f05f_79be, 0x3f37_0d27_5cec_1da1, 0x2674_92ab_572e_99ab,
                            0xcb3e_287e_85a7_63af, 0x32ac_d2b0_2bc2_8b99, 0x0606_c4a0_2ea7_34cc
                        )))))

        public var isInfinity: Bool { point.isInfinity }

        /// The 96-byte compressed encoding.
        public var compressed: [UInt8] {
            guard let (x, y) = point.affine else { return PointEncoding.infinity(length: 96) }
            var out = x.c1.bytes + x.c0.bytes
            out[0] |= PointEncoding.flags(largestY: y.isLexicographicallyLargest)
            return out
        }

        /// scalar·Q for a big-endian scalar of any length.
        public func multiplied(byBigEndian scalar: [UInt8]) -> G2Point {
            G2Point(point.multiplied(by: words(bigEndian: scalar)))
        }

        public static func + (a: G2Point, b: G2Point) -> G2Point { G2Point(a.point + b.point) }
        public static prefix func - (a: G2Point) -> G2Point { G2Point(a.point.negated()) }
    }
}
