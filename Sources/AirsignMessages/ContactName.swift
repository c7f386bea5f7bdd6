import AirsignUnicode

/// What a contact's name must be so that a review line naming it cannot mislead: it shows as
/// itself (no control, invisible or blank character, no mark without a base, no space at
/// either end), is assigned in the tables' Unicode version, reads as one script (UTS #39 highly
/// restrictive), uses one digit system, stacks no mark twice, holds nothing that looks like the
/// quotation marks the review puts around it, and cannot be confused with another name (equal
/// UTS #39 skeletons, case and compatibility forms aside, or equal once digits and letters that
/// pass for each other are merged: see `LookAlikeFold`).
public enum ContactName {
    /// The forms a name is compared by: its skeleton as written ("0" and "O", "I" and "l"),
    /// case-folded ("alice" and "Alice", full-width "Ａlice"), and that one's look-alike fold
    /// ("B0b" and "Bob", "Al1ce" and "Alice", "5am" and "Sam").
    struct Skeletons: Sendable, Equatable {
        let plain: String
        let folded: String
        let lookAlike: String

        init(_ name: String) {
            plain = ConfusableSkeleton.skeleton(name)
            folded = ConfusableSkeleton.caseFoldedSkeleton(name)
            lookAlike = LookAlikeFold.fold(caseFoldedSkeleton: folded)
        }

        /// Equal as written, or equal once case-folded and look-alikes merged (which equal
        /// case-folded skeletons are too).
        func confusable(with other: Skeletons) -> Bool {
            plain == other.plain || lookAlike == other.lookAlike
        }

        /// Why a name with these forms looks like one with `other`'s, for an error message.
        func likeness(to other: Skeletons) -> String {
            plain == other.plain || folded == other.folded
                ? "their UTS #39 skeletons are equal"
                : "\(lookAlikeClasses) pass for one another"
        }
    }

    /// The look-alikes `LookAlikeFold` merges, as an error names them.
    static let lookAlikeClasses = "0 and O, 1, l, I and i, 5 and S, 2 and Z, 8 and B"

    /// Whether names `a` and `b` can be taken for each other, as contacts' names are compared.
    public static func looksAlike(_ a: String, _ b: String) -> Bool {
        a == b || Skeletons(a).confusable(with: Skeletons(b))
    }

    /// Checks the rules about the name on its own (not against other names).
    static func check(_ name: String) throws(MessagesError) {
        guard !name.unicodeScalars.contains(where: MessageText.isHidden),
            name.first?.isWhitespace == false, name.last?.isWhitespace == false
        else {
            throw .invalidContact(
                field: "name", reason: "must not contain control or invisible characters, nor begin or end with a space"
            )
        }
        guard MessageText.escaped(name) == name else {
            throw invalid(
                name,
                "has a character that would show blank or not at all, or a mark with nothing to sit on (shown escaped here)"
            )
        }
        if let unassigned = name.unicodeScalars.first(where: { UnicodeScripts.script($0) == UnicodeScripts.unknown }) {
            throw invalid(
                name,
                "contains \(codePoint(unassigned)), which is unassigned in Unicode \(UnicodeScriptData.unicodeVersion) or for private use: how it looks is not known"
            )
        }
        guard !looksQuoted(name) else {
            throw invalid(
                name, "contains a quotation mark or a character that looks like one; the review shows names in quotes")
        }
        guard RestrictionLevel(of: name) <= .highlyRestrictive else {
            throw invalid(
                name,
                "mixes the scripts \(listed(RestrictionLevel.scriptsUsed(name))); a name is written in one script "
                    + "(with digits, punctuation and emoji), or in Latin with Han and kana, Bopomofo or Hangul (UTS #39, highly restrictive)"
            )
        }
        let systems = numberSystems(name)
        guard systems <= 1 else {
            throw invalid(name, "mixes digits of \(systems) number systems, which can look alike")
        }
        if let mark = repeatedMark(name) {
            throw invalid(name, "puts the mark \(codePoint(mark)) twice on one character, where it shows once")
        }
    }

    /// Refuses `name` for a contact when it looks like the name of one of the keystore's keys
    /// (which the review shows as `your account (key "NAME")`).
    public static func checkDistinct(_ name: String, fromKeyNames keyNames: [String]) throws(MessagesError) {
        let skeletons = Skeletons(name)
        if let key = keyNames.first(where: { $0 == name || skeletons.confusable(with: Skeletons($0)) }) {
            throw invalid(
                name,
                "looks like \"\(MessageText.escaped(key))\", the name of one of your keys; the review would read as one of your own accounts"
            )
        }
    }

    /// The name quoted and escaped for a message, with its non-ASCII characters' code points
    /// (which is what tells two look-alike names apart in an error).
    static func quoted(_ name: String) -> String {
        let foreign = name.unicodeScalars.filter { !$0.isASCII }
        let shown = "\"\(MessageText.escaped(name))\""
        guard !foreign.isEmpty else { return shown }
        let listed = foreign.prefix(8).map(codePoint).joined(separator: " ") + (foreign.count > 8 ? " …" : "")
        return "\(shown) (\(listed))"
    }

    /// "A", "A and B", "A, B and C".
    private static func listed(_ words: [String]) -> String {
        guard let last = words.last, words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " and " + last
    }

    static func invalid(_ name: String, _ reason: String) -> MessagesError {
        .invalidContact(field: "name", reason: "\(quoted(name)) \(reason)")
    }

    /// Whether the skeleton of `name` holds that of U+0022 (U+0027 twice), as every
    /// look-alike of the quotation mark does.
    private static func looksQuoted(_ name: String) -> Bool {
        let skeleton = Array(ConfusableSkeleton.skeleton(name).unicodeScalars)
        return zip(skeleton, skeleton.dropFirst()).contains { $0 == "'" && $1 == "'" }
    }

    private static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// How many decimal digit systems the digits of `text` come from (UTS #39 section 5.4,
    /// mixed numbers): "8" and Bengali "৪" look alike.
    public static func numberSystems(_ text: String) -> Int {
        Set(text.unicodeScalars.compactMap(digitZero)).count
    }

    /// The zero of the decimal digit system `scalar` belongs to, if it is a decimal digit.
    private static func digitZero(_ scalar: Unicode.Scalar) -> UInt32? {
        guard scalar.properties.generalCategory == .decimalNumber, let value = scalar.properties.numericValue,
            value >= 0, value <= 9, scalar.value >= UInt32(value)
        else { return nil }
        return scalar.value - UInt32(value)
    }

    /// A nonspacing mark that occurs twice in one run of nonspacing marks, in NFD (UTS #39
    /// section 5.4): "i" with two dots above shows as one.
    public static func repeatedMark(_ text: String) -> Unicode.Scalar? {
        var run: [Unicode.Scalar] = []
        for scalar in UnicodeNormalization.nfd(text.unicodeScalars) {
            guard scalar.properties.generalCategory == .nonspacingMark else {
                run.removeAll()
                continue
            }
            if run.contains(scalar) { return scalar }
            run.append(scalar)
        }
        return nil
    }
}
