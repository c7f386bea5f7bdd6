import AirsignEncoding

/// Bytewords (BCR-2020-012): one four-letter word per byte, with the body's CRC-32 appended
/// big-endian before encoding, so every encoded string carries its own checksum.
///
/// Three styles: `standard` (words separated by spaces), `uri` (separated by `-`) and `minimal`
/// (first and last letter of each word, no separator — what URs use). Decoding accepts either
/// case and fails with `TransportError.invalidBytewords` on unknown words or a bad checksum.
public enum Bytewords {
    /// How words are written: separated by spaces, by dashes, or two letters each.
    public enum Style: Sendable {
        case standard, uri, minimal
    }

    /// The 256 words in byte order (they are alphabetical), from BCR-2020-012, as one run of
    /// letters four to a word.
    private static let letters: [UInt8] = Array(
        """
        ableacidalsoapexaquaarchatomauntawayaxisbackbaldbarnbeltbetabias\
        bluebodybragbrewbulbbuzzcalmcashcatschefcityclawcodecolacookcost\
        cruxcurlcuspcyandarkdatadaysdelidicedietdoordowndrawdropdrumdull\
        dutyeacheasyechoedgeepicevenexamexiteyesfactfairfernfigsfilmfish\
        fizzflapflewfluxfoxyfreefrogfuelfundgalagamegeargemsgiftgirlglow\
        goodgraygrimgurugushgyrohalfhanghardhawkheathelphighhillholyhope\
        hornhutsicedideaidleinchinkyintoirisironitemjadejazzjoinjoltjowl\
        judojugsjumpjunkjurykeepkenokeptkeyskickkilnkingkitekiwiknoblamb\
        lavalazyleaflegsliarlimplionlistlogoloudloveluaulucklungmainmany\
        mathmazememomenumeowmildmintmissmonknailnavyneednewsnextnoonnote\
        numbobeyoboeomitonyxopenovalowlspaidpartpeckplaypluspoempoolpose\
        puffpumapurrquadquizraceramprealredorichroadrockroofrubyruinruns\
        rustsafesagascarsetssilkskewslotsoapsolosongstubsurfswantacotask\
        taxitenttiedtimetinytoiltombtoystriptunatwinuglyundouniturgeuser\
        vastveryvetovialvibeviewvisavoidvowswallwandwarmwaspwavewaxywebs\
        whatwhenwhizwolfworkyankyawnyellyogayurtzapszerozestzinczonezoom
        """.utf8)

    /// `body` ‖ CRC-32(body) in the given style, lower case.
    public static func encode(_ body: [UInt8], style: Style) -> String {
        let crc = CRC32.checksum(body)
        let all =
            body + [
                UInt8(crc >> 24), UInt8(truncatingIfNeeded: crc >> 16),
                UInt8(truncatingIfNeeded: crc >> 8), UInt8(truncatingIfNeeded: crc),
            ]
        var out: [UInt8] = []
        out.reserveCapacity(all.count * (style == .minimal ? 2 : 5))
        for (i, byte) in all.enumerated() {
            let w = Int(byte) * 4
            switch style {
            case .minimal:
                out += [letters[w], letters[w + 3]]
            case .standard, .uri:
                if i > 0 { out.append(style == .standard ? UInt8(ascii: " ") : UInt8(ascii: "-")) }
                out += letters[w..<w + 4]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The body of bytewords text, its CRC-32 checked and removed. Either case is accepted.
    public static func decode(_ text: some StringProtocol, style: Style) throws(TransportError) -> [UInt8] {
        let utf8 = Array(text.utf8)
        var all: [UInt8] = []
        switch style {
        case .minimal:
            guard utf8.count % 2 == 0 else { throw .invalidBytewords("odd number of letters") }
            all.reserveCapacity(utf8.count / 2)
            var i = 0
            while i + 1 < utf8.count {
                guard let byte = byteFor(first: utf8[i], last: utf8[i + 1]) else {
                    throw .invalidBytewords("unknown word at position \(i)")
                }
                all.append(byte)
                i += 2
            }
        case .standard, .uri:
            let separator = style == .standard ? UInt8(ascii: " ") : UInt8(ascii: "-")
            let words = utf8.split(separator: separator, omittingEmptySubsequences: false)
            if utf8.isEmpty { break }
            all.reserveCapacity(words.count)
            for (n, word) in words.enumerated() {
                guard let byte = byteFor(word: Array(word)) else {
                    throw .invalidBytewords("unknown word number \(n + 1)")
                }
                all.append(byte)
            }
        }
        guard all.count >= 4 else { throw .invalidBytewords("too short to hold the 4-byte checksum") }
        let body = Array(all[..<(all.count - 4)])
        let c = all[(all.count - 4)...].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard CRC32.checksum(body) == c else { throw .invalidBytewords("checksum does not match") }
        return body
    }

    /// Byte for each (first letter, last letter) pair, −1 where no word has that pair; the 256
    /// pairs are unique by design, which is what makes the minimal style decodable.
    private static let minimalTable: [Int16] = {
        var table = [Int16](repeating: -1, count: 26 * 26)
        for b in 0..<256 {
            let first = Int(letters[b * 4] - UInt8(ascii: "a")), last = Int(letters[b * 4 + 3] - UInt8(ascii: "a"))
            table[first * 26 + last] = Int16(b)
        }
        return table
    }()

    private static func letterIndex(_ c: UInt8) -> Int? {
        let lower = c | 0x20  // ASCII letters only: folds A–Z onto a–z
        guard lower >= UInt8(ascii: "a"), lower <= UInt8(ascii: "z") else { return nil }
        return Int(lower - UInt8(ascii: "a"))
    }

    private static func byteFor(first: UInt8, last: UInt8) -> UInt8? {
        guard let f = letterIndex(first), let l = letterIndex(last) else { return nil }
        let value = minimalTable[f * 26 + l]
        return value < 0 ? nil : UInt8(value)
    }

    private static func byteFor(word: [UInt8]) -> UInt8? {
        guard word.count == 4, let byte = byteFor(first: word[0], last: word[3]) else { return nil }
        let w = Int(byte) * 4
        for k in 1...2 where word[k] | 0x20 != letters[w + k] { return nil }
        return byte
    }
}
