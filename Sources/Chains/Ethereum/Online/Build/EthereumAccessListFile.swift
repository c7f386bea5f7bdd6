import AirsignEncoding
import AirsignEthereum

/// `--access-list FILE`: an EIP-2930 access list in the JSON shape of Ethereum's JSON-RPC
/// (`eth_createAccessList`): `[{"address":"0x…","storageKeys":["0x<32 bytes>",…]},…]`.
public enum EthereumAccessListFile {
    public static func parse(_ bytes: [UInt8], path: String) throws(EthereumWatchError) -> [AccessListEntry] {
        func bad(_ why: String) -> EthereumWatchError { .invalidInput("--access-list \(path): \(why)") }
        let value: JSONValue
        do { value = try JSONParser().parse(bytes) } catch { throw bad("not JSON (\(error))") }
        guard case let .array(items) = value else {
            throw bad("expected a JSON array of {\"address\", \"storageKeys\"}")
        }
        var entries: [AccessListEntry] = []
        for (index, item) in items.enumerated() {
            guard case let .object(members) = item, members.count == 2,
                case let .string(addressText)? = item["address"],
                case let .array(keys)? = item["storageKeys"]
            else { throw bad("entry \(index + 1) has exactly \"address\" and \"storageKeys\"") }
            let address: EthereumAddress
            do { address = try EthereumInput.address(addressText, option: "address") } catch {
                throw bad("entry \(index + 1): \(error)")
            }
            var storageKeys: [[UInt8]] = []
            for key in keys {
                guard case let .string(text) = key, text.hasPrefix("0x"), let decoded = try? Hex.decode(text),
                    decoded.count == 32
                else {
                    throw bad("entry \(index + 1): a storage key is 0x + 64 hex digits")
                }
                storageKeys.append(decoded)
            }
            do { entries.append(try AccessListEntry(address: address, storageKeys: storageKeys)) } catch {
                throw bad("entry \(index + 1): \(error)")
            }
        }
        return entries
    }
}
