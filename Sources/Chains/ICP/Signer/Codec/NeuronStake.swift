import AirsignCrypto
import AirsignEncoding

/// Where ICP is sent to stake a neuron: the governance canister's account with the subaccount
/// `SHA-256(0x0c ‖ "neuron-stake" ‖ controller ‖ nonce as 8 big-endian bytes)`, the nonce also
/// being the transfer's memo and the claim's memo (governance's `compute_neuron_staking_subaccount`,
/// as quill's `neuron-stake` uses it).
public enum NeuronStake {
    public static func subaccount(controller: Principal, nonce: UInt64) -> [UInt8] {
        let nonceBytes = (0..<8).map { UInt8(truncatingIfNeeded: nonce >> (56 - 8 * UInt64($0))) }
        return SHA256.hash([0x0c] + Array("neuron-stake".utf8) + controller.bytes + nonceBytes)
    }

    /// The account identifier a stake for `controller`'s neuron with `nonce` is sent to.
    public static func account(controller: Principal, nonce: UInt64) -> ICPAccountIdentifier? {
        try? ICPAccountIdentifier(
            principal: ICPBuiltinInterfaces.governanceCanister,
            subaccount: subaccount(controller: controller, nonce: nonce))
    }

    /// quill's `--name`: up to 8 ASCII characters, right-aligned in the nonce's 8 bytes.
    public static func nonce(name: String) throws(ICPError) -> UInt64 {
        let bytes = Array(name.utf8)
        guard !bytes.isEmpty, bytes.count <= 8, bytes.allSatisfy({ $0 < 0x80 }) else {
            throw .malformed(field: "--name", reason: "a neuron name is 1 to 8 ASCII characters")
        }
        return bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }
}
