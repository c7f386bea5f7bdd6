"""`airsign-watch import` from the Ethereum tools' side (issue 23 item 6): what eth-account and
dapps hand over goes import → signer → finalize, and eth-account accepts the result.

An unsigned transaction dict (every type, integers as numbers or 0x strings, as eth-account and
eth_sendTransaction take it) and its 0x hex preimage are imported; the signed rawTransaction the
watch assembles must recover, with eth-account's `Account.recover_transaction`, to the account,
and decode to the same fields. eth_signTypedData_v4 typed data, with and without an EIP712Domain
type (eth-account derives it from the domain), is imported alone and as [address, typedData];
the finalized signature must recover with `encode_typed_data(full_message=…)`. Input for an
account the watch lacks, or not for any chain, is refused with one line and nothing is stored.
"""
import json

import pytest
from eth_account import Account
from eth_account.messages import encode_typed_data
from eth_utils import to_checksum_address

from conftest import import_sign_finalize, make_machines, run_program
from eth_support import unsigned_preimage

PHRASE = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"
Account.enable_unaudited_hdwallet_features()
ADDRESS = Account.from_mnemonic(PHRASE, account_path="m/44'/60'/0'/0/0").address


run = run_program


@pytest.fixture(scope="module")
def machines(tmp_path_factory):
    """A signer with the phrase's first account on mainnet and chain 11155111, and a watch
    that imported its descriptors."""
    env, pin, _ = make_machines(tmp_path_factory.mktemp("import"), "main", "phrase", PHRASE,
                                steps=[["account", "add", "main", "--chain", "ethereum", "--network", "11155111"]])
    return env, pin


def round_trip(machines, tmp_path, artifact: str, name="a"):
    """import → sign → finalize; --blind, since random calldata is data no descriptor describes."""
    env, pin = machines
    return import_sign_finalize(env, pin, tmp_path, artifact, sign_args=["--blind"], name=name)


def random_tx(rng, kind):
    as_hex = rng.random() < 0.5
    num = (lambda n: hex(n)) if as_hex else (lambda n: n)
    tx = {"chainId": rng.choice([1, 11155111]), "nonce": num(rng.randrange(0, 1000)), "gas": num(rng.randrange(21000, 500000)),
          "to": to_checksum_address(rng.randbytes(20)), "value": num(rng.randrange(0, 10**20)),
          "data": "0x" + rng.randbytes(rng.choice([0, 4, 36])).hex()}
    if kind == 2:
        tx.update(type=2, maxFeePerGas=num(rng.randrange(10**9, 10**12)), maxPriorityFeePerGas=num(rng.randrange(0, 10**9)))
    elif kind == 1:
        tx.update(type=1, gasPrice=num(rng.randrange(1, 10**12)),
                  accessList=[{"address": to_checksum_address(rng.randbytes(20)), "storageKeys": ["0x" + rng.randbytes(32).hex()]}])
    else:
        tx["gasPrice"] = num(rng.randrange(1, 10**12))
    return tx


def as_ints(tx):
    return {k: int(v, 16) if isinstance(v, str) and k not in ("to", "data") and v.startswith("0x") else v for k, v in tx.items()}


def test_eth_account_transactions_round_trip(machines, tmp_path, rng):
    for case in range(12):
        kind = case % 3
        tx = random_tx(rng, kind)
        artifact = json.dumps(tx) if case % 2 == 0 else "0x" + unsigned_preimage(as_ints(tx)).hex() + "\n"
        final = round_trip(machines, tmp_path, artifact, name=f"tx{case}")
        raw = final["result"]["rawTransaction"]
        assert Account.recover_transaction(raw) == ADDRESS, case
        # The signed transaction is the one eth-account would have signed from the same dict.
        expected = Account.sign_transaction(as_ints(tx), Account.from_mnemonic(PHRASE).key)
        assert raw == "0x" + bytes(expected.raw_transaction).hex(), case


TYPED = {
    "types": {"Person": [{"name": "name", "type": "string"}, {"name": "wallet", "type": "address"}],
              "Mail": [{"name": "from", "type": "Person"}, {"name": "to", "type": "Person"}, {"name": "contents", "type": "string"}]},
    "primaryType": "Mail",
    "domain": {"verifyingContract": "0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC", "chainId": 1, "name": "Ether Mail", "version": "1"},
    "message": {"from": {"name": "Cow", "wallet": "0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826"},
                "to": {"name": "Bob", "wallet": "0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB"}, "contents": "Hello, Bob!"},
}


@pytest.mark.parametrize("shape", ["without EIP712Domain", "with EIP712Domain", "params with a JSON string"])
def test_typed_data_round_trips(machines, tmp_path, shape):
    typed = json.loads(json.dumps(TYPED))
    if shape != "without EIP712Domain":
        typed["types"]["EIP712Domain"] = [{"name": "name", "type": "string"}, {"name": "version", "type": "string"},
                                          {"name": "chainId", "type": "uint256"}, {"name": "verifyingContract", "type": "address"}]
    artifact = json.dumps([ADDRESS, json.dumps(typed)]) if shape.startswith("params") else json.dumps(typed)
    final = round_trip(machines, tmp_path, artifact)
    signature = bytes.fromhex(final["signatures"][0][2:] if "signatures" in final else final["signature"][2:])
    assert Account.recover_message(encode_typed_data(full_message=TYPED), signature=signature) == ADDRESS


@pytest.mark.parametrize("artifact, phrase", [
    (json.dumps({"chainId": 5, "nonce": 0, "gas": 21000, "gasPrice": 1, "to": ADDRESS, "value": 0}), "eip155:5"),
    (json.dumps({"chainId": 1, "nonce": 0, "gas": 21000, "gasPrice": 1, "to": ADDRESS, "value": 0,
                 "from": "0x4242424242424242424242424242424242424242"}), "not one of your Ethereum accounts"),
    (json.dumps({"chainId": 1, "nonce": 0, "gas": 21000, "gasPrice": 1, "maxFeePerGas": 2, "maxPriorityFeePerGas": 1}), "maxPriorityFeePerGas instead"),
    (json.dumps({"chainId": 1, "nonce": 0, "gas": 21000, "gasPrice": 1, "bogus": 1}), "bogus"),
    ("hello", "not a form import reads"),
])
def test_bad_artifacts_are_refused(machines, tmp_path, artifact, phrase):
    env, _ = machines
    source = tmp_path / "bad.in"
    source.write_text(artifact)
    before = run("airsign-watch", "requests", "list", env=env).stdout
    out = run("airsign-watch", "import", str(source), "--out", str(tmp_path / "bad.req"), env=env)
    assert out.returncode == 3, out.stderr
    errors = [line for line in out.stderr.splitlines() if "error:" in line]
    assert len(errors) == 1 and phrase in errors[0], out.stderr
    assert not (tmp_path / "bad.req").exists()
    assert run("airsign-watch", "requests", "list", env=env).stdout == before
