import AirsignUnicode

/// Token symbols and names, and descriptor labels, come from lists and files a person installs
/// or a token's own author: a symbol like "USDС" (a Cyrillic С) or "ＵＳＤＣ" would pass for
/// another. Shown through this, a text is kept as it is only when it is printable ASCII, or one
/// script that no ASCII text looks like; otherwise every character beyond ASCII is written as
/// `\u{…}`, so a look-alike shows as what it is. (Control characters are escaped by the
/// renderer in any case.)
public enum SafeName {
    public static func shown(_ text: String) -> String {
        if text.unicodeScalars.allSatisfy({ $0.isASCII }) { return text }
        let single = RestrictionLevel(of: text) <= .singleScript
        let skeleton = ConfusableSkeleton.caseFoldedSkeleton(text)
        let confusableWithASCII = skeleton.unicodeScalars.allSatisfy { $0.isASCII }
        if single && !confusableWithASCII { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                out.unicodeScalars.append(scalar)
            } else {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            }
        }
        return out
    }
}
