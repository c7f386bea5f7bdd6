import AirsignEncoding

/// An ICRC-1 account: an owner principal and an optional 32-byte subaccount, with the
/// standard's text form `<principal>-<checksum>.<subaccount hex>` (ICRC-1 "Textual encoding
/// of accounts"; quill `fmt_account`). The default (absent or all-zero) subaccount is written
/// as the bare principal.
public struct ICRC1Account: Equatable, Sendable, CustomStringConvertible {
    public let owner: Principal
    /// Nil or 32 bytes.
    public let subaccount: [UInt8]?

    public init(owner: Principal, subaccount: [UInt8]? = nil) throws(ICPError) {
        if let subaccount, subaccount.count != 32 {
            throw .malformed(field: "subaccount", reason: "a subaccount is 32 bytes, not \(subaccount.count)")
        }
        self.owner = owner
        self.subaccount = subaccount
    }

    /// The subaccount, all zeros when absent.
    public var effectiveSubaccount: [UInt8] { subaccount ?? [UInt8](repeating: 0, count: 32) }

    var isDefault: Bool { effectiveSubaccount.allSatisfy { $0 == 0 } }

    /// The canonical text.
    public var text: String {
        guard !isDefault else { return owner.text }
        let sub = effectiveSubaccount
        var hex = Hex.encode(sub.drop { $0 == 0 })
        if hex.hasPrefix("0") { hex.removeFirst() }
        return "\(owner.text)-\(Self.checksum(owner, sub)).\(hex)"
    }

    public var description: String { text }

    /// The legacy ledger account identifier of this account.
    public func accountIdentifier() throws(ICPError) -> ICPAccountIdentifier {
        do { return try ICPAccountIdentifier(principal: owner, subaccount: effectiveSubaccount) } catch {
            throw .malformed(field: "subaccount", reason: "\(error)")
        }
    }

    static func checksum(_ owner: Principal, _ sub: [UInt8]) -> String {
        let crc = CRC32.checksum(owner.bytes + sub)
        return Base32.encode([24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> UInt32($0)) }, lowercase: true)
    }

    /// Parses the text strictly: a principal alone, or principal, checksum and a subaccount
    /// in canonical hex (lower case, no leading zero, not all zero).
    public init(text: String) throws(ICPError) {
        let field = "ICRC-1 account"
        guard let dot = text.lastIndex(of: ".") else {
            do { try self.init(owner: try Principal(text: text)) } catch let error as ICPError { throw error } catch {
                throw .malformed(field: field, reason: "\(error)")
            }
            return
        }
        let head = text[..<dot]
        let subHex = String(text[text.index(after: dot)...])
        guard let dash = head.lastIndex(of: "-") else {
            throw .malformed(field: field, reason: "no checksum before the \".\"")
        }
        let principalText = head[..<dash]
        let checksum = String(head[head.index(after: dash)...])
        let owner: Principal
        do { owner = try Principal(text: principalText) } catch { throw .malformed(field: field, reason: "\(error)") }
        guard !subHex.isEmpty, subHex.utf8.count <= 64, !subHex.hasPrefix("0"),
            subHex.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        else {
            throw .malformed(
                field: field, reason: "the subaccount is 1 to 64 lower-case hex digits without leading zeros")
        }
        let padded = String(repeating: "0", count: 64 - subHex.utf8.count) + subHex
        let sub: [UInt8]
        do { sub = try Hex.decode(padded) } catch { throw .malformed(field: field, reason: "\(error)") }
        guard checksum == Self.checksum(owner, sub) else {
            throw .malformed(field: field, reason: "the checksum does not match")
        }
        try self.init(owner: owner, subaccount: sub)
    }
}
