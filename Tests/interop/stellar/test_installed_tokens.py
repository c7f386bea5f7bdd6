"""SEP-41 tokens installed on the signer, through the built programs: `airsign-watch stellar
token transfer --token C…` builds a transfer of a contract that is no Stellar Asset Contract
(simulated by the fixture RPC server, rpc_fixture.py); `airsign-signer` reviews its amount as a
plain integer until the person runs `token add --network stellar:testnet C… SYMBOL DECIMALS`,
then in whole tokens with the symbol, marked as the signer's table; a token installed for
pubnet names nothing on testnet; the signature equals stellar-sdk's; a knowledge file changed
on disk is refused at `sign` and nothing is written.
"""
import json

import pytest
from stellar_sdk import Keypair, StrKey, TransactionEnvelope

from rpc_fixture import FixtureRPC
from test_horizon_e2e import ACCOUNT0, ACCOUNT2, PASSPHRASE, PHRASE, machines, unwrapped  # noqa: F401  (machines is a fixture)

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

# Any 32 bytes are a contract id; this one is no asset's Stellar Asset Contract.
TOKEN = StrKey.encode_contract(bytes(range(1, 33)))


def build_transfer(machines, tmp_path):
    with FixtureRPC(PASSPHRASE) as rpc:
        rpc.add_account(ACCOUNT0, 4_294_967_296)
        request = tmp_path / "request.json"
        machines.watch("stellar", "token", "transfer", "--token", TOKEN, "--decimals", "6", "--to", ACCOUNT2, "--amount", "2.5",
                       "--from", ACCOUNT0, "--network", "testnet", "--rpc", rpc.url, "--out", str(request))
        return request


def review(machines, request):
    out = machines.signer("inspect", str(request))
    return unwrapped(out.stderr)


def test_an_installed_token_is_named_on_its_network_only(machines, tmp_path):
    request = build_transfer(machines, tmp_path)
    plain = review(machines, request)
    assert "argument 3 (i128) 2500000" in " ".join(plain.split()), plain
    assert "TST" not in plain

    pin = ["--pin-file", str(machines.pin)]
    added = machines.signer("token", "add", "--network", "stellar:testnet", TOKEN, "TST", "6", "--name", "Test token", *pin)
    assert f"TST (Test token), 6 decimals, {TOKEN} on stellar:testnet" in added.stderr, added.stderr
    listed = json.loads(machines.signer("token", "list", "--network", "stellar:testnet", "--json").stdout)
    assert listed == [{"network": "stellar:testnet", "address": TOKEN, "symbol": "TST", "decimals": 6, "name": "Test token", "installed": True}]
    assert json.loads(machines.signer("token", "list", "--chain-id", "1", "--json").stdout) == []

    named = review(machines, request)
    assert "2.5 TST (2500000 base units) [signer's table]" in named, named
    assert f"{TOKEN} (not in your contacts), token TST (installed on this signer, 6 decimals) [signer's table]" in named, named

    # Signed with the token installed: the signature is stellar-sdk's own of the same envelope.
    response = tmp_path / "response.json"
    machines.signer("sign", str(request), "--yes", *pin, "--out", str(response))
    final = tmp_path / "final.json"
    machines.watch("finalize", str(response), "--out", str(final))
    payload = json.loads(request.read_text())["payload"]
    sdk = TransactionEnvelope.from_xdr(payload["envelope"], PASSPHRASE)
    sdk.sign(Keypair.from_mnemonic_phrase(PHRASE, index=0))
    assert json.loads(final.read_text())["result"]["envelope"] == sdk.to_xdr()

    # The same contract id registered for pubnet only says nothing about testnet's contract.
    machines.signer("token", "remove", "--network", "stellar:testnet", TOKEN, *pin)
    machines.signer("token", "add", "--network", "stellar:pubnet", TOKEN, "PUB", "6", *pin)
    elsewhere = review(machines, request)
    assert "PUB" not in elsewhere and "argument 3 (i128) 2500000" in " ".join(elsewhere.split()), elsewhere


def test_a_changed_knowledge_file_is_refused_at_sign(machines, tmp_path):
    request = build_transfer(machines, tmp_path)
    pin = ["--pin-file", str(machines.pin)]
    machines.signer("token", "add", "--network", "stellar:testnet", TOKEN, "TST", "6", *pin)
    store = tmp_path / "signer" / "ethereum-knowledge.json"
    # Six decimals become two, in the form airsign-signer writes: it parses, its seal fails.
    store.write_text(store.read_text().replace('"decimals":6', '"decimals":2'))
    response = tmp_path / "response.json"
    refused = machines.signer("sign", str(request), "--yes", *pin, "--out", str(response), check=False)
    assert refused.returncode != 0 and "does not match its PIN seal" in refused.stderr and "nothing was signed" in refused.stderr, refused.stderr
    assert not response.exists()


def test_token_arguments_are_checked(machines, tmp_path):
    pin = ["--pin-file", str(machines.pin)]
    for args, message in [
        (["--network", "stellar:mainnet", TOKEN, "TST", "6"], "stellar:pubnet, stellar:testnet or stellar:futurenet"),
        (["--network", "stellar:testnet", ACCOUNT0, "TST", "6"], "a token is a contract"),
        (["--network", "stellar:testnet", TOKEN, "TST", "39"], "at most 38"),
        (["--network", "stellar:testnet", "--chain-id", "1", TOKEN, "TST", "6"], "give one"),
        ([TOKEN, "TST", "6"], "--chain-id N (Ethereum) or --network"),
    ]:
        out = machines.signer("token", "add", *args, *pin, check=False)
        assert out.returncode == 3 and message in out.stderr, (args, out.stderr)
    # A symbol that could pass for another is shown escaped, as for Ethereum tokens.
    added = machines.signer("token", "add", "--network", "stellar:testnet", TOKEN, "U\u0421DT", "6", *pin)
    assert "U\\u{421}DT" in added.stderr, added.stderr
