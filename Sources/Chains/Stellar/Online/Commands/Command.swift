import ArgumentParser

/// `airsign-watch stellar …`: this chain's commands, registered in the watch's chain table (AirsignWatchChains).
public struct StellarCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "stellar",
        abstract: "Build Stellar transactions as sign requests, merge signatures, submit to Horizon or Stellar RPC.",
        discussion: """
            Each builder makes one transaction from a watch-only account (--from) and issues it as \
            a sign request. More operations join the same transaction with --op "TYPE key=value …" \
            (repeatable) or --ops FILE (a JSON list); `stellar build` takes only those. Amounts are \
            exact decimals with at most 7 places; assets are native or CODE:ISSUER.
            """,
        subcommands: [
            StellarPaymentCommand.self, StellarCreateAccountCommand.self, StellarChangeTrustCommand.self,
            StellarPathPaymentCommand.self,
            StellarManageDataCommand.self, StellarSetOptionsCommand.self, StellarAccountMergeCommand.self,
            StellarBumpSequenceCommand.self,
            StellarInvokeCommand.self, StellarTokenCommand.self, StellarExtendTTLCommand.self,
            StellarRestoreCommand.self, StellarPoolCommand.self, StellarAuthorizeCommand.self,
            StellarMessageCommand.self,
            StellarBuildCommand.self, StellarMergeCommand.self, StellarSubmitCommand.self,
        ])

    public init() {}
}
