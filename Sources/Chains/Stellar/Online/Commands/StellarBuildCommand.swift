import AirsignStellar
import ArgumentParser

struct StellarBuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build", abstract: "A transaction of the operations given with --op and --ops only.",
        discussion: """
            Operation types and their fields (source=G… on any): payment to amount [asset]; \
            create-account to amount; change-trust asset [limit]; path-payment-strict-send to \
            send-asset send-amount dest-asset dest-min [path]; path-payment-strict-receive to \
            send-asset send-max dest-asset dest-amount [path]; manage-data name [value]; \
            set-options [home-domain master-weight low-threshold med-threshold high-threshold \
            set-flags clear-flags signer inflation-dest]; account-merge to; bump-sequence to; \
            manage-sell-offer and manage-buy-offer selling buying amount price [offer-id]; \
            create-passive-sell-offer selling buying amount price (price N/D or a decimal); \
            claim-claimable-balance id.
            """)

    @OptionGroup var transaction: StellarTransactionOptions

    func run() throws {
        try transaction.issue(nil)
    }
}
