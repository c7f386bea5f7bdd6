/// The Unicode properties the name rules read, at the version of their tables: for comparing
/// them with other implementations (the interop suite holds them to ICU's).
public enum UnicodeProperties {
    /// The Unicode version of every table behind the name rules.
    public static let version = UnicodeScriptData.unicodeVersion

    /// The ISO 15924 code of `scalar`'s Script ("Zzzz" for unassigned code points).
    public static func script(_ scalar: Unicode.Scalar) -> String {
        UnicodeScripts.code(UnicodeScripts.script(scalar))
    }

    /// The ISO 15924 codes of `scalar`'s Script_Extensions, in code order.
    public static func scriptExtensions(_ scalar: Unicode.Scalar) -> [String] {
        UnicodeScripts.scriptExtensions(scalar).map(UnicodeScripts.code)
    }

    /// `text` in NFD.
    public static func nfd(_ text: String) -> String {
        String(scalars: UnicodeNormalization.nfd(text.unicodeScalars))
    }

    /// toNFKC_Casefold(`text`), in NFD.
    public static func nfkcCasefoldNFD(_ text: String) -> String {
        String(scalars: UnicodeNormalization.nfkcCasefoldNFD(text.unicodeScalars))
    }
}
