/// The subset of STROBE v1.0.2 at the 128-bit security level that Merlin uses: meta-AD, AD, PRF
/// and KEY, with no transport (T) operations. Byte for byte the construction of
/// `dalek-cryptography/merlin: src/strobe.rs` (with `src/transcript.rs`, `src/constants.rs`),
/// on our Keccak-f[1600] (`KeccakF1600`).
///
/// The sponge state is 25 little-endian lanes; byte `i` of the state is byte `i % 8` of lane
/// `i / 8`, as in FIPS 202 and STROBE. Nothing here branches on the bytes absorbed or squeezed,
/// only on the position counters, which depend on lengths alone.
///
/// A value type: copying a `Strobe128` (as cloning a Merlin transcript does) is cheap and the
/// copies evolve independently. The state can hold secrets (the witness RNG is keyed with secret
/// nonces, hard key derivation absorbs a secret scalar), so every storage buffer is zeroed when
/// its last owner goes away.
struct Strobe128: Sendable {
    /// STROBE's rate in bytes for 128-bit security: 200 - 2·(128/8) - 2.
    static let rate = 166

    enum Flag {
        static let i: UInt8 = 1 << 0
        static let a: UInt8 = 1 << 1
        static let c: UInt8 = 1 << 2
        static let m: UInt8 = 1 << 4
        static let k: UInt8 = 1 << 5
    }

    private var state: State

    /// STROBE-128 initialised with `protocolLabel` (absorbed as meta-AD, as Merlin does).
    init(protocolLabel: UnsafeRawBufferPointer) {
        state = State()
        // [1, R+2, 1, 0, 1, 96] || "STROBEv1.0.2", then F.
        let header: [UInt8] = [1, UInt8(Self.rate + 2), 1, 0, 1, 96] + Array("STROBEv1.0.2".utf8)
        for (index, byte) in header.enumerated() {
            state.xorByte(byte, at: index)
        }
        KeccakF1600.permute(&state.lanes)
        metaAD(protocolLabel, more: false)
    }

    mutating func metaAD(_ data: UnsafeRawBufferPointer, more: Bool) {
        makeUnique()
        state.beginOperation(Flag.m | Flag.a, more: more)
        state.absorb(data)
    }

    mutating func ad(_ data: UnsafeRawBufferPointer, more: Bool) {
        makeUnique()
        state.beginOperation(Flag.a, more: more)
        state.absorb(data)
    }

    /// PRF: fills `output` with squeezed bytes.
    mutating func prf(into output: UnsafeMutableRawBufferPointer, more: Bool) {
        makeUnique()
        state.beginOperation(Flag.i | Flag.a | Flag.c, more: more)
        state.squeeze(into: output)
    }

    /// KEY: overwrites the state with `data`.
    mutating func key(_ data: UnsafeRawBufferPointer, more: Bool) {
        makeUnique()
        state.beginOperation(Flag.a | Flag.c, more: more)
        state.overwrite(data)
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&state) {
            state = State(copying: state)
        }
    }

    /// The sponge and STROBE's three counters. A class so that its deinit can zero the lanes;
    /// `Strobe128` gives it value semantics by copying before any write to a shared instance.
    /// Unchecked Sendable: it is only written through a `Strobe128` that holds it uniquely.
    private final class State: @unchecked Sendable {
        var lanes: [UInt64]
        var position = 0
        var positionBegin: UInt8 = 0
        var currentFlags: UInt8 = 0

        init() {
            lanes = [UInt64](repeating: 0, count: KeccakF1600.laneCount)
        }

        /// A copy with its own lane buffer (not one shared copy-on-write with `other`, so that
        /// each buffer has exactly one owner to wipe it).
        init(copying other: State) {
            lanes = [UInt64](unsafeUninitializedCapacity: KeccakF1600.laneCount) { buffer, count in
                for index in 0..<KeccakF1600.laneCount {
                    buffer.initializeElement(at: index, to: other.lanes[index])
                }
                count = KeccakF1600.laneCount
            }
            position = other.position
            positionBegin = other.positionBegin
            currentFlags = other.currentFlags
        }

        deinit {
            lanes.withUnsafeMutableBufferPointer { buffer in
                for index in buffer.indices { buffer[index] = 0 }
            }
        }

        func beginOperation(_ flags: UInt8, more: Bool) {
            if more {
                // Merlin continues an operation only with the flags it began with.
                precondition(flags == currentFlags, "STROBE: an operation continued with different flags")
                return
            }
            let oldBegin = positionBegin
            positionBegin = UInt8(truncatingIfNeeded: position + 1)
            currentFlags = flags
            absorbByte(oldBegin)
            absorbByte(flags)
            if flags & (Flag.c | Flag.k) != 0, position != 0 {
                runF()
            }
        }

        func runF() {
            xorByte(positionBegin, at: position)
            xorByte(0x04, at: position + 1)
            xorByte(0x80, at: Strobe128.rate + 1)
            KeccakF1600.permute(&lanes)
            position = 0
            positionBegin = 0
        }

        func absorbByte(_ byte: UInt8) {
            xorByte(byte, at: position)
            position += 1
            if position == Strobe128.rate { runF() }
        }

        func absorb(_ data: UnsafeRawBufferPointer) {
            var offset = 0
            while offset < data.count {
                let run = Swift.min(Strobe128.rate - position, data.count - offset)
                let start = position
                lanes.withUnsafeMutableBufferPointer { lanes in
                    for index in 0..<run {
                        let at = start + index
                        lanes[at >> 3] ^= UInt64(data[offset + index]) << UInt64((at & 7) << 3)
                    }
                }
                position += run
                offset += run
                if position == Strobe128.rate { runF() }
            }
        }

        func overwrite(_ data: UnsafeRawBufferPointer) {
            var offset = 0
            while offset < data.count {
                let run = Swift.min(Strobe128.rate - position, data.count - offset)
                let start = position
                lanes.withUnsafeMutableBufferPointer { lanes in
                    for index in 0..<run {
                        let at = start + index
                        let shift = UInt64((at & 7) << 3)
                        lanes[at >> 3] = (lanes[at >> 3] & ~(0xff << shift)) | (UInt64(data[offset + index]) << shift)
                    }
                }
                position += run
                offset += run
                if position == Strobe128.rate { runF() }
            }
        }

        func squeeze(into output: UnsafeMutableRawBufferPointer) {
            var offset = 0
            while offset < output.count {
                let run = Swift.min(Strobe128.rate - position, output.count - offset)
                let start = position
                lanes.withUnsafeMutableBufferPointer { lanes in
                    for index in 0..<run {
                        let at = start + index
                        let shift = UInt64((at & 7) << 3)
                        output[offset + index] = UInt8(truncatingIfNeeded: lanes[at >> 3] >> shift)
                        lanes[at >> 3] &= ~(0xff << shift)
                    }
                }
                position += run
                offset += run
                if position == Strobe128.rate { runF() }
            }
        }

        func xorByte(_ value: UInt8, at index: Int) {
            lanes[index >> 3] ^= UInt64(value) << UInt64((index & 7) << 3)
        }
    }
}
