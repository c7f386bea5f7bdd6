/// Walker's alias method (Vose's variant, in Keith Schwarz's formulation) over a fixed list of
/// weights, exactly as the UR fountain code builds it: the worklists are filled from the last
/// index down, which the spec calls out as a deliberate variance, so the table matches the
/// reference bit for bit.
public struct RandomSampler: Sendable {
    private var probs: [Double]
    private var aliases: [Int]

    /// `weights` must be non-empty, finite and positive (the fountain code's are 1/1 … 1/n).
    public init(weights: [Double]) {
        let n = weights.count
        let sum = weights.reduce(0, +)
        var p = weights.map { $0 * Double(n) / sum }
        var small: [Int] = [], large: [Int] = []
        for i in stride(from: n - 1, through: 0, by: -1) {
            if p[i] < 1 { small.append(i) } else { large.append(i) }
        }
        probs = [Double](repeating: 0, count: n)
        aliases = [Int](repeating: 0, count: n)
        while let a = small.popLast() {
            guard let g = large.popLast() else { small.append(a); break }
            probs[a] = p[a]
            aliases[a] = g
            p[g] += p[a] - 1
            if p[g] < 1 { small.append(g) } else { large.append(g) }
        }
        while let g = large.popLast() { probs[g] = 1 }
        while let a = small.popLast() { probs[a] = 1 }
    }

    /// An index drawn with probability proportional to its weight; consumes two doubles.
    public func next(_ rng: inout Xoshiro256) -> Int {
        let r1 = rng.nextDouble()
        let r2 = rng.nextDouble()
        // r1 < 1, so i < n; min() only guards against a rounding surprise.
        let i = min(Int(Double(probs.count) * r1), probs.count - 1)
        return r2 < probs[i] ? i : aliases[i]
    }
}
