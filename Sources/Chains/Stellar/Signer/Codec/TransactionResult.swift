import AirsignEncoding

/// A `TransactionResult` read far enough to say what happened: the fee charged, the
/// transaction's result code and, for a failed (or succeeded) transaction, each operation's
/// code, named as Horizon names them (`tx_bad_seq`, `op_underfunded`). Operation results whose
/// body this reader does not decode (offers crossed by offers and path payments) end the list
/// (`operationsComplete` is then false); otherwise the whole value is read, its extensions
/// included, and trailing bytes are refused.
public struct TransactionResultSummary: Sendable, Equatable {
    public let feeCharged: Int64
    public let code: Int32
    /// `tx_success`, `tx_bad_seq`, … (`tx_code_<n>` for a code this reader does not know).
    public let name: String
    /// Per operation: `op_success`, `op_underfunded`, `op_no_destination`, ….
    public let operations: [String]
    public let operationsComplete: Bool

    public var succeeded: Bool { code == 0 || code == 1 }

    /// Decodes the base64 XDR of a `TransactionResult`.
    public init(base64: String) throws(StellarError) {
        let bytes = try StellarBase64.decode(base64)
        var reader = XDRReader(bytes, maxDepth: XDRLimits.maxDepth)
        do {
            feeCharged = try reader.readInt64()
            let code = try reader.readInt32()
            var ops: [String] = []
            var complete = true
            // A fee bump's result wraps the inner transaction's: hash, then its own result.
            if code == 1 || code == -13 {
                _ = try reader.read32()
                _ = try reader.readInt64()
                let inner = try reader.readInt32()
                if inner == 0 || inner == -1 { (ops, complete) = try Self.operations(&reader) }
                if complete { try LedgerEntryReader.extensionPoint(&reader) }  // the inner result's ext
                self.name = Self.transactionName(code) + " (inner \(Self.transactionName(inner)))"
            } else {
                if code == 0 || code == -1 { (ops, complete) = try Self.operations(&reader) }
                self.name = Self.transactionName(code)
            }
            if complete {
                try LedgerEntryReader.extensionPoint(&reader)
                try reader.finish()
            }
            self.code = code
            operations = ops
            operationsComplete = complete
        } catch {
            throw StellarError.wrap(error)
        }
    }

    static func transactionName(_ code: Int32) -> String {
        let names: [Int32: String] = [
            1: "tx_fee_bump_inner_success", 0: "tx_success", -1: "tx_failed", -2: "tx_too_early", -3: "tx_too_late",
            -4: "tx_missing_operation", -5: "tx_bad_seq", -6: "tx_bad_auth", -7: "tx_insufficient_balance",
            -8: "tx_no_source_account",
            -9: "tx_insufficient_fee", -10: "tx_bad_auth_extra", -11: "tx_internal_error", -12: "tx_not_supported",
            -13: "tx_fee_bump_inner_failed", -14: "tx_bad_sponsorship", -15: "tx_bad_min_seq_age_or_gap",
            -16: "tx_malformed",
            -17: "tx_soroban_invalid", -18: "tx_frozen_key_accessed",
        ]
        return names[code] ?? "tx_code_\(code)"
    }

    /// The operation results, as far as their bodies are known.
    private static func operations(_ r: inout XDRReader) throws -> ([String], Bool) {
        let count = try r.readUInt32()
        guard count <= 100 else { throw StellarError.operationCount(Int(count)) }
        var names: [String] = []
        for _ in 0..<count {
            let outer = try r.readInt32()
            guard outer == 0 else {
                let outerNames: [Int32: String] = [
                    -1: "op_bad_auth", -2: "op_no_source_account", -3: "op_not_supported",
                    -4: "op_too_many_subentries", -5: "op_exceeded_work_limit", -6: "op_too_many_sponsoring",
                ]
                names.append(outerNames[outer] ?? "op_code_\(outer)")
                continue
            }
            let type = try r.readInt32()
            let code = try r.readInt32()
            names.append(operationName(type: type, code: code))
            guard try skipBody(&r, type: type, code: code) else { return (names, false) }
        }
        return (names, true)
    }

    /// Skips a result body this reader knows the shape of; false when it does not.
    private static func skipBody(_ r: inout XDRReader, type: Int32, code: Int32) throws -> Bool {
        if code == 0 {
            switch type {
            case 0, 1, 5, 6, 7, 10, 11, 15, 16, 17, 18, 19, 20, 21, 22, 23, 25, 26: return true
            case 8: _ = try r.readInt64(); return true  // account merge: the balance moved
            case 9:
                _ = try r.readArray(max: 100_000, minimumElementSize: 44) {
                    _ = try AccountID(from: &$0); return try $0.readInt64()
                }; return true
            case 14: _ = try ClaimableBalanceID(from: &r); return true  // the new balance's id
            case 24: _ = try r.read32(); return true  // the host function's result hash
            default: return false  // offers and path payments: the offers they crossed
            }
        }
        // Path payments' NO_ISSUER carries the asset without an issuer.
        if (type == 2 || type == 13) && code == -9 { _ = try Asset(from: &r); return true }
        return true
    }

    /// Horizon's names: `op_success`, then the code's name without its operation's prefix.
    static func operationName(type: Int32, code: Int32) -> String {
        if code == 0 { return "op_success" }
        let table: [Int32: [Int32: String]] = [
            0: [-1: "malformed", -2: "underfunded", -3: "low_reserve", -4: "already_exists"],
            1: [
                -1: "malformed", -2: "underfunded", -3: "src_no_trust", -4: "src_not_authorized", -5: "no_destination",
                -6: "no_trust",
                -7: "not_authorized", -8: "line_full", -9: "no_issuer",
            ],
            2: pathPayment(-12, "over_source_max"),
            13: pathPayment(-12, "under_dest_min"),
            5: [
                -1: "low_reserve", -2: "too_many_signers", -3: "bad_flags", -4: "invalid_inflation", -5: "cant_change",
                -6: "unknown_flag",
                -7: "threshold_out_of_range", -8: "bad_signer", -9: "invalid_home_domain",
                -10: "auth_revocable_required",
            ],
            6: [
                -1: "malformed", -2: "no_issuer", -3: "invalid_limit", -4: "low_reserve", -5: "self_not_allowed",
                -6: "trust_line_missing",
                -7: "cannot_delete", -8: "not_auth_maintain_liabilities",
            ],
            8: [
                -1: "malformed", -2: "no_account", -3: "immutable_set", -4: "has_sub_entries", -5: "seqnum_too_far",
                -6: "dest_full",
                -7: "is_sponsor",
            ],
            10: [-1: "not_supported_yet", -2: "data_name_not_found", -3: "low_reserve", -4: "data_invalid_name"],
            11: [-1: "bad_seq"],
            24: [
                -1: "malformed", -2: "trapped", -3: "resource_limit_exceeded", -4: "entry_archived",
                -5: "insufficient_refundable_fee",
            ],
            25: [-1: "malformed", -2: "resource_limit_exceeded", -3: "insufficient_refundable_fee"],
            26: [-1: "malformed", -2: "resource_limit_exceeded", -3: "insufficient_refundable_fee"],
        ]
        return "op_" + (table[type]?[code] ?? "code_\(code)")
    }

    private static func pathPayment(_ last: Int32, _ lastName: String) -> [Int32: String] {
        [
            -1: "malformed", -2: "underfunded", -3: "src_no_trust", -4: "src_not_authorized", -5: "no_destination",
            -6: "no_trust",
            -7: "not_authorized", -8: "line_full", -9: "no_issuer", -10: "too_few_offers", -11: "cross_self",
            last: lastName,
        ]
    }
}
