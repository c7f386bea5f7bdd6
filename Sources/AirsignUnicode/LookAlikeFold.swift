/// Digits and Latin letters that pass for one another in the fonts terminals use, merged so
/// that names differing only by them compare equal: a step UTS #39 leaves out.
///
/// Why: the review names an address by its contact's name, so a contact "B0b" (zero) added for
/// an attacker's address beside the person's "Bob", or "Al1ce" (one) beside "Alice", would have
/// the review call the attacker's address by the person's name; in a monospace terminal font
/// the two differ by one narrow glyph that the eye reads past. confusables.txt maps "0" to "O"
/// and "1", "I" and "|" to "l", but not "5", "2" or "8", nor "i" to "l"; and a skeleton keeps
/// case, so the case-folded skeletons of "B0b" and "Bob" are "bOb" and "bob": unequal.
///
/// The fold takes the case-folded skeleton (`ConfusableSkeleton.caseFoldedSkeleton`), lowercases
/// its ASCII letters (the prototypes bring capitals back: "0" becomes "O") and merges each class
/// below into its first member. Only pairs that look alike in common terminal fonts are merged;
/// "6" and "b", "9" and "g", "7" and "T" do not, and "Alice2" stays apart from "Alice3".
///
/// - "o" and "0": a zero is an "O" or "o", at most with a dot or a slash in it;
/// - "l", "1", "i" and "|" (and "I", which the skeleton makes "l"): one upright stroke, told
///   apart by a serif, a flag or a dot;
/// - "s" and "5", "z" and "2": the digit is the letter with one corner or curve changed;
/// - "b" and "8": an "8" is a "B" closed on the left.
///
/// ("rn" and "m" share a skeleton already. "vv" and "w", "cl" and "d" do not, and are left as
/// UTS #39 has them: in a terminal each pair takes two cells where its look-alike takes one.)
/// Only ASCII is merged or lowercased, so the fold stays at the tables' Unicode version,
/// whatever the Swift runtime's. Folds are for comparing, never for showing.
public enum LookAlikeFold {
    /// The look-alike fold of `text`: equal for "B0b", "Bob" and "bob", for "Al1ce", "A1ice" and
    /// "Alice", for "5am" and "Sam", for "Z0E", "2oe" and "Zoe"; unequal for "Bob" and "Rob".
    public static func fold(_ text: String) -> String {
        fold(caseFoldedSkeleton: ConfusableSkeleton.caseFoldedSkeleton(text))
    }

    /// The fold of a text whose case-folded skeleton is `skeleton` (to reuse one already made).
    public static func fold(caseFoldedSkeleton skeleton: String) -> String {
        var folded = String.UnicodeScalarView()
        for scalar in skeleton.unicodeScalars { folded.append(merged(scalar)) }
        return String(folded)
    }

    /// The letter `scalar` is merged into: its class's first member, or itself lowercased.
    private static func merged(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        guard scalar.isASCII else { return scalar }
        let byte = UInt8(truncatingIfNeeded: scalar.value)
        let lower = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
        switch lower {
        case UInt8(ascii: "0"): return "o"
        case UInt8(ascii: "1"), UInt8(ascii: "i"), UInt8(ascii: "|"): return "l"
        case UInt8(ascii: "5"): return "s"
        case UInt8(ascii: "2"): return "z"
        case UInt8(ascii: "8"): return "b"
        default: return Unicode.Scalar(lower)
        }
    }
}
