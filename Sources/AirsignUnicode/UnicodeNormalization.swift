/// NFD and NFKC_Casefold over Unicode scalars, from the Unicode 15.0 tables in
/// NormalizationData: what the UTS #39 skeleton needs. Swift's standard library has no public
/// normalization, and Foundation's on Linux follows an older Unicode version than Swift's own
/// properties; these tables keep every step of the skeleton at the version of confusables.txt.
package enum UnicodeNormalization {
    private static let decompositions = UnicodeTableText.scalarMap(
        NormalizationData.decompositions, count: NormalizationData.decompositionsCount, table: "decompositions"
    )
    private static let casefold = UnicodeTableText.scalarMap(
        NormalizationData.nfkcCasefold, count: NormalizationData.nfkcCasefoldCount, table: "nfkcCasefold"
    )
    private static let combiningClasses = UnicodeRanges(
        UnicodeTableText.entries(
            NormalizationData.combiningClasses, count: NormalizationData.combiningClassesCount,
            table: "combiningClasses"),
        table: "combiningClasses"
    ) { entry in UInt8(truncatingIfNeeded: entry.values.first ?? 0) }

    /// The canonical decomposition (NFD) of `scalars`.
    package static func nfd(_ scalars: some Sequence<Unicode.Scalar>) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        for scalar in scalars { appendDecomposed(scalar, to: &out) }
        reorder(&out)
        return out
    }

    /// toNFKC_Casefold(`scalars`) in NFD: each scalar mapped by NFKC_Casefold (case folded,
    /// compatibility forms replaced, default-ignorables removed), then decomposed. The
    /// definition ends in NFC; the skeleton decomposes again at once, so the NFD is kept.
    package static func nfkcCasefoldNFD(_ scalars: some Sequence<Unicode.Scalar>) -> [Unicode.Scalar] {
        nfd(scalars.flatMap { casefold[$0.value] ?? [$0] })
    }

    /// The Canonical_Combining_Class of `scalar` (0 for starters).
    package static func combiningClass(_ scalar: Unicode.Scalar) -> UInt8 {
        combiningClasses.value(scalar.value) ?? 0
    }

    // Hangul syllables decompose by arithmetic (The Unicode Standard, section 3.12).
    private static let syllableBase: UInt32 = 0xac00
    private static let leadBase: UInt32 = 0x1100
    private static let vowelBase: UInt32 = 0x1161
    private static let trailBase: UInt32 = 0x11a7
    private static let vowelCount: UInt32 = 21
    private static let trailCount: UInt32 = 28
    private static let syllableCount: UInt32 = 19 * 21 * 28

    private static func appendDecomposed(_ scalar: Unicode.Scalar, to out: inout [Unicode.Scalar]) {
        let index = scalar.value &- syllableBase
        if scalar.value >= syllableBase, index < syllableCount {
            let jamo =
                [
                    leadBase + index / (vowelCount * trailCount),
                    vowelBase + (index % (vowelCount * trailCount)) / trailCount,
                ]
                + (index % trailCount == 0 ? [] : [trailBase + index % trailCount])
            out += jamo.compactMap(Unicode.Scalar.init)
        } else if let parts = decompositions[scalar.value] {
            out += parts
        } else {
            out.append(scalar)
        }
    }

    /// The canonical ordering algorithm: within each run of non-starters, a stable sort by
    /// combining class (an insertion sort; runs are a few marks long).
    private static func reorder(_ scalars: inout [Unicode.Scalar]) {
        guard scalars.count > 1 else { return }
        let classes = scalars.map(combiningClass)
        var order = Array(scalars.indices)
        for i in 1..<order.count where classes[order[i]] != 0 {
            var j = i
            while j > 0, classes[order[j - 1]] > classes[order[j]] {
                order.swapAt(j - 1, j)
                j -= 1
            }
        }
        scalars = order.map { scalars[$0] }
    }
}

extension String {
    /// The string of these scalars, as they are (no normalization).
    package init(scalars: some Sequence<Unicode.Scalar>) {
        self.init()
        unicodeScalars.append(contentsOf: scalars)
    }
}
