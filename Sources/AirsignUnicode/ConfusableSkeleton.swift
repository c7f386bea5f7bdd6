/// The confusable skeleton of UTS #39 (section 4), version 15.0: two texts whose skeletons are
/// equal can look the same on screen. skeleton(X) = NFD(each code point of NFD(X) replaced by
/// its confusables.txt prototype). Skeletons are for comparing, never for showing.
public enum ConfusableSkeleton {
    private static let prototypes = UnicodeTableText.scalarMap(
        ConfusablePrototypeData.prototypes, count: ConfusablePrototypeData.prototypesCount, table: "prototypes"
    )

    /// The skeleton of `text`: "rn" and "m", Latin "a" and Cyrillic "а", "0" and "O" share one.
    public static func skeleton(_ text: String) -> String {
        skeleton(scalars: UnicodeNormalization.nfd(text.unicodeScalars))
    }

    /// The skeleton of toNFKC_Casefold(`text`): equal for texts that differ only in case,
    /// compatibility forms (full-width letters, ligatures) or default-ignorable characters, or
    /// that are confusable once those are set aside ("Alice" and "аlice").
    public static func caseFoldedSkeleton(_ text: String) -> String {
        skeleton(scalars: UnicodeNormalization.nfkcCasefoldNFD(text.unicodeScalars))
    }

    /// The skeleton of text already in NFD.
    private static func skeleton(scalars: [Unicode.Scalar]) -> String {
        var mapped: [Unicode.Scalar] = []
        mapped.reserveCapacity(scalars.count)
        for scalar in scalars { mapped += prototypes[scalar.value] ?? [scalar] }
        return String(scalars: UnicodeNormalization.nfd(mapped))
    }
}
