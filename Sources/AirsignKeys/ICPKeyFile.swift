import AirsignCrypto

/// Reads the private key files dfx and quill write: SEC1 `EC PRIVATE KEY` for secp256k1
/// (optionally after an `EC PARAMETERS` block, as `openssl ecparam -genkey` writes it) and
/// PKCS#8 `PRIVATE KEY` for Ed25519 (RFC 8410, v1 without or v2 with the public key) or
/// secp256k1. A public key inside the file must match the private key.
enum ICPKeyFile {
    static let ecPublicKeyOID: [UInt8] = [0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01]
    static let secp256k1OID: [UInt8] = [0x2b, 0x81, 0x04, 0x00, 0x0a]
    static let ed25519OID: [UInt8] = [0x2b, 0x65, 0x70]
    static let prime256v1OID: [UInt8] = [0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07]

    static func parse(_ text: SecureBytes) throws(KeysError) -> KeySecret {
        let blocks = try PEMBlock.parse(text)
        var key: KeySecret?
        for block in blocks {
            switch block.label {
            case "EC PARAMETERS":
                let oid = try block.der.reading { (bytes: UnsafeRawBufferPointer) throws(KeysError) -> [UInt8] in
                    var reader = DERReader(bytes)
                    let oid = try reader.readObjectIdentifier("the curve")
                    try reader.expectEnd("the curve")
                    return oid
                }
                try checkCurve(oid)
            case "EC PRIVATE KEY", "PRIVATE KEY":
                guard key == nil else { throw .invalidKeyFile("the file holds more than one private key") }
                key =
                    block.label == "PRIVATE KEY"
                    ? try pkcs8(block.der) : .secp256k1(try sec1(block.der, curveKnown: false))
            default:
                throw .invalidKeyFile("unexpected \(block.label) block")
            }
        }
        guard let key else { throw .invalidKeyFile("no EC PRIVATE KEY or PRIVATE KEY block") }
        return key
    }

    private static func checkCurve(_ oid: [UInt8]) throws(KeysError) {
        if oid == prime256v1OID {
            throw .invalidKeyFile("P-256 keys are not supported; ICP keys here are secp256k1 or Ed25519")
        }
        guard oid == secp256k1OID else { throw .invalidKeyFile("the EC key is not on secp256k1") }
    }

    /// RFC 5915 ECPrivateKey: SEQUENCE { 1, OCTET STRING key, [0] curve OPTIONAL, [1] public key OPTIONAL }.
    /// `curveKnown` is true inside PKCS#8, whose algorithm identifier already named the curve.
    static func sec1(_ der: SecureBytes, curveKnown: Bool) throws(KeysError) -> Secp256k1.PrivateKey {
        let (keyRange, curve, publicKey) = try der.reading {
            (bytes: UnsafeRawBufferPointer) throws(KeysError) -> (Range<Int>, [UInt8]?, [UInt8]?) in
            var outer = DERReader(bytes)
            var sequence = try outer.readConstructed(0x30, "the EC private key")
            try outer.expectEnd("the EC private key")
            _ = try sequence.readSmallInteger(in: 1...1, "EC private key version")
            let keyRange = try sequence.read(0x04, "the private key")
            var curve: [UInt8]?
            var publicKey: [UInt8]?
            if sequence.nextTag == 0xa0 {
                var parameters = try sequence.readConstructed(0xa0, "the curve parameters")
                curve = try parameters.readObjectIdentifier("the curve")
                try parameters.expectEnd("the curve parameters")
            }
            if sequence.nextTag == 0xa1 {
                var wrapper = try sequence.readConstructed(0xa1, "the public key")
                publicKey = Array(bytes[try wrapper.readBitString("the public key")])
                try wrapper.expectEnd("the public key")
            }
            try sequence.expectEnd("the EC private key")
            return (keyRange, curve, publicKey)
        }
        if let curve {
            try checkCurve(curve)
        } else if !curveKnown {
            throw .invalidKeyFile("the EC private key does not name its curve")
        }
        guard keyRange.count == 32 else {
            throw .invalidKeyFile("a secp256k1 private key is 32 bytes, not \(keyRange.count)")
        }
        let key: Secp256k1.PrivateKey
        do {
            key = try Secp256k1.PrivateKey(der.slice(keyRange))
        } catch {
            throw .invalidSecretKey("the key in the file is out of range for secp256k1")
        }
        if let publicKey {
            guard publicKey == key.publicKey.uncompressed || publicKey == key.publicKey.compressed else {
                throw .invalidKeyFile("the public key in the file does not belong to its private key")
            }
        }
        return key
    }

    /// RFC 5958 OneAsymmetricKey: SEQUENCE { version 0|1, AlgorithmIdentifier, OCTET STRING,
    /// [0] attributes OPTIONAL, [1] public key OPTIONAL (v2) }.
    static func pkcs8(_ der: SecureBytes) throws(KeysError) -> KeySecret {
        let (algorithm, curve, keyRange, publicKey) = try der.reading {
            (bytes: UnsafeRawBufferPointer) throws(KeysError) -> ([UInt8], [UInt8]?, Range<Int>, [UInt8]?) in
            var outer = DERReader(bytes)
            var sequence = try outer.readConstructed(0x30, "the private key info")
            try outer.expectEnd("the private key info")
            let version = try sequence.readSmallInteger(in: 0...1, "PKCS#8 version")
            var identifier = try sequence.readConstructed(0x30, "the algorithm")
            let algorithm = try identifier.readObjectIdentifier("the algorithm")
            let curve = identifier.isAtEnd ? nil : try identifier.readObjectIdentifier("the curve")
            try identifier.expectEnd("the algorithm")
            let keyRange = try sequence.read(0x04, "the private key")
            if sequence.nextTag == 0xa0 { _ = try sequence.read(0xa0, "the attributes") }
            var publicKey: [UInt8]?
            switch sequence.nextTag {
            case 0x81?:
                // RFC 5958's [1] IMPLICIT BIT STRING.
                let range = try sequence.read(0x81, "the public key")
                guard let unused = range.first.map({ bytes[$0] }), unused == 0 else {
                    throw .invalidKeyFile("malformed public key")
                }
                publicKey = Array(bytes[range.dropFirst()])
            case 0xa1?:
                // ring (and so dfx) writes it explicitly tagged: [1] { BIT STRING }.
                var wrapper = try sequence.readConstructed(0xa1, "the public key")
                publicKey = Array(bytes[try wrapper.readBitString("the public key")])
                try wrapper.expectEnd("the public key")
            default:
                break
            }
            if publicKey != nil, version != 1 { throw .invalidKeyFile("a PKCS#8 v1 key carries a public key") }
            try sequence.expectEnd("the private key info")
            return (algorithm, curve, keyRange, publicKey)
        }
        if algorithm == ed25519OID {
            guard curve == nil else { throw .invalidKeyFile("Ed25519 takes no algorithm parameters") }
            // The OCTET STRING holds CurvePrivateKey, itself an OCTET STRING of 32 bytes.
            let seedRange = try der.reading { (bytes: UnsafeRawBufferPointer) throws(KeysError) -> Range<Int> in
                var inner = DERReader(bytes, range: keyRange)
                let range = try inner.read(0x04, "the Ed25519 key")
                try inner.expectEnd("the Ed25519 key")
                return range
            }
            guard seedRange.count == 32 else {
                throw .invalidKeyFile("an Ed25519 private key is 32 bytes, not \(seedRange.count)")
            }
            let seed = der.slice(seedRange)
            if let publicKey {
                let derived: [UInt8]
                do {
                    derived = try Ed25519.PrivateKey(seed: seed).publicKey
                } catch {
                    throw .invalidSecretKey("an Ed25519 seed is 32 bytes")
                }
                guard publicKey == derived else {
                    throw .invalidKeyFile("the public key in the file does not belong to its private key")
                }
            }
            return .ed25519(seed)
        }
        guard algorithm == ecPublicKeyOID else {
            throw .invalidKeyFile("only Ed25519 and secp256k1 keys can be imported")
        }
        guard let curve else { throw .invalidKeyFile("the EC key does not name its curve") }
        try checkCurve(curve)
        guard publicKey == nil else { throw .invalidKeyFile("unexpected public key field in a PKCS#8 EC key") }
        return .secp256k1(try sec1(der.slice(keyRange), curveKnown: true))
    }
}
