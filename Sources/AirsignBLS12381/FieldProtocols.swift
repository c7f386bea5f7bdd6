/// A field's multiplicative part, enough for exponentiation (Fp, Fp2, Fp12).
protocol FieldElement: Sendable, Equatable {
    static var one: Self { get }
    static func * (a: Self, b: Self) -> Self
    func squared() -> Self
}

extension FieldElement {
    /// self^exponent (little-endian words), by square and multiply.
    func power(_ exponent: [UInt64]) -> Self {
        var acc = Self.one
        forEachBitFromTop(exponent) { bit in
            acc = acc.squared()
            if bit { acc = acc * self }
        }
        return acc
    }
}

/// What the point arithmetic needs of a coordinate field; Fp carries G1 (y² = x³ + 4) and Fp2
/// carries G2 (the twist y² = x³ + 4(1 + u)), so each field also names its curve's b.
protocol CurveField: FieldElement {
    static var zero: Self { get }
    /// b of the curve y² = x³ + b over this field.
    static var curveB: Self { get }
    var isZero: Bool { get }
    var isLexicographicallyLargest: Bool { get }
    static func + (a: Self, b: Self) -> Self
    static func - (a: Self, b: Self) -> Self
    static prefix func - (a: Self) -> Self
    func inverse() -> Self
    func squareRoot() -> Self?
}

extension Fp: CurveField {
    static let curveB = Fp(4)
}

extension Fp2: CurveField {
    static let curveB = Fp2(Fp(4), Fp(4))
}

extension Fp12: FieldElement {}
