/// polkadot-js `signRaw` data (`SignerPayloadRaw`): `bytes` are signed wrapped in
/// `<Bytes>…</Bytes>` (polkadot-js/common `u8aWrapBytes`), so a signed message can never be a
/// valid transaction payload.
public enum RawMessage {
    static let open = Array("<Bytes>".utf8)
    static let close = Array("</Bytes>".utf8)
    static let ethereumPrefix = Array("\u{19}Ethereum Signed Message:\n".utf8)

    /// `data` wrapped once: unchanged when it already carries both tags or starts with the
    /// Ethereum message prefix (as `u8aWrapBytes` does).
    public static func wrapBytes(_ data: [UInt8]) -> [UInt8] {
        if isWrapped(data) || data.starts(with: ethereumPrefix) { return data }
        return open + data + close
    }

    public static func isWrapped(_ data: [UInt8]) -> Bool {
        data.count >= open.count + close.count && data.starts(with: open) && data.suffix(close.count).elementsEqual(close)
    }
}
