/// Everything that can be wrong with a message crossing the air gap (a sign request or response,
/// an account descriptor, a batch file), in words meant for the person reading them. Cases name
/// the field at fault; none carries secret material.
public enum MessagesError: Error, Equatable, CustomStringConvertible, Sendable {
    // MARK: Account descriptors

    // MARK: Sign requests, responses and batches

    public var description: String {
        switch self {
        }
    }
}
