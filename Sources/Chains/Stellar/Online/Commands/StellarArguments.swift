import AirsignStellar
import ArgumentParser

/// A typed value of a `stellar` option, as stellar-cli takes them: an account (`G…`), a muxed
/// account (`G…` or `M…`), an asset (`native`, `XLM` or `CODE:ISSUER`), an amount (an exact
/// decimal of at most 7 places) and a price (`N/D` or a decimal). An option gives `parse` as its
/// transform, so its value is read as the command line is and a text that is not one is refused
/// naming the option, with the reason `parse` gives; that refusal is a `StellarError`, so it
/// exits 3 (refused input) as when the builder read the text (`CommandRunner` finds it inside
/// ArgumentParser's error). `StellarOperationSpec` reads the `--op` fields with the same `parse`.
public protocol StellarArgument: ExpressibleByArgument {
    /// The value `text` writes, or the refusal that says why it is not one.
    static func parse(_ text: String) throws(StellarError) -> Self
}

extension StellarArgument {
    public init?(argument: String) {
        guard let value = try? Self.parse(argument) else { return nil }
        self = value
    }
}

extension AccountID: StellarArgument {
    /// `G…`.
    public static func parse(_ text: String) throws(StellarError) -> AccountID { try AccountID(text) }
}

extension MuxedAccount: StellarArgument {
    /// `G…`, or a muxed `M…`.
    public static func parse(_ text: String) throws(StellarError) -> MuxedAccount { try MuxedAccount(text) }
}

extension Asset: StellarArgument {
    /// `native` (or `XLM`), or `CODE:ISSUER`.
    public static func parse(_ text: String) throws(StellarError) -> Asset { text == "XLM" ? .native : try Asset(text) }

    /// A payment path: assets separated by commas.
    public static func path(_ text: String) throws(StellarError) -> [Asset] {
        var assets: [Asset] = []
        for part in text.split(separator: ",") { assets.append(try parse(String(part))) }
        return assets
    }
}

extension Price: StellarArgument {
    /// `N/D` as written (both positive, 32-bit), or an exact decimal of at most 7 places as its
    /// reduced fraction.
    public static func parse(_ text: String) throws(StellarError) -> Price {
        let invalid = StellarError.option(.price(text))
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2 {
            guard let n = Int32(parts[0]), let d = Int32(parts[1]), n > 0, d > 0 else { throw invalid }
            return Price(n: n, d: d)
        }
        guard let stroops = try? StellarAmount.parse(text), stroops > 0 else { throw invalid }
        var (a, b) = (stroops, StellarAmount.stroopsPerUnit)
        while b != 0 { (a, b) = (b, a % b) }
        guard let n = Int32(exactly: stroops / a), let d = Int32(exactly: StellarAmount.stroopsPerUnit / a) else {
            throw invalid
        }
        return Price(n: n, d: d)
    }
}

/// An amount as an option or an `--op` field gives it: an exact decimal of at most 7 places
/// (`12.5`), not negative, in stroops; its text is kept so a refusal quotes what was typed.
public struct StellarAmountArgument: StellarArgument, Sendable, Hashable {
    public let stroops: Int64
    public let text: String

    public static func parse(_ text: String) throws(StellarError) -> StellarAmountArgument {
        StellarAmountArgument(stroops: try StellarAmount.parse(text), text: text)
    }

    /// The stroops, refused unless positive; `name` is the field the refusal names.
    func positive(_ name: String) throws(StellarError) -> Int64 {
        guard stroops > 0 else { throw .invalidAmount(text, reason: "\(name) must be positive") }
        return stroops
    }
}
