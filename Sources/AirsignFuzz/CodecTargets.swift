import AirsignEncoding

// Codecs: each strict decoder must re-encode what it accepts to exactly the input.

extension FuzzTarget {
    static let rlp = FuzzTarget(name: "rlp", summary: "RLP items (strict: canonical lengths, no trailing bytes)") {
        input throws(FuzzViolation) in
        guard let item = try? RLP.decode(input) else { return }
        try FuzzViolation.check(RLP.encode(item) == input, "RLP accepted a non-canonical encoding")
    }

    /// SCALE has no self-describing form: the first byte of each step picks what to read next,
    /// so the fuzzer drives every reader entry point in any order.
    static let scale = FuzzTarget(
        name: "scale", summary: "SCALE readers driven by an op byte: compacts, vectors, strings, options, enums"
    ) { input throws(FuzzViolation) in
        guard let op = input.first else { return }
        var reader = SCALEReader(Array(input.dropFirst()))
        var steps = 0
        while !reader.isAtEnd, steps < 256 {
            steps += 1
            let before = reader.offset
            do {
                switch (op &+ UInt8(truncatingIfNeeded: steps)) % 9 {
                case 0: _ = try reader.readCompact(UInt64.self)
                case 1: _ = try reader.readCompact(UInt32.self)
                case 2: _ = try reader.readByteVector(maxLength: 1 << 16)
                case 3: _ = try reader.readString(maxLength: 1 << 16)
                case 4: _ = try reader.readBool()
                case 5: _ = try reader.readOptionBool()
                case 6: _ = try reader.readVariantIndex()
                case 7: _ = try reader.readLength(max: 1 << 20, minimumElementSize: 4)
                default: _ = try reader.readInteger(UInt64.self)
                }
            } catch {
                return
            }
            try FuzzViolation.check(reader.offset > before, "a SCALE read succeeded without consuming input")
        }
    }

    static let cbor = FuzzTarget(name: "cbor", summary: "CBOR items; deterministic ones re-encode exactly") {
        input throws(FuzzViolation) in
        guard (try? CBORDecoder().decode(input)) != nil else { return }
        guard let strict = try? CBORDecoder(options: .deterministic).decode(input) else { return }
        let again: [UInt8]
        do {
            again = try CBOREncoder(deterministic: true).encode(strict)
        } catch {
            throw FuzzViolation("a deterministic CBOR item does not re-encode: \(error)")
        }
        try FuzzViolation.check(again == input, "deterministic CBOR re-encodes to other bytes")
    }

    static let json = FuzzTarget(
        name: "json", summary: "strict JSON (RFC 8259); accepted text round-trips to an equal value"
    ) { input throws(FuzzViolation) in
        guard let value = try? JSONParser().parse(input) else { return }
        let text = JSONSerializer(sortKeys: false).serialize(value)
        let again: JSONValue
        do {
            again = try JSONParser().parse(Array(text.utf8))
        } catch {
            throw FuzzViolation("our own JSON output does not parse: \(error)")
        }
        try FuzzViolation.check(again == value, "JSON value changed on a round trip")
    }

    /// Address and key texts of every chain: each decoder gets the same text.
    static let textCodecs = FuzzTarget(
        name: "text-codecs", summary: "hex, base32, base58(check), SS58, StrKey, EIP-55, principals, ICP account ids"
    ) { input throws(FuzzViolation) in
        let text = input.fuzzText
        _ = try? Hex.decode(text)
        _ = try? Base32.decode(text)
        _ = try? Base58Check.decode(text)
        _ = try? EIP55.decode(text)
        _ = try? ICPAccountIdentifier(hex: text)
        _ = try? SS58.decode(text)
        if let bytes = try? Base58.decode(text) {
            try FuzzViolation.check(Base58.encode(bytes) == text, "base58 accepted a text it would not write")
        }
        if let (kind, payload) = try? StrKey.decode(text) {
            let again = try? StrKey.encode(kind, payload: payload)
            try FuzzViolation.check(again == text, "StrKey accepted a text it would not write")
        }
        if let principal = try? Principal(text: text) {
            try FuzzViolation.check(principal.text == text, "a principal text does not round-trip")
        }
    }
}
