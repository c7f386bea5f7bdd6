import BigInt

extension BigUInt {
    /// `BigUInt(value)`: by BigInt's non-generic literal initializer when it fits 64 bits
    /// (every amount of a batch of transfers), as the generic one, not specialized outside
    /// BigInt, read the words through witnesses (1,300 instructions; a review converts eight).
    init(uint128 value: UInt128) {
        if let small = UInt64(exactly: value) {
            self.init(integerLiteral: small)
        } else {
            self.init(value)
        }
    }
}
