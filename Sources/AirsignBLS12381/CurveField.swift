/// What the point arithmetic needs of a coordinate field; Fp carries G1 (y² = x³ + 4) and Fp2
/// carries G2 (the twist y² = x³ + 4(1 + u)), so each field also names its curve's b.
protocol CurveField: Sendable, Equatable {
    static var zero: Self { get }
    static var one: Self { get }
    /// b of the curve y² = x³ + b over this field.
    static var curveB: Self { get }
    var isZero: Bool { get }
    var isLexicographicallyLargest: Bool { get }
    static func + (a: Self, b: Self) -> Self
    static func - (a: Self, b: Self) -> Self
    static func * (a: Self, b: Self) -> Self
    static prefix func - (a: Self) -> Self
    func squared() -> Self
    func inverse() -> Self
    func squareRoot() -> Self?
}

extension Fp: CurveField {
    static let curveB = Fp(4)
}

extension Fp2: CurveField {
    static let curveB = Fp2(Fp(4), Fp(4))
}
