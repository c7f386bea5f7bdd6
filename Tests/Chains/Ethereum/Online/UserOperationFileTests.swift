import AirsignEncoding
import AirsignEthereum
import AirsignEthereumOnline
import AirsignTestSupport
import Testing

/// `sign-user-operation FILE` in the unpacked form bundlers and viem write, packed as the
/// EntryPoint packs it: viem's own test inputs (vectors/erc4337.json names the file) give
/// viem's published hashes; the packed form reads as it is; bad members are refused by name.
@Suite struct UserOperationFileTests {
    static let common =
        #""sender":"0x1234567890123456789012345678901234567890","nonce":"0x0","callData":"0x","callGasLimit":"6942069","verificationGasLimit":"6942069","preVerificationGas":"6942069","maxFeePerGas":"69420","maxPriorityFeePerGas":"69","signature":"0x""#

    static func hash(_ members: String) throws -> String {
        let op = try EthereumUserOperationFile.parse(Array("{\(common)\(members)}".utf8), path: "op.json")
        return Hex.encode(try op.hash(version: .v08, chainId: 1), prefix: true)
    }

    @Test func viemsUnpackedInputsPackToItsHashes() throws {
        #expect(try Self.hash("") == "0xa2224e732a1d4e2f923c7c05d586a0aa6cbc42172ec02f31d35fa9a2b8ba9208")
        #expect(
            try Self.hash(#","factory":"0x1234567890123456789012345678901234567890","factoryData":"0xdeadbeef""#)
                == "0x3146c70a9ef7538e9b9aca8b00ad4b127ca7eef7817a557f1801acbf8d68c206")
        #expect(
            try Self.hash(#","paymaster":"0x1234567890123456789012345678901234567890""#)
                == "0x364bff8f9104a3854dce4f61f8479ce3019a3bd23e1c8db4da0d7c22850835b9")
        #expect(
            try Self.hash(
                #","paymaster":"0x1234567890123456789012345678901234567890","paymasterVerificationGasLimit":"6942069","paymasterPostOpGasLimit":"6942069","paymasterData":"0xdeadbeef""#
            ) == "0xf10ef9afcf27a4fd17e477cd19f37e588e3ff7d48eade07ab5b7eb8caf75667f")
    }

    @Test func badFilesAreRefusedNamingTheMember() {
        for (members, named) in [
            (#","gasPrice":"0x1""#, "userOperation.gasPrice"),
            (#","factoryData":"0xdeadbeef""#, "factoryData"),
            (#","paymasterData":"0xdeadbeef""#, "paymaster"),
            (
                #","paymaster":"0x1234567890123456789012345678901234567890","paymasterPostOpGasLimit":"0x100000000000000000000000000000000""#,
                "paymasterPostOpGasLimit"
            ),
        ] {
            let error = #expect(throws: EthereumWatchError.self) {
                _ = try Self.hash(members)
            }
            #expect(error?.description.contains(named) == true, "\(members): \(String(describing: error))")
        }
    }
}
