#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A Merlin transcript (protocol "Merlin v1.0", `dalek-cryptography/merlin`): a STROBE-128
/// duplex that absorbs labelled messages and squeezes challenge bytes bound to everything absorbed
/// before. sr25519 (schnorrkel) builds its signatures and key derivations on it.
///
/// Lengths are framed as 32-bit little-endian integers, as Merlin does, so a message or challenge
/// of 2³² bytes or more cannot be expressed: passing one is a programming error and stops the
/// process. Code that takes messages from input checks `maximumLength` first (sr25519 signing
/// and verification do).
///
/// A value type: a copy is a fork of the transcript (schnorrkel's signing context clones its
/// transcript once per message).
public struct MerlinTranscript: Sendable {
    /// The longest message or challenge Merlin can frame.
    public static let maximumLength = Int(UInt32.max)

    private var strobe: Strobe128

    /// `Transcript::new(label)`: STROBE-128 initialised with "Merlin v1.0", then the label as a
    /// "dom-sep" message.
    public init(label: String) {
        strobe = Array("Merlin v1.0".utf8).withUnsafeBytes { Strobe128(protocolLabel: $0) }
        appendMessage(label: "dom-sep", message: Array(label.utf8))
    }

    /// `append_message(label, message)`: meta-AD(label ‖ LE32(len)), AD(message).
    public mutating func appendMessage(label: String, message: some ContiguousBytes) {
        message.withUnsafeBytes { appendMessage(label: label, bytes: $0) }
    }

    /// `append_u64(label, x)`: the message is the 8-byte little-endian encoding of `value`.
    public mutating func appendU64(label: String, value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { appendMessage(label: label, bytes: $0) }
    }

    /// `challenge_bytes(label, count)`: meta-AD(label ‖ LE32(count)), PRF(count).
    public mutating func challengeBytes(label: String, count: Int) -> [UInt8] {
        precondition((0...Self.maximumLength).contains(count), "Merlin challenge length out of range")
        var out = [UInt8](repeating: 0, count: count)
        out.withUnsafeMutableBytes { challengeBytes(label: label, into: $0) }
        return out
    }

    /// Challenge bytes written straight into `output` (for secret outputs that go into
    /// `SecureBytes`).
    mutating func challengeBytes(label: String, into output: UnsafeMutableRawBufferPointer) {
        precondition(output.count <= Self.maximumLength, "Merlin challenge length out of range")
        Self.withLabel(label) { strobe.metaAD($0, more: false) }
        Self.withLength(output.count) { strobe.metaAD($0, more: true) }
        strobe.prf(into: output, more: false)
    }

    mutating func appendMessage(label: String, bytes: UnsafeRawBufferPointer) {
        precondition(bytes.count <= Self.maximumLength, "Merlin message longer than 2^32 - 1 bytes")
        Self.withLabel(label) { strobe.metaAD($0, more: false) }
        Self.withLength(bytes.count) { strobe.metaAD($0, more: true) }
        strobe.ad(bytes, more: false)
    }

    /// `build_rng()`: a witness RNG builder working on a copy of this transcript's state; the
    /// transcript itself is not changed.
    public func buildRNG() -> TranscriptRNGBuilder {
        TranscriptRNGBuilder(strobe: strobe)
    }

    static func withLabel<R>(_ label: String, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        var label = label
        return label.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }

    static func withLength<R>(_ length: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: length).littleEndian, body)
    }
}

/// Merlin's `TranscriptRngBuilder`: rekeys a fork of a transcript with secret witness bytes, then
/// with 32 bytes of fresh randomness, giving a `TranscriptRNG` bound to the public transcript,
/// the witnesses and the randomness. Not copyable, so a builder or RNG cannot be used twice.
public struct TranscriptRNGBuilder: ~Copyable, Sendable {
    private var strobe: Strobe128

    init(strobe: Strobe128) {
        self.strobe = strobe
    }

    /// `rekey_with_witness_bytes(label, witness)`: meta-AD(label ‖ LE32(len)), KEY(witness).
    public consuming func rekey(label: String, witness: some ContiguousBytes) -> TranscriptRNGBuilder {
        witness.withUnsafeBytes { rekey(label: label, bytes: $0) }
        return self
    }

    mutating func rekey(label: String, bytes: UnsafeRawBufferPointer) {
        precondition(bytes.count <= MerlinTranscript.maximumLength, "Merlin witness longer than 2^32 - 1 bytes")
        MerlinTranscript.withLabel(label) { strobe.metaAD($0, more: false) }
        MerlinTranscript.withLength(bytes.count) { strobe.metaAD($0, more: true) }
        strobe.key(bytes, more: false)
    }

    /// `finalize(rng)` with 32 bytes from the operating system's CSPRNG (libsodium `randombytes`).
    public consuming func finalize() -> TranscriptRNG {
        Ristretto255.withSecretScratch(32) { randomness in
            SecureRandom.fill(randomness)
            keyWithRandomness(UnsafeRawBufferPointer(randomness))
        }
        return TranscriptRNG(strobe: strobe)
    }

    /// `finalize(rng)` with the caller's 32 "random" bytes. Only for known-answer tests: fixed
    /// randomness makes every signature a deterministic function of key and message.
    @_spi(Testing)
    public consuming func finalize(testRandomness: [UInt8]) -> TranscriptRNG {
        precondition(testRandomness.count == 32, "the transcript RNG takes 32 bytes of randomness")
        testRandomness.withUnsafeBytes { keyWithRandomness($0) }
        return TranscriptRNG(strobe: strobe)
    }

    private mutating func keyWithRandomness(_ randomness: UnsafeRawBufferPointer) {
        MerlinTranscript.withLabel("rng") { strobe.metaAD($0, more: false) }
        strobe.key(randomness, more: false)
    }
}

/// Merlin's `TranscriptRng`: synthetic randomness for a prover (schnorrkel's signing witness).
public struct TranscriptRNG: ~Copyable, Sendable {
    private var strobe: Strobe128

    init(strobe: Strobe128) {
        self.strobe = strobe
    }

    /// `fill_bytes`: meta-AD(LE32(count)), PRF(count), into protected memory.
    public mutating func bytes(count: Int) -> SecureBytes {
        precondition((0...MerlinTranscript.maximumLength).contains(count), "Merlin RNG length out of range")
        return SecureBytes(count: count) { fill(into: $0) }
    }

    mutating func fill(into output: UnsafeMutableRawBufferPointer) {
        MerlinTranscript.withLength(output.count) { strobe.metaAD($0, more: false) }
        strobe.prf(into: output, more: false)
    }
}
