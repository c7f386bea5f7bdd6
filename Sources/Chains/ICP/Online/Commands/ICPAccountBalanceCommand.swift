import AirsignCLI
import AirsignCandid
import AirsignEncoding
import AirsignICP
import AirsignKeys
import AirsignMessages
import AirsignOnline
import ArgumentParser
import BigInt
import Foundation

struct ICPAccountBalanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account-balance",
        abstract: "Show an account's balance on the ICP ledger or an ICRC-1 ledger (a query; nothing is signed).",
        discussion: """
            ACCOUNT is a 64-hex account identifier (the ICP ledger's account_balance) or a \
            principal or ICRC-1 account text (icrc1_balance_of). The balance is printed for \
            people on stderr and as JSON on stdout. The answer is believed only when its node \
            signatures verify under node keys from a certificate that verifies against the \
            root key (exit 9 otherwise).
            """)

    @Argument(
        help: ArgumentHelp("A 64-hex account identifier, principal or ICRC-1 account text.", valueName: "ACCOUNT"))
    var account: String

    @Option(help: ArgumentHelp("An ICRC-1 ledger canister other than the ICP ledger.", valueName: "CANISTER"))
    var ledger: String?

    @Option(help: "The token's decimals (with --ledger, for a ledger the signer does not know).")
    var decimals: Int?

    @Option(help: ArgumentHelp("The IC's HTTPS endpoint.", valueName: "URL"))
    var url = "https://icp-api.io"

    @OptionGroup var rootKey: ICPRootKeyOptions

    func validate() throws {
        guard url.hasPrefix("https://") || url.hasPrefix("http://") else {
            throw ValidationError("--url must start with https:// or http://")
        }
        if ledger == nil, decimals != nil { throw ValidationError("--decimals goes with --ledger") }
        if let decimals, !(0...38).contains(decimals) { throw ValidationError("--decimals must be 0…38") }
    }

    func run() throws {
        // The node keys that sign the answer come in a certificate checked against the root key.
        let client = try ICPClient(baseURL: url, verifier: try rootKey.verifier())
        Console.output(try ICPBalance.query(account: account, ledger: ledger, decimals: decimals, client: client))
    }
}

/// `icp account-balance`: the query, its reply read at the ledger's return type, the result.
public enum ICPBalance {
    /// Queries the balance and returns the JSON line for stdout (the human line goes to stderr).
    public static func query(account: String, ledger: String?, decimals: Int?, client: ICPClient) throws -> String {
        let (canister, digits) = try ICPRequestBuilder.ledger(ledger, decimals: decimals)
        let isAccountID = account.utf8.count == 64 && !account.contains("-")
        let method: String
        let arg: [UInt8]
        if isAccountID {
            guard canister == ICPLedger.icp.canister else {
                throw ICPError.malformed(
                    field: "ACCOUNT",
                    reason: "a 64-hex account identifier is for the ICP ledger only; give a principal or ICRC-1 account"
                )
            }
            let id: ICPAccountIdentifier
            do { id = try ICPAccountIdentifier(hex: account) } catch {
                throw ICPError.malformed(field: "ACCOUNT", reason: "\(error)")
            }
            method = "account_balance"
            arg = try ICPError.catchingCandid { () throws(CandidError) in
                try CandidEncoder.encode([
                    (.record([("account", .blob)]), .record([CandidFieldValue("account", .blob(id.bytes))]))
                ])
            }
        } else {
            let icrc: ICRC1Account
            do { icrc = try ICRC1Account(text: account) } catch {
                throw ICPError.malformed(field: "ACCOUNT", reason: "\(error)")
            }
            method = "icrc1_balance_of"
            arg = try ICPError.catchingCandid { () throws(CandidError) in
                try CandidEncoder.encode([(ICRC1Transfer.account, icrc.candid)])
            }
        }
        let reply = try client.query(canister: canister, method: method, arg: arg)
        let message = try ICPError.catchingCandid { () throws(CandidError) in try CandidDecoder().decode(reply) }
        let balance: BigUInt
        switch message.values.first {
        case let .nat(n)? where message.values.count == 1: balance = n
        case let .record(fields)? where message.values.count == 1:
            guard case let .nat64(e8s)? = fields.first(where: { $0.id == CandidLabel.hash("e8s") })?.value else {
                fallthrough
            }
            balance = BigUInt(e8s)
        default:
            throw OnlineError.badReply(
                url: client.baseURL, reason: "\(method) answered \(CandidText.arguments(message.values)), not a balance"
            )
        }
        let symbol = ICPLedger.known(canister)?.symbol ?? "tokens"
        let asset = Asset(
            chain: ChainID(Chain.icp), network: ICPChain.network, id: canister.text, symbol: symbol, decimals: digits)
        let amount = AssetAmount(asset: asset, amount: balance)
        Console.info(
            "Balance of \(account) on \(canister.text): \(amount.formatted) (\(method), signed by the node keys of the ledger's subnet)"
        )
        let json: JSONValue = .object([
            ("account", .string(account)), ("ledger", .string(canister.text)), ("method", .string(method)),
            ("balance", .string(String(balance))), ("decimals", .number(String(digits))), ("symbol", .string(symbol)),
            ("formatted", .string(amount.formatted)),
        ])
        return JSONSerializer(sortKeys: false).serialize(json)
    }
}
