/// How safely a text mixes scripts, by the restriction levels of UTS #39 section 5.2, from the
/// safest. A text a person reads as one word should be at most `highlyRestrictive`: one script,
/// or Latin with the scripts written alongside Han (Japanese kana, Bopomofo, Hangul).
/// Common and Inherited characters (digits, punctuation, emoji, combining accents) go with
/// every script. Every code point counts (there is no identifier profile: names may hold
/// spaces and punctuation).
public enum RestrictionLevel: Int, Comparable, Sendable {
    /// Only ASCII.
    case ascii
    /// One script (its resolved script set is not empty).
    case singleScript
    /// Latin with Han and Japanese kana, with Han and Bopomofo, or with Han and Hangul.
    case highlyRestrictive
    /// Latin with one other script, but Cyrillic, Greek or Cherokee.
    case moderatelyRestrictive
    /// Anything else.
    case minimallyRestrictive

    /// The level of `text`.
    public init(of text: String) {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            self = .ascii
        } else if !Self.resolvedScripts(text).isEmpty {
            self = .singleScript
        } else {
            let withoutLatin = Self.resolvedScripts(text, ignoringCharactersOf: UnicodeScripts.latin)
            if [UnicodeScripts.hanWithBopomofo, UnicodeScripts.japanese, UnicodeScripts.korean].contains(
                where: withoutLatin.contains)
            {
                self = .highlyRestrictive
            } else if !withoutLatin.isEmpty,
                ![UnicodeScripts.cyrillic, UnicodeScripts.greek, UnicodeScripts.cherokee].contains(
                    where: withoutLatin.contains)
            {
                self = .moderatelyRestrictive
            } else {
                self = .minimallyRestrictive
            }
        }
    }

    public static func < (a: RestrictionLevel, b: RestrictionLevel) -> Bool { a.rawValue < b.rawValue }

    /// The resolved script set (UTS #39 section 5.1): the scripts every character of `text`
    /// can be written in, each character's augmented set intersected, leaving out characters
    /// whose set holds `ignored`.
    package static func resolvedScripts(_ text: String, ignoringCharactersOf ignored: Int? = nil) -> ScriptSet {
        var resolved = ScriptSet.all
        for scalar in text.unicodeScalars {
            let scripts = UnicodeScripts.augmented(scalar)
            if let ignored, scripts.contains(ignored) { continue }
            resolved = resolved.intersection(scripts)
        }
        return resolved
    }

    /// The scripts `text` is written in, by the Script property of its characters (Common and
    /// Inherited left out), in order of appearance: for telling a person what was mixed.
    package static func scriptsUsed(_ text: String) -> [String] {
        var seen: [Int] = []
        for scalar in text.unicodeScalars {
            let script = UnicodeScripts.script(scalar)
            if script != UnicodeScripts.common, script != UnicodeScripts.inherited, !seen.contains(script) {
                seen.append(script)
            }
        }
        return seen.map(UnicodeScripts.name)
    }
}
