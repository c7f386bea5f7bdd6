"""End to end on a real EVM (eth-tester's py-evm backend behind evm_node's JSON-RPC server):
the watch builds with --rpc, the request crosses as a QR PNG, the signer signs from its
PIN-encrypted keystore, the response comes back as a QR PNG, the watch finalizes and broadcasts,
and the chain's own state says what happened."""
import json
import os
from pathlib import Path

import pytest
from eth_utils import to_checksum_address

import evm_token
from conftest import run_program
from evm_node import EVMNode

# The public BIP-39 test phrase; its m/44'/60'/0'/0/0 address is published in many wallets' tests.
PHRASE = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"
ADDRESS = "0x9858EfFD232B4033E47d90003D41EC34EcaEda94"
RECIPIENT = to_checksum_address("0x" + "42" * 20)
ETHER = 10**18


class Machines:
    """A signer home (keystore of the test phrase, an account on the node's chain id) and a
    watch home that imported it watch-only."""

    def __init__(self, tmp: Path, chain_id: int):
        self.tmp = tmp
        self.env = dict(os.environ, AIRSIGN_SIGNER_HOME=str(tmp / "signer"), AIRSIGN_WATCH_HOME=str(tmp / "watch"))
        self.pin = tmp / "pin"
        phrase = tmp / "phrase"
        self.pin.write_text("evm-test-pin-4711\n")
        phrase.write_text(PHRASE + "\n")
        os.chmod(self.pin, 0o600)
        os.chmod(phrase, 0o600)
        self.signer("init", "--pin-file", str(self.pin), "--kdf", "interactive")
        self.signer("key", "import", "t", "--kind", "phrase", "--from", str(phrase), "--pin-file", str(self.pin))
        self.signer("account", "add", "t", "--chain", "ethereum", "--network", str(chain_id), "--pin-file", str(self.pin))
        phrase.unlink()
        self.signer("account", "export", ADDRESS, "--out", str(tmp / "accounts.json"))
        self.watch("account", "import", str(tmp / "accounts.json"))

    def run(self, program, *args, check=True):
        return run_program(program, *args, env=self.env, check=check)

    def signer(self, *args, check=True):
        return self.run("airsign-signer", *args, check=check)

    def watch(self, *args, check=True):
        return self.run("airsign-watch", *args, check=check)

    def sign_over_qr(self, request_png: Path, name: str, blind: bool = False) -> Path:
        """The offline half: scan the request PNG, sign (compact; `--blind` when the request has
        effects the signer does not understand), answer with a response PNG."""
        response_png = self.tmp / f"{name}-response.png"
        self.signer("sign", "--scan", str(request_png), "--yes", "--pin-file", str(self.pin), "--compact",
                    "--qr", str(response_png), "--out", str(self.tmp / f"{name}-response.json"), *(["--blind"] if blind else []))
        return response_png

    def build_sign_finalize(self, builder_args, name, qr=True, blind=False):
        """Builds a request, signs it (through QR PNGs when `qr`), finalizes; returns the
        request and the path of the finalized response."""
        request_json = self.tmp / f"{name}-request.json"
        args = ["ethereum", *builder_args, "--out", str(request_json)]
        if qr:
            args += ["--qr", str(self.tmp / f"{name}-request.png")]
        self.watch(*args)
        final = self.tmp / f"{name}-final.json"
        if qr:
            response_png = self.sign_over_qr(self.tmp / f"{name}-request.png", name)
            self.watch("ethereum", "finalize", "--scan", str(response_png), "--out", str(final))
        else:
            response = self.tmp / f"{name}-response.json"
            self.signer("sign", str(request_json), "--yes", "--pin-file", str(self.pin), "--out", str(response),
                        *(["--blind"] if blind else []))
            self.watch("ethereum", "finalize", str(response), "--out", str(final))
        return json.loads(request_json.read_text()), final

    def broadcast(self, final: Path, url: str, check=True):
        out = self.watch("ethereum", "broadcast", str(final), "--rpc", url, "--wait", "--timeout", "30", check=check)
        return out, [json.loads(line) for line in out.stdout.splitlines() if line.strip()]


@pytest.fixture
def node():
    with EVMNode() as n:
        yield n


@pytest.fixture
def machines(tmp_path, node):
    m = Machines(tmp_path, node.chain_id)
    node.fund(ADDRESS, 10 * ETHER)
    return m


def token_balance(node, token, holder):
    word = node.dispatch("eth_call", [{"to": token, "data": "0x70a08231" + "00" * 12 + holder[2:].lower()}, "latest"])
    return int(word, 16)


def test_transfer_through_qr_is_mined_and_moves_exactly_value_plus_gas(machines, node):
    before_from, before_to = node.balance(ADDRESS), node.balance(RECIPIENT)
    value = 1_500_000_000_000_000_000
    request, final = machines.build_sign_finalize(
        ["transfer", "--from", ADDRESS, "--to", RECIPIENT, "--value", "1.5ether", "--rpc", node.url], "transfer")
    assert request["network"] == f"eip155:{node.chain_id}"
    for method in ("eth_chainId", "eth_getTransactionCount", "eth_getBlockByNumber", "eth_maxPriorityFeePerGas", "eth_estimateGas"):
        assert method in node.calls, method
    out, outcomes = machines.broadcast(final, node.url)
    assert len(outcomes) == 1 and outcomes[0]["status"] == 1, out.stderr
    receipt = node.tester.get_transaction_receipt(outcomes[0]["hash"])
    assert receipt["status"] == 1 and receipt["gas_used"] == outcomes[0]["gasUsed"] == 21000
    fee = receipt["gas_used"] * receipt["effective_gas_price"]
    assert outcomes[0]["effectiveGasPrice"] == receipt["effective_gas_price"]
    assert node.balance(ADDRESS) == before_from - value - fee
    assert node.balance(RECIPIENT) == before_to + value
    # The hash we computed is the chain's, and the finalized raw transaction is what was mined.
    finalized = json.loads(final.read_text())
    assert finalized["result"]["hash"] == outcomes[0]["hash"]
    # Sending the same transaction again: the node refuses it (nonce used) -> network error, 9.
    again, _ = machines.broadcast(final, node.url, check=False)
    assert again.returncode == 9 and len(again.stderr.strip().splitlines()) == 1, again.stderr


def test_legacy_and_eip2930_transactions_are_mined(machines, node):
    access = machines.tmp / "access.json"
    access.write_text(json.dumps([{"address": RECIPIENT, "storageKeys": ["0x" + "00" * 31 + "01"]}]))
    for name, extra in (("legacy", ["--legacy"]), ("eip2930", ["--gas-price", "3gwei", "--access-list", str(access)])):
        before = node.balance(ADDRESS)
        _, final = machines.build_sign_finalize(
            ["transfer", "--from", ADDRESS, "--to", RECIPIENT, "--value", "123wei", "--rpc", node.url, *extra], name, qr=False)
        _, outcomes = machines.broadcast(final, node.url)
        receipt = node.tester.get_transaction_receipt(outcomes[0]["hash"])
        assert receipt["status"] == 1 and receipt["type"] == ("0x0" if name == "legacy" else "0x1")
        assert node.balance(ADDRESS) == before - 123 - receipt["gas_used"] * receipt["effective_gas_price"]


def test_priority_fee_falls_back_to_fee_history(tmp_path):
    with EVMNode(max_priority_fee=False) as node:
        machines = Machines(tmp_path, node.chain_id)
        node.fund(ADDRESS, ETHER)
        _, final = machines.build_sign_finalize(
            ["transfer", "--from", ADDRESS, "--to", RECIPIENT, "--value", "2gwei", "--rpc", node.url], "fallback", qr=False)
        assert "eth_feeHistory" in node.calls
        _, outcomes = machines.broadcast(final, node.url)
        assert outcomes[0]["status"] == 1


def test_erc20_deploy_and_transfer(machines, node):
    supply = 10**12
    _, final = machines.build_sign_finalize(
        ["deploy", "--from", ADDRESS, "--data", "0x" + evm_token.init_code(supply).hex(), "--rpc", node.url], "deploy", qr=False,
        blind=True)  # init code cannot be shown: the signer signs it only with --blind
    _, outcomes = machines.broadcast(final, node.url)
    token = outcomes[0]["contractAddress"]
    assert outcomes[0]["status"] == 1 and token_balance(node, token, ADDRESS) == supply

    request, final = machines.build_sign_finalize(
        ["erc20-transfer", "--from", ADDRESS, "--token", token, "--to", RECIPIENT, "--amount", "1.5", "--rpc", node.url], "erc20")
    # Decimals and symbol came from the token and travel as the unverified note.
    assert "1.5 TST = 1500000 base units" in request["note"] and "unverified" in request["note"]
    _, outcomes = machines.broadcast(final, node.url)
    assert outcomes[0]["status"] == 1
    assert token_balance(node, token, RECIPIENT) == 1_500_000
    assert token_balance(node, token, ADDRESS) == supply - 1_500_000

    # More than the balance, with an explicit gas limit (estimation would refuse it): mined,
    # reverted, reported, exit 1.
    _, final = machines.build_sign_finalize(
        ["erc20-transfer", "--from", ADDRESS, "--token", token, "--to", RECIPIENT, "--amount", "2000000",
         "--gas", "100000", "--rpc", node.url], "revert", qr=False)
    out, outcomes = machines.broadcast(final, node.url, check=False)
    assert out.returncode == 1 and outcomes[0]["status"] == 0 and "reverted" in out.stderr
    assert token_balance(node, token, RECIPIENT) == 1_500_000


def test_bad_input_against_the_node_writes_nothing(machines, node):
    out_file = machines.tmp / "never.json"
    base = ["ethereum", "transfer", "--from", ADDRESS, "--to", RECIPIENT, "--value", "1ether", "--out", str(out_file)]
    # --chain-id disagrees with the node.
    r = machines.watch(*base, "--rpc", node.url, "--chain-id", "1", check=False)
    assert r.returncode == 3 and "chain id" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    # --decimals disagrees with the token: refused before anything is issued.
    r = machines.watch("ethereum", "erc20-transfer", "--from", ADDRESS, "--token", RECIPIENT, "--to", RECIPIENT, "--amount", "1",
                       "--decimals", "6", "--rpc", node.url, "--out", str(out_file), check=False)
    assert r.returncode == 9  # RECIPIENT has no code: decimals() answers nothing
    # A node that is not there.
    r = machines.watch(*base, "--rpc", "http://127.0.0.1:9/", check=False)
    assert r.returncode == 9 and len(r.stderr.strip().splitlines()) == 1
    assert not out_file.exists()
    listed = machines.watch("requests", "list", "--json")
    assert listed.stdout.strip() == ""


def test_watch_builds_and_the_signer_signs_what_eth_account_signs(machines, node):
    """Offline builds (every option given): the finalized raw transaction is byte for byte what
    eth-account signs for the same fields with the phrase's m/44'/60'/0'/0/0 key."""
    from eth_account import Account
    Account.enable_unaudited_hdwallet_features()
    key = Account.from_mnemonic(PHRASE, account_path="m/44'/60'/0'/0/0").key
    chain = node.chain_id
    token = to_checksum_address("0x" + "ab" * 20)
    access = machines.tmp / "al.json"
    access.write_text(json.dumps([{"address": token, "storageKeys": ["0x" + "11" * 32, "0x" + "22" * 32]}]))
    fees1559 = ["--max-fee", "30gwei", "--priority-fee", "1.5gwei"]
    cases = [
        (["transfer", "--to", RECIPIENT, "--value", "1.5ether", "--nonce", "0", *fees1559],
         {"type": 2, "nonce": 0, "to": RECIPIENT, "value": 15 * 10**17, "gas": 21000, "maxFeePerGas": 30 * 10**9,
          "maxPriorityFeePerGas": 15 * 10**8, "data": "0x", "accessList": []}),
        (["transfer", "--to", RECIPIENT, "--value", "123wei", "--nonce", "5", "--legacy", "--gas-price", "2gwei"],
         {"nonce": 5, "to": RECIPIENT, "value": 123, "gas": 21000, "gasPrice": 2 * 10**9, "data": "0x"}),
        (["call", "--to", token, "--data", "0xdeadbeef00", "--value", "1gwei", "--nonce", "9", "--gas", "90000",
          "--gas-price", "7wei", "--access-list", str(access)],
         {"type": 1, "nonce": 9, "to": token, "value": 10**9, "gas": 90000, "gasPrice": 7, "data": "0xdeadbeef00",
          "accessList": json.loads(access.read_text())}),
        (["erc20-transfer", "--token", token, "--to", RECIPIENT, "--amount", "0.000001", "--decimals", "18", "--nonce", "1",
          "--gas", "60000", *fees1559],
         {"type": 2, "nonce": 1, "to": token, "value": 0, "gas": 60000, "maxFeePerGas": 30 * 10**9, "maxPriorityFeePerGas": 15 * 10**8,
          "data": "0xa9059cbb" + "00" * 12 + RECIPIENT[2:].lower() + (10**12).to_bytes(32, "big").hex(), "accessList": []}),
    ]
    for i, (args, theirs) in enumerate(cases):
        request, final = machines.build_sign_finalize([args[0], "--from", ADDRESS, "--chain-id", str(chain), *args[1:]], f"offline{i}", qr=False,
                                                       blind=args[0] == "call")  # unknown calldata needs --blind
        signed = Account.sign_transaction(dict(theirs, chainId=chain), key)
        result = json.loads(final.read_text())["result"]
        assert result["rawTransaction"] == "0x" + bytes(signed.raw_transaction).hex(), args
        assert result["hash"] == "0x" + bytes(signed.hash).hex()
