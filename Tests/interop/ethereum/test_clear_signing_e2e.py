"""End to end with a real protocol's descriptor (issue 21): the ERC-7730 registry's own Aave v3
Pool descriptor (erc7730-registry/, CC0, copied byte for byte) is installed on the signer through
`descriptor add`; the watch builds `supply` from its signature (`call --sig`); the request
crosses as a QR PNG; the signer's review shows the call clear-signed, every field checked, and
says the signer does not count what a descriptor-described call moves (a descriptor shows a
call; it does not tell the signer what leaves), so it signs only with --blind; the watch
finalizes. eth-account recovers the sender from the raw
transaction, and eth-abi decodes its calldata back to the arguments given."""
import json
from pathlib import Path

import rlp
from eth_abi import decode
from eth_account import Account
from eth_utils import keccak

from test_evm import ADDRESS, Machines
from test_registry import unwrapped

DESCRIPTOR = Path(__file__).parent / "erc7730-registry" / "aave" / "calldata-lpv3.json"
POOL = "0x87870Bca3F3fD6335C3F4ce8392D69350B4fA4E2"          # the descriptor's deployment on chain 1
USDC = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"          # in the signer's built-in token list
SIGNATURE = "supply(address,uint256,address,uint16)"


def review_lines(text: str) -> list:
    """The review's lines, continuation lines joined, runs of spaces (the renderer's column
    alignment) made one."""
    return [" ".join(line.split()) for line in unwrapped(text).split("\n")]


def test_aave_supply_built_by_signature_is_clear_signed_with_the_registry_descriptor(tmp_path):
    # Importing the phrase adds its account on mainnet (chain 1) already; the second network
    # Machines adds (Sepolia) is not used here.
    machines = Machines(tmp_path, 11155111)
    machines.signer("descriptor", "add", str(DESCRIPTOR), "--pin-file", str(machines.pin))
    request_png = tmp_path / "supply.png"
    machines.watch("ethereum", "call", "--from", ADDRESS, "--to", POOL, "--sig", SIGNATURE, USDC, "1500000", ADDRESS, "0",
                   "--chain-id", "1", "--nonce", "3", "--gas", "300000", "--max-fee", "30gwei", "--priority-fee", "1gwei",
                   "--out", str(tmp_path / "supply.json"), "--qr", str(request_png))

    refused = machines.signer("inspect", "--scan", str(request_png), "--pin-file", str(machines.pin), check=False)
    assert refused.returncode == 3 and "has effects the signer does not understand (a call to" in refused.stderr, refused.stderr
    inspected = machines.signer("inspect", "--scan", str(request_png), "--pin-file", str(machines.pin), "--blind")
    lines = review_lines(inspected.stderr)
    assert "The descriptors and tokens installed on this signer match their PIN seal." in lines
    start = lines.index("clear signing descriptor \"calldata-lpv3\" installed on this signer [signer's table]")
    # The descriptor's fields in its order, each value decoded from the signed bytes; the
    # referral code is hidden by the descriptor (visible: never), and nothing else is shown.
    assert lines[start + 1:start + 5] == [
        f"Interaction with Aave DAO ({POOL}) [signer's table]",
        "intent Supply [signer's table]",
        "Amount to supply 1.5 USDC (1500000 base units) [signer's table]",
        f"Collateral recipient {ADDRESS} (your account (key \"t\", m/44'/60'/0'/0/0))",
    ], "\n".join(lines)
    assert not any(line.startswith(("warning", "not described", "Referral")) for line in lines), "\n".join(lines)
    assert any(line.startswith("unknown effects the signer does not understand: a call to " + POOL) for line in lines), "\n".join(lines)

    response_png = machines.sign_over_qr(request_png, "supply", blind=True)
    final = tmp_path / "supply-final.json"
    machines.watch("ethereum", "finalize", "--scan", str(response_png), "--out", str(final))
    raw = json.loads(final.read_text())["result"]["rawTransaction"]
    assert Account.recover_transaction(raw) == ADDRESS
    fields = rlp.decode(bytes.fromhex(raw[2:])[1:])          # EIP-1559: 0x02 || rlp([chainId, nonce, …, to, value, data, …])
    to, data = fields[5], fields[7]
    assert "0x" + to.hex() == POOL.lower() and data[:4] == keccak(text=SIGNATURE)[:4]
    assert decode(["address", "uint256", "address", "uint16"], data[4:]) == (USDC.lower(), 1_500_000, ADDRESS.lower(), 0)
