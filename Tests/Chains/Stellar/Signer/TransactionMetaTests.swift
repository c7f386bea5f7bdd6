import AirsignEncoding
import AirsignStellar
import AirsignTestSupport
import Testing

private struct MetaVectors: Decodable {
    struct Meta: Decodable {
        let name: String; let meta: String; let version: Int32; let return_value: String?; let fees: [Int64]?;
        let contract_events: Int
    }
    let metas: [Meta]
}

/// getTransaction's `resultMetaXdr` and `resultXdr` as `stellar submit --rpc` reads them: meta
/// built by stellar-sdk (vectors/stellar_meta.json; the interop suite's test_meta.py decodes
/// thousands of random ones) and the ways a reply can be wrong.
@Suite struct TransactionMetaTests {
    private let v: MetaVectors = try! Vectors.load("stellar_meta")

    @Test func stellarSDKMetaDecodes() throws {
        #expect(v.metas.count == 5)
        for m in v.metas {
            let meta = try TransactionMetaSummary(base64: m.meta)
            #expect(meta.version == m.version, "\(m.name)")
            #expect(
                meta.returnValue == (try m.return_value.map { try SCVal(xdr: try StellarBase64.decode($0)) }),
                "\(m.name)")
            #expect(meta.resourceFee.map { [$0.nonRefundable, $0.refundable, $0.rent] } == m.fees, "\(m.name)")
            #expect(meta.contractEvents == m.contract_events, "\(m.name)")
        }
    }

    @Test func damagedMetaIsRefused() throws {
        for m in v.metas {
            let bytes = try StellarBase64.decode(m.meta)
            for cut in [0, 4, bytes.count / 2, bytes.count - 4] {
                #expect(throws: StellarError.self, "\(m.name) cut at \(cut)") {
                    try TransactionMetaSummary(base64: StellarBase64.encode(Array(bytes.prefix(cut))))
                }
            }
            #expect(throws: StellarError.self, "\(m.name) with trailing bytes") {
                try TransactionMetaSummary(base64: StellarBase64.encode(bytes + [0, 0, 0, 0]))
            }
        }
        #expect(throws: StellarError.self) { try TransactionMetaSummary(base64: "not base64!") }
    }

    /// An otherwise empty v4 meta around `returnValue` (and `before`, the changes before).
    private func meta(version: Int32 = 4, before: [UInt8] = [0, 0, 0, 0], returnValue: [UInt8]) -> String {
        var w = XDRWriter()
        w.writeInt32(version)
        w.writeInt32(0)  // ext
        var bytes = w.bytes + before
        w = XDRWriter()
        w.writeUInt32(0)  // operations
        w.writeUInt32(0)  // changes after
        w.writeUInt32(1)  // Soroban meta present
        w.writeInt32(0)  // its ext v0
        w.writeUInt32(1)  // a return value
        bytes += w.bytes + returnValue + [0, 0, 0, 0, 0, 0, 0, 0]  // no transaction or diagnostic events
        return StellarBase64.encode(bytes)
    }

    @Test func limitsAndVersions() throws {
        let u32: [UInt8] = [0, 0, 0, 3, 0, 0, 0, 7]
        #expect(try TransactionMetaSummary(base64: meta(returnValue: u32)).returnValue == .u32(7))
        // A value nested past the limit.
        let depth = XDRLimits.maxDepth + 1
        let deep = Array(repeating: [UInt8]([0, 0, 0, 16, 0, 0, 0, 1, 0, 0, 0, 1]), count: depth).flatMap { $0 } + u32
        #expect(throws: StellarError.self) { try TransactionMetaSummary(base64: meta(returnValue: deep)) }
        // Versions Stellar RPC does not return.
        for version: Int32 in [0, 1, 2, 5] {
            #expect(throws: StellarError.self, "version \(version)") {
                try TransactionMetaSummary(base64: meta(version: version, returnValue: u32))
            }
        }
        // A config setting entry (changed by network upgrades, never by a transaction): refused by name.
        var change = XDRWriter()
        change.writeUInt32(1)  // one change
        change.writeInt32(3)  // STATE
        change.writeUInt32(7)  // last modified
        change.writeInt32(8)  // CONFIG_SETTING
        change.writeInt32(0)
        change.writeInt32(0)
        do {
            _ = try TransactionMetaSummary(base64: meta(before: change.bytes, returnValue: u32))
            Issue.record("a config setting entry was read past")
        } catch {
            #expect("\(error)".contains("config setting"), "\(error)")
        }
        let big = String(repeating: "AAAA", count: TransactionMetaSummary.maxBytes / 3 + 2)
        do {
            _ = try TransactionMetaSummary(base64: big)
            Issue.record("an oversized meta was read")
        } catch {
            #expect("\(error)".contains("the limit is"), "\(error)")
        }
    }

    /// InvokeHostFunction's result codes named, the whole result read (extensions included).
    @Test func invokeHostFunctionResults() throws {
        func result(_ code: Int32, trailing: [UInt8] = []) -> String {
            var w = XDRWriter()
            w.writeInt64(61_234)
            w.writeInt32(code == 0 ? 0 : -1)
            w.writeUInt32(1)
            w.writeInt32(0)  // opINNER
            w.writeInt32(24)
            w.writeInt32(code)
            if code == 0 { try? w.writeFixedOpaque([UInt8](repeating: 1, count: 32), length: 32) }
            w.writeInt32(0)
            return StellarBase64.encode(w.bytes + trailing)
        }
        let names: [Int32: String] = [
            0: "op_success", -2: "op_trapped", -3: "op_resource_limit_exceeded", -4: "op_entry_archived",
            -5: "op_insufficient_refundable_fee",
        ]
        for (code, name) in names {
            let summary = try TransactionResultSummary(base64: result(code))
            #expect(summary.operations == [name] && summary.operationsComplete && summary.feeCharged == 61_234)
        }
        #expect(throws: StellarError.self) { try TransactionResultSummary(base64: result(0, trailing: [0, 0, 0, 0])) }
        #expect(throws: StellarError.self) { try TransactionResultSummary(base64: result(-2, trailing: [0, 0, 0, 1])) }
    }
}
