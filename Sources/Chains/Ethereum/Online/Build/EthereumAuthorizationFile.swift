import AirsignEncoding
import AirsignEthereum

/// `--authorization FILE`: a signed EIP-7702 authorization, as `ethereum finalize` writes it (a
/// sign response whose result is the tuple) or the tuple alone in JSON-RPC form
/// (`{"address", "chainId", "nonce", "r", "s", "yParity"}`, as eth-account and viem write it).
/// A tuple whose signature the chain would skip is refused here.
public enum EthereumAuthorizationFile {
    public static func parse(_ bytes: [UInt8], path: String) throws(EthereumWatchError) -> SignedSetCodeAuthorization {
        func bad(_ why: String) -> EthereumWatchError { .invalidInput("--authorization \(path): \(why)") }
        let value: JSONValue
        do { value = try JSONParser().parse(bytes) } catch { throw bad("not JSON (\(error))") }
        var tuple = value
        if value["airsign"] == .string("sign-response") {
            guard let result = value["result"] else {
                throw bad("a compact response has no signed authorization: finalize it first")
            }
            tuple = result
        }
        let signed: SignedSetCodeAuthorization
        do { signed = try SignedSetCodeAuthorization(json: tuple, field: "authorization") } catch {
            throw bad(EthereumInput.reason(error))
        }
        if case .failure(let failure) = signed.authority() {
            throw bad("the chain would skip this authorization: \(failure)")
        }
        return signed
    }
}
