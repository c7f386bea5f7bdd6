import AirsignChains
import AirsignEncoding
import AirsignMessages
import AirsignUnicode

// The Unicode properties behind contact-name rules, for the unicode interop group to hold to
// ICU's. Texts cross as hex of their UTF-8 (JSON escapes would not survive every scalar).

private func hexText(_ text: String) -> String { Hex.encode(Array(text.utf8)) }

private func texts(_ request: Request) throws -> [String] {
    guard let items = try request.any("texts") as? [String] else {
        throw TestkitError.badRequest("\(request.op): texts is not a list")
    }
    return try items.map { hex in
        guard let bytes = try? Hex.decode(hex), let text = String(validating: bytes, as: UTF8.self) else {
            throw TestkitError.badRequest("\(request.op): a text is not hex of UTF-8")
        }
        return text
    }
}

private var allScalars: some Sequence<Unicode.Scalar> {
    (UInt32(0)...0x10ffff).lazy.compactMap(Unicode.Scalar.init)
}

let unicodeHandlers: [String: Handler] = [
    // Runs of code points with the same Script and Script_Extensions: [first, last, script,
    // "Scx1 Scx2 …"], over every scalar value.
    "unicode_scripts": { _ in
        var runs: [[Any]] = []
        var current: (first: UInt32, last: UInt32, script: String, extensions: String)?
        for scalar in allScalars {
            let script = UnicodeProperties.script(scalar)
            let extensions = UnicodeProperties.scriptExtensions(scalar).joined(separator: " ")
            if let run = current, run.last + 1 == scalar.value, run.script == script, run.extensions == extensions {
                current?.last = scalar.value
                continue
            }
            if let run = current { runs.append([run.first, run.last, run.script, run.extensions]) }
            current = (scalar.value, scalar.value, script, extensions)
        }
        if let run = current { runs.append([run.first, run.last, run.script, run.extensions]) }
        return ["version": UnicodeProperties.version, "runs": runs]
    },
    // Every scalar that NFD, toNFKC_Casefold (in NFD) or either skeleton changes, with what it
    // becomes: {"nfd": [[code, hex], …], "casefold": …, "skeleton": …, "folded_skeleton": …}.
    "unicode_mappings": { _ in
        var changed: [String: [[Any]]] = ["nfd": [], "casefold": [], "skeleton": [], "folded_skeleton": []]
        for scalar in allScalars {
            let text = String(Character(scalar))
            let results = [
                ("nfd", UnicodeProperties.nfd(text)), ("casefold", UnicodeProperties.nfkcCasefoldNFD(text)),
                ("skeleton", ConfusableSkeleton.skeleton(text)),
                ("folded_skeleton", ConfusableSkeleton.caseFoldedSkeleton(text)),
            ]
            for (name, result) in results where !result.unicodeScalars.elementsEqual(text.unicodeScalars) {
                changed[name, default: []].append([scalar.value, hexText(result)])
            }
        }
        return changed
    },
    // For each text: NFD, toNFKC_Casefold (NFD), both skeletons, the UTS #39 restriction level,
    // the number of digit systems, a repeated mark, and what Contact says of it as a name.
    "unicode_texts": { request in
        let results: [[String: Any]] = try texts(request).map { text in
            let verdict: String
            do {
                _ = try Contact(
                    chain: ChainID("ethereum"), name: text, address: "0x9858EfFD232B4033E47d90003D41EC34EcaEda94",
                    rules: .standard)
                verdict = "accepted"
            } catch {
                verdict = "\(error)"
            }
            return [
                "nfd": hexText(UnicodeProperties.nfd(text)),
                "casefold": hexText(UnicodeProperties.nfkcCasefoldNFD(text)),
                "skeleton": hexText(ConfusableSkeleton.skeleton(text)),
                "folded_skeleton": hexText(ConfusableSkeleton.caseFoldedSkeleton(text)),
                "level": "\(RestrictionLevel(of: text))", "number_systems": ContactName.numberSystems(text),
                "repeated_mark": ContactName.repeatedMark(text).map { Int($0.value) } ?? -1, "contact": verdict,
            ]
        }
        return ["results": results]
    },
]
