/// The Script and Script_Extensions properties (Unicode 15.0, from UnicodeScriptData) and the
/// augmented script sets of UTS #39 section 5.1. Scripts are known by index: the position of
/// their ISO 15924 code in the data, then UTS #39's three combined writing systems.
package enum UnicodeScripts {
    /// ISO 15924 code and Unicode's long name of every script, by index.
    package static let names: [(code: String, name: String)] = UnicodeScriptData.scriptNames.split(
        whereSeparator: \.isWhitespace
    ).map { token in
        let parts = token.split(separator: ":")
        guard parts.count == 2 else { preconditionFailure("scriptNames: malformed entry \(token)") }
        return (String(parts[0]), String(parts[1].map { $0 == "_" ? " " : $0 }))
    }

    private static let indexByCode = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1.code, $0) })

    /// The index of the script with ISO 15924 `code` in the data.
    package static func index(_ code: String) -> Int {
        guard let index = indexByCode[code] else { preconditionFailure("no script \(code) in the Unicode data") }
        return index
    }

    package static let common = index("Zyyy")
    package static let inherited = index("Zinh")
    package static let unknown = index("Zzzz")
    package static let latin = index("Latn")
    package static let han = index("Hani")
    package static let hiragana = index("Hira")
    package static let katakana = index("Kana")
    package static let hangul = index("Hang")
    package static let bopomofo = index("Bopo")
    package static let cyrillic = index("Cyrl")
    package static let greek = index("Grek")
    package static let cherokee = index("Cher")
    /// UTS #39's writing systems that combine scripts: Han with Bopomofo (Hanb), Japanese
    /// (Jpan: Han, Hiragana, Katakana) and Korean (Kore: Han, Hangul).
    package static let hanWithBopomofo = names.count
    package static let japanese = names.count + 1
    package static let korean = names.count + 2

    private static let scripts = UnicodeRanges(
        UnicodeTableText.entries(UnicodeScriptData.scripts, count: UnicodeScriptData.scriptsCount, table: "scripts"),
        table: "scripts"
    ) { entry in scriptIndex(entry.values.first ?? UInt32.max) }

    private static let extensions = UnicodeRanges(
        UnicodeTableText.entries(
            UnicodeScriptData.scriptExtensions, count: UnicodeScriptData.scriptExtensionsCount,
            table: "scriptExtensions"),
        table: "scriptExtensions"
    ) { entry in entry.values.map(scriptIndex) }

    /// The Script property of `scalar`: Unknown for unassigned and private-use code points.
    package static func script(_ scalar: Unicode.Scalar) -> Int {
        scripts.value(scalar.value) ?? unknown
    }

    /// The Script_Extensions property of `scalar`: the scripts it is used with.
    package static func scriptExtensions(_ scalar: Unicode.Scalar) -> [Int] {
        extensions.value(scalar.value) ?? [script(scalar)]
    }

    /// UTS #39's augmented script set of `scalar`: its Script_Extensions with the combined
    /// writing systems its scripts belong to, or every script for Common and Inherited.
    package static func augmented(_ scalar: Unicode.Scalar) -> ScriptSet {
        var set = ScriptSet(scriptExtensions(scalar))
        if set.contains(common) || set.contains(inherited) { return .all }
        if set.contains(han) { [hanWithBopomofo, japanese, korean].forEach { set.insert($0) } }
        if set.contains(hiragana) || set.contains(katakana) { set.insert(japanese) }
        if set.contains(hangul) { set.insert(korean) }
        if set.contains(bopomofo) { set.insert(hanWithBopomofo) }
        return set
    }

    /// The script's name as people read it ("Latin", "Han with Bopomofo").
    package static func name(_ index: Int) -> String {
        switch index {
        case hanWithBopomofo: return "Han with Bopomofo"
        case japanese: return "Japanese"
        case korean: return "Korean"
        default: return names.indices.contains(index) ? names[index].name : "script \(index)"
        }
    }

    /// The script's ISO 15924 code ("Latn", "Hanb").
    package static func code(_ index: Int) -> String {
        switch index {
        case hanWithBopomofo: return "Hanb"
        case japanese: return "Jpan"
        case korean: return "Kore"
        default: return names.indices.contains(index) ? names[index].code : "script \(index)"
        }
    }

    private static func scriptIndex(_ value: UInt32) -> Int {
        guard value < names.count else { preconditionFailure("scripts: index \(value) past the script names") }
        return Int(value)
    }
}
