import AirsignEncoding

/// Everything that can be wrong with a message crossing the air gap (a sign request or response,
/// an account descriptor, a batch file), in words meant for the person reading them. Cases name
/// the field at fault; none carries secret material.
public enum MessagesError: Error, Equatable, CustomStringConvertible, Sendable {
    // MARK: Account descriptors

    /// The descriptor is not JSON; the parser's message says where.
    case descriptorSyntax(EncodingError)
    /// JSON, but not an account descriptor (`"airsign"` is missing or names another message).
    case notAnAccountDescriptor(found: String)
    /// A descriptor in a format version this program does not read.
    case descriptorVersionUnsupported(String)
    /// A field of the descriptor is missing, unknown, of the wrong type, or disagrees with the
    /// others (an address that is not the public key's); `field` names it.
    case descriptorField(field: String, reason: String)

    // MARK: Sign requests, responses and batches

    public var description: String {
        switch self {
        case let .descriptorSyntax(error):
            return "the account descriptor is not valid JSON: \(error.description)"
        case let .notAnAccountDescriptor(found):
            return "not an Airsign account descriptor (\(found))"
        case let .descriptorVersionUnsupported(version):
            return "account descriptor version \(version) is not supported (this program reads version 1)"
        case let .descriptorField(field, reason):
            return "account descriptor field \"\(field)\": \(reason)"
        }
    }
}
