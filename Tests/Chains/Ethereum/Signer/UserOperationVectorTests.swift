import AirsignCrypto
import AirsignEncoding
import AirsignTestSupport
import BigInt
import Foundation
import Testing

@testable import AirsignEthereum

/// vectors/erc4337.json: viem's published userOpHash snapshots for EntryPoint v0.7 and v0.8,
/// as the signer hashes them.
@Suite struct UserOperationVectorTests {
    static var vectors: [String: Any] {
        let url = Vectors.directory.appendingPathComponent("erc4337.json")
        guard let data = try? Data(contentsOf: url),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { preconditionFailure("vectors/erc4337.json is unreadable") }
        return object
    }

    @Test func everyCaseNamesItsSourceAndHashesAsPublished() throws {
        var checked = 0
        for (name, value) in Self.vectors where !name.hasPrefix("_") && name != "source" {
            let v = try #require(value as? [String: Any])
            #expect((v["source"] as? String)?.isEmpty == false, "\(name) has no source")
            let opData = try JSONSerialization.data(withJSONObject: try #require(v["userOperation"]))
            let op = try PackedUserOperation(json: try JSONParser().parse(Array(opData)))
            let expected = testBytes(try #require(v["userOpHash"] as? String))
            let entryPoint = try EthereumAddress(try #require(v["entryPoint"] as? String))
            switch v["entryPointVersion"] as? String {
            case "0.7":
                #expect(op.v07Hash(entryPoint: entryPoint, chainId: 1) == expected, "\(name)")
            case "0.8":
                #expect(entryPoint == EntryPointVersion.v08.address)
                #expect(try op.hash(version: .v08, chainId: 1) == expected, "\(name)")
                #expect(Keccak256.hash(try op.signingPreimage(version: .v08, chainId: 1)) == expected, "\(name)")
            default:
                Issue.record("\(name): no entry point version")
            }
            checked += 1
        }
        #expect(checked == 7)
    }
}
