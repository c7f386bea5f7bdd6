/// Builds SCALE encodings (parity-scale-codec, as Substrate uses it).
///
/// SCALE is not self-describing: a tuple or struct is its fields written one after another in
/// declaration order, and the reader must know the layout. Nothing here can fail, so no method
/// throws.
public struct SCALEWriter: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    /// Fixed-width little-endian: `UInt8`…`UInt128` and `Int8`…`Int128` (two's complement).
    public mutating func writeInteger<T: FixedWidthInteger>(_ value: T) {
        for i in 0..<T.bitWidth / 8 {
            bytes.append(UInt8(truncatingIfNeeded: value >> (8 * i)))
        }
    }

    // The unsigned widths as concrete overloads: the generic method is not specialized in the
    // module that calls it (Substrate's payload builder), where it went through witnesses.

    public mutating func writeInteger(_ value: UInt8) { bytes.append(value) }

    public mutating func writeInteger(_ value: UInt16) { writeLittleEndian(value) }

    public mutating func writeInteger(_ value: UInt32) { writeLittleEndian(value) }

    public mutating func writeInteger(_ value: UInt64) { writeLittleEndian(value) }

    public mutating func writeInteger(_ value: UInt128) { writeLittleEndian(value) }

    private mutating func writeLittleEndian<T: FixedWidthInteger>(_ value: T) {
        for i in 0..<T.bitWidth / 8 {
            bytes.append(UInt8(truncatingIfNeeded: value >> (8 * i)))
        }
    }

    public mutating func writeBool(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    /// `Compact<T>`, always in the smallest of the four modes (the only form the reader accepts).
    public mutating func writeCompact<T: FixedWidthInteger & UnsignedInteger>(_ value: T) {
        let v = UInt128(value)
        if v < 1 << 6 {
            bytes.append(UInt8(v << 2))
        } else if v < 1 << 14 {
            writeInteger(UInt16(v << 2 | 0b01))
        } else if v < 1 << 30 {
            writeInteger(UInt32(v << 2 | 0b10))
        } else {
            // Big-integer mode: the prefix holds (byte count − 4); the top byte must be non-zero.
            let count = (UInt128.bitWidth - v.leadingZeroBitCount + 7) / 8
            bytes.append(UInt8((count - 4) << 2 | 0b11))
            for i in 0..<count {
                bytes.append(UInt8(truncatingIfNeeded: v >> (8 * i)))
            }
        }
    }

    /// Raw bytes with no length prefix: fixed-size arrays (`[u8; 32]`, hashes) or bytes that are
    /// already SCALE (a call copied verbatim).
    public mutating func writeBytes(_ raw: some Sequence<UInt8>) {
        bytes.append(contentsOf: raw)
    }

    /// `Vec<u8>`: compact length, then the bytes.
    public mutating func writeByteVector(_ raw: some Collection<UInt8>) {
        writeCompact(UInt64(raw.count))
        bytes.append(contentsOf: raw)
    }

    /// `String` / `&str`: compact length of the UTF-8, then the UTF-8.
    public mutating func writeString(_ string: String) {
        writeByteVector(Array(string.utf8))
    }

    /// `Vec<T>`: compact count, then each element as `body` writes it.
    public mutating func writeVector<C: Collection>(_ items: C, _ body: (inout SCALEWriter, C.Element) -> Void) {
        writeCompact(UInt64(items.count))
        for item in items { body(&self, item) }
    }

    /// `Option<T>`: `00`, or `01` then the value.
    ///
    /// For a Rust `Option<bool>` this generic form is what parity-scale-codec emits (`01 01` for
    /// `Some(true)`); its one-byte `OptionBool` shim is `writeOptionBool`.
    public mutating func writeOption<T>(_ value: T?, _ body: (inout SCALEWriter, T) -> Void) {
        if let value {
            bytes.append(1)
            body(&self, value)
        } else {
            bytes.append(0)
        }
    }

    /// parity-scale-codec's `OptionBool`: one byte, `00` None, `01` Some(true), `02` Some(false).
    public mutating func writeOptionBool(_ value: Bool?) {
        switch value {
        case nil: bytes.append(0)
        case true?: bytes.append(1)
        case false?: bytes.append(2)
        }
    }

    /// Enum (and `Result`: Ok = 0, Err = 1): the variant index; write the variant's fields after it.
    public mutating func writeVariantIndex(_ index: UInt8) {
        bytes.append(index)
    }
}
