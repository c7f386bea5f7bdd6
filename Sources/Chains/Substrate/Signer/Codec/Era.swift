import AirsignEncoding

/// A transaction's lifetime (CheckMortality's extra): immortal, or valid for `period` blocks
/// from the first block whose number is `phase` modulo `period` (sp-runtime `generic/era.rs`,
/// polkadot-js `ExtrinsicEra`).
public enum Era: Sendable, Equatable {
    case immortal
    /// `period` is a power of two in 4...65536; `phase < period`.
    case mortal(period: UInt64, phase: UInt64)

    /// The era polkadot-js and sp-runtime build for a transaction made at block `current`:
    /// the period rounded up to a power of two and clamped to 4...65536, the phase quantized to
    /// the resolution the two-byte encoding keeps.
    public init(period requested: UInt64, current: UInt64) {
        let clamped = min(max(requested, 4), 1 << 16)
        var period: UInt64 = 4
        while period < clamped { period <<= 1 }
        let quantum = max(period >> 12, 1)
        let phase = current % period / quantum * quantum
        self = .mortal(period: period, phase: phase)
    }

    /// The SCALE bytes: `00`, or the two-byte little-endian mortal form.
    public var encoded: [UInt8] {
        switch self {
        case .immortal: return [0]
        case let .mortal(period, phase):
            let quantum = max(period >> 12, 1)
            let low = UInt64(min(max(period.trailingZeroBitCount - 1, 1), 15))
            let value = low | (phase / quantum) << 4
            return [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
        }
    }

    /// Decodes exactly one era from `bytes` (no trailing bytes), refusing a mortal form whose
    /// period or phase is impossible (period < 4, phase ≥ period), as sp-runtime does; `field`
    /// names it in a refusal.
    public init(decoding bytes: [UInt8], field: String = "era") throws(SubstrateError) {
        var reader = SCALEReader(bytes)
        self = try Era.read(&reader, field: field)
        guard reader.isAtEnd else { throw SubstrateError.era(field: field, .trailing(reader.remaining)) }
    }

    /// Reads one era from `reader`; `field` names it in a refusal.
    public static func read(_ reader: inout SCALEReader, field: String = "era") throws(SubstrateError) -> Era {
        let first: UInt8
        do { first = try reader.readInteger(UInt8.self) } catch { throw SubstrateError.empty(field) }
        if first == 0 { return .immortal }
        let second: UInt8
        do { second = try reader.readInteger(UInt8.self) } catch { throw SubstrateError.era(field: field, .truncated) }
        let encoded = UInt64(first) | UInt64(second) << 8
        let period: UInt64 = 2 << (encoded % 16)
        let quantum = max(period >> 12, 1)
        let phase = (encoded >> 4) * quantum
        guard period >= 4, phase < period else {
            throw SubstrateError.era(
                field: field, .impossible(bytes: Hex.encode([first, second]), period: period, phase: phase))
        }
        return .mortal(period: period, phase: phase)
    }

    /// The first block of the era containing block `current` (sp-runtime `Era::birth`).
    public func birth(current: UInt64) -> UInt64 {
        switch self {
        case .immortal: return 0
        case let .mortal(period, phase):
            return (max(current, phase) - phase) / period * period + phase
        }
    }
}
