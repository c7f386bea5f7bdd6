import AirsignCLI
import AirsignEncoding
import AirsignICP
import AirsignKeys
import AirsignMessages
import AirsignWatch
import Foundation

/// The work behind `airsign-watch icp transfer|call`: build the request for a watch-only ICP
/// account, have `RequestIssuer` review and store it, write it to `out` and the QR outputs.
public enum ICPActions {
    /// The watch-only ICP account with principal `from`.
    public static func account(_ from: String) throws -> MessageAccount {
        let found = try WatchContext.store().accounts(withAddress: from).filter { $0.account.chain == .icp }
        guard let descriptor = found.first else { throw WatchError.accountNotFound(from) }
        return try MessageAccount(address: descriptor.account.address, publicKey: descriptor.account.publicKey)
    }

    public static func transfer(from: String, _ transfer: ICPRequestBuilder.Transfer, validFor: String?, out: String,
                                qr: QROutputOptions, now: Int64 = Int64(Date().timeIntervalSince1970)) throws {
        let account = try account(from)
        let seconds = try validFor.map { (text: String) throws(ICPError) in try ICPRequestBuilder.duration(text) }
        let call = try ICPRequestBuilder.transferCall(transfer, createdAt: UInt64(max(0, now)) * ICPTime.nanosPerSecond)
        let request = try ICPRequestBuilder.request(account: account, canister: call.canister, method: call.method, arg: call.arg,
                                                    now: now, validFor: seconds)
        let symbol = transfer.symbol ?? ICPLedger.known(call.canister)?.symbol ?? "tokens"
        Console.info("Transfer of \(transfer.amount) \(symbol) to \(transfer.to): \(call.method) on \(call.canister.text)"
            + (seconds.map { ", \(($0 + ICPRequestBuilder.window - 1) / ICPRequestBuilder.window) expiry windows" } ?? ""))
        try issue(request, out: out, qr: qr, now: now)
    }

    public static func call(from: String, canister: String, method: String, argHex: String, validFor: String?, out: String,
                            qr: QROutputOptions, now: Int64 = Int64(Date().timeIntervalSince1970)) throws {
        let account = try account(from)
        let principal: Principal
        do { principal = try Principal(text: canister) } catch { throw ICPError.malformed(field: "--canister", reason: "\(error)") }
        let arg: [UInt8]
        do { arg = try Hex.decode(argHex.hasPrefix("0x") ? String(argHex.dropFirst(2)) : argHex) } catch {
            throw ICPError.malformed(field: "--arg-hex", reason: "\(error)")
        }
        // Refused here with the reason; the signer would refuse the same series anyway.
        if validFor != nil, ICPLedger.known(principal) == nil || ![ICPLedgerTransfer.method, ICRC1Transfer.method].contains(method) {
            throw ICPError.refused("--valid-for is only for ledger transfers, which the ledger deduplicates; this call is not one")
        }
        let seconds = try validFor.map { (text: String) throws(ICPError) in try ICPRequestBuilder.duration(text) }
        let request = try ICPRequestBuilder.request(account: account, canister: principal, method: method, arg: arg, now: now, validFor: seconds)
        try issue(request, out: out, qr: qr, now: now)
    }

    static func issue(_ request: SignRequest, out: String, qr: QROutputOptions, now: Int64) throws {
        let bytes = try RequestIssuer(store: try RequestActions.store()).issue([request], now: now)
        try MessageOutput.write(bytes, to: out)
        if qr.isRequested { try qr.write(bytes, largeSingleCode: false) }
        Console.info("Issued request \(request.id) for \(request.account.address).")
        if out != "-" { Console.info("Request written to \(out).") }
    }
}
