"""Soroban end to end through the built programs and a local fixture Stellar RPC server
(rpc_fixture.py: the documented reply shapes, XDR built by stellar-sdk 16.1.1):

- `airsign-watch stellar token transfer --asset native --rpc`: the sequence number read with
  getLedgerEntries, the transaction simulated (footprint, resources, resource fee, the
  authorization) → `airsign-signer sign` (the review names the Stellar Asset Contract of XLM,
  the amount, the fee split) → `finalize` → `stellar submit --rpc` (sendTransaction, then
  getTransaction polled past NOT_FOUND to SUCCESS, the call's return value and fees read from
  the result and meta). stellar-sdk reads the signed envelope; our
  signature is stellar-sdk's own of the same envelope; the SEP-7 URI of the transaction is read
  by stellar-sdk and reviewed by the signer.
- A call whose authorization belongs to another account: `stellar authorize` issues it on its
  own, the signer signs it (equal to `stellar_sdk.auth.authorize_entry` for the same entry,
  key, expiration and network), then the call is built with that entry (`invoke --auth`,
  arguments as stellar-xdr JSON), signed by the source and accepted by the fixture, which
  verifies both signatures.
- `stellar extend-ttl` and `stellar restore` simulated, signed and submitted; pool deposit
  and withdraw built and reviewed by their assets.
"""
import json

import pytest
from stellar_sdk import Address, Asset, Keypair, Network, Operation, TransactionEnvelope, parse_transaction_envelope_from_xdr, scval, xdr as x
from stellar_sdk.auth import authorize_entry
from stellar_sdk.sep.stellar_uri import TransactionStellarUri

from rpc_fixture import FEES, RESOURCE_FEE, RETURN_VALUE, FixtureRPC
from test_horizon_e2e import ACCOUNT0, ACCOUNT1, ACCOUNT2, PASSPHRASE, PHRASE, machines, unwrapped  # noqa: F401  (machines is a fixture)

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

NATIVE_SAC = Asset.native().contract_id(PASSPHRASE)


def sign_and_finalize(machines, tmp_path, request, name):
    response = tmp_path / f"{name}-response.json"
    signed = machines.signer("sign", str(request), "--yes", "--pin-file", str(machines.pin), "--out", str(response))
    final = tmp_path / f"{name}-final.json"
    machines.watch("finalize", str(response), "--out", str(final))
    return unwrapped(signed.stderr), final


def test_token_transfer_simulated_signed_sent_and_polled(machines, tmp_path):
    with FixtureRPC(PASSPHRASE) as rpc:
        rpc.add_account(ACCOUNT0, 4_294_967_296)
        request, uri = tmp_path / "request.json", tmp_path / "uri.txt"
        built = machines.watch("stellar", "token", "transfer", "--asset", "native", "--to", ACCOUNT2, "--amount", "2.5",
                               "--from", ACCOUNT0, "--network", "testnet", "--rpc", rpc.url, "--out", str(request), "--sep7", str(uri))
        assert "resource fee 52381 stroops, 1 authorization(s)" in built.stderr and "the call returns void" in built.stderr, built.stderr
        assert rpc.calls == ["getLedgerEntries", "simulateTransaction"]
        payload = json.loads(request.read_text())["payload"]
        assert payload["assets"] == ["native"]
        unsigned = parse_transaction_envelope_from_xdr(payload["envelope"], PASSPHRASE)
        tx = unsigned.transaction
        assert tx.sequence == 4_294_967_297 and tx.fee == 100 + RESOURCE_FEE
        assert tx.soroban_data.resource_fee.int64 == RESOURCE_FEE
        call = tx.operations[0].host_function.invoke_contract
        assert Address.from_xdr_sc_address(call.contract_address).address == Address(NATIVE_SAC).address
        assert call.function_name.sc_symbol == b"transfer"
        assert [scval.to_native(a) for a in call.args][2] == 25_000_000

        # SEP-7: stellar-sdk reads the URI as the same transaction; the signer reviews it.
        sdk_uri = TransactionStellarUri.from_uri(uri.read_text().strip(), PASSPHRASE)
        assert sdk_uri.transaction_envelope.to_xdr() == payload["envelope"]
        inspected = machines.signer("inspect", str(uri))
        assert "Stellar Asset Contract" in unwrapped(inspected.stderr + inspected.stdout)

        review, final = sign_and_finalize(machines, tmp_path, request, "transfer")
        assert "Stellar Asset Contract of XLM" in review or "Stellar Asset Contract of native" in review, review
        assert "2.5 XLM" in review, review
        assert "transfer" in review
        result = json.loads(final.read_text())["result"]
        envelope = parse_transaction_envelope_from_xdr(result["envelope"], PASSPHRASE)
        # Our signature is stellar-sdk's own of the same envelope (Ed25519 is deterministic).
        sdk = TransactionEnvelope.from_xdr(payload["envelope"], PASSPHRASE)
        sdk.sign(Keypair.from_mnemonic_phrase(PHRASE, index=0))
        assert envelope.to_xdr() == sdk.to_xdr()

        submitted = machines.watch("stellar", "submit", str(final), "--rpc", rpc.url)
        report = json.loads(submitted.stdout)
        # The call's outcome read from the result and the stellar-sdk-built meta: status, the fee
        # charged, the return value as the review writes values; the resource fee split on stderr.
        assert report == {"hash": envelope.hash_hex(), "ledger": 2_552_991, "status": "SUCCESS", "result": "tx_success",
                          "feeCharged": str(tx.fee), "returnValue": f"u32 {RETURN_VALUE.u32.uint32}"}
        resource, rent = Operation.from_xdr_amount(FEES[0] + FEES[1]), Operation.from_xdr_amount(FEES[2])
        assert f"(resource fee {resource} XLM, rent {rent} XLM)" in submitted.stderr, submitted.stderr
        assert rpc.calls[-3:] == ["sendTransaction", "getTransaction", "getTransaction"]

        # The same transaction again: its sequence number is used up, rejected with the result decoded.
        again = machines.watch("stellar", "submit", str(final), "--rpc", rpc.url, check=False)
        assert again.returncode == 9 and "tx_bad_seq" in again.stderr, again.stderr


def test_authorization_of_another_account_signed_alone_then_carried(machines, tmp_path):
    with FixtureRPC(PASSPHRASE) as rpc:
        rpc.add_account(ACCOUNT0, 70)
        contract = Address(NATIVE_SAC).address
        args = tmp_path / "args.json"
        args.write_text(json.dumps([{"address": ACCOUNT1}, {"address": ACCOUNT2}, {"i128": "7"}]))
        # Built once to get the simulation's authorization for account 1.
        first = tmp_path / "first.json"
        machines.watch("stellar", "invoke", "--contract", contract, "--function", "transfer", "--args", str(args),
                       "--from", ACCOUNT0, "--network", "testnet", "--rpc", rpc.url, "--out", str(first))
        tx = parse_transaction_envelope_from_xdr(json.loads(first.read_text())["payload"]["envelope"], PASSPHRASE).transaction
        entry = tx.operations[0].auth[0]
        assert entry.credentials.type == x.SorobanCredentialsType.SOROBAN_CREDENTIALS_ADDRESS
        review = unwrapped(machines.signer("inspect", str(first)).stderr)
        assert "not signed yet" in review, review

        # Account 1 authorizes it on its own: equal to stellar-sdk's authorize_entry.
        auth_request = tmp_path / "auth.json"
        machines.watch("stellar", "authorize", "--entry", entry.to_xdr(), "--from", ACCOUNT1, "--network", "testnet",
                       "--out", str(auth_request))
        review, final = sign_and_finalize(machines, tmp_path, auth_request, "auth")
        assert "valid until ledger 2553090" in review, review
        signed_entry = json.loads(final.read_text())["result"]["entry"]
        expected = authorize_entry(entry, Keypair.from_mnemonic_phrase(PHRASE, index=1), 2_553_090, PASSPHRASE)
        assert signed_entry == expected.to_xdr()

        # The call again, carrying the signed entry; account 0 signs the transaction.
        request = tmp_path / "request.json"
        machines.watch("stellar", "invoke", "--contract", contract, "--function", "transfer", "--args", str(args),
                       "--auth", signed_entry, "--from", ACCOUNT0, "--network", "testnet", "--rpc", rpc.url, "--out", str(request))
        review, final = sign_and_finalize(machines, tmp_path, request, "call")
        submitted = machines.watch("stellar", "submit", str(final), "--rpc", rpc.url)
        assert json.loads(submitted.stdout)["result"] == "tx_success"

        # An authorization for another account than --from, or a source-account one: refused.
        refused = machines.watch("stellar", "authorize", "--entry", entry.to_xdr(), "--from", ACCOUNT0, "--network", "testnet",
                                 check=False)
        assert refused.returncode == 3 and "not --from" in refused.stderr, refused.stderr


def test_extend_ttl_and_restore_simulated_and_sent(machines, tmp_path):
    with FixtureRPC(PASSPHRASE) as rpc:
        rpc.add_account(ACCOUNT0, 9)
        contract = Address(NATIVE_SAC).address
        for name, command in [("extend", ["extend-ttl", "--extend-to", "100000"]), ("restore", ["restore"])]:
            request = tmp_path / f"{name}.json"
            machines.watch("stellar", *command, "--contract", contract, "--key", "symbol:Balance", "--from", ACCOUNT0,
                           "--network", "testnet", "--rpc", rpc.url, "--out", str(request))
            tx = parse_transaction_envelope_from_xdr(json.loads(request.read_text())["payload"]["envelope"], PASSPHRASE).transaction
            footprint = tx.soroban_data.resources.footprint
            keys = footprint.read_only if name == "extend" else footprint.read_write
            assert len(keys) == 2 and keys[1].contract_data.key == scval.to_symbol("Balance")
            review, final = sign_and_finalize(machines, tmp_path, request, name)
            assert "footprint" in review, review
            submitted = machines.watch("stellar", "submit", str(final), "--rpc", rpc.url)
            assert json.loads(submitted.stdout)["result"] == "tx_success"


def test_pool_deposit_and_withdraw_reviewed_by_their_assets(machines, tmp_path):
    usd = Asset("USD", ACCOUNT1)
    request = tmp_path / "pool.json"
    machines.watch("stellar", "pool", "deposit", "--asset-a", "native", "--asset-b", f"USD:{ACCOUNT1}", "--max-a", "10",
                   "--max-b", "20", "--min-price", "1/3", "--max-price", "0.5", "--op",
                   f"liquidity-pool-withdraw asset-a=native asset-b=USD:{ACCOUNT1} amount=1 min-a=0 min-b=0.5",
                   "--from", ACCOUNT0, "--network", "testnet", "--seq", "5", "--out", str(request))
    tx = parse_transaction_envelope_from_xdr(json.loads(request.read_text())["payload"]["envelope"], PASSPHRASE).transaction
    from stellar_sdk import LiquidityPoolAsset
    pool_id = LiquidityPoolAsset(Asset.native(), usd).liquidity_pool_id
    assert tx.operations[0].liquidity_pool_id == pool_id and tx.operations[1].liquidity_pool_id == pool_id
    review = unwrapped(machines.signer("inspect", str(request)).stderr)
    assert "USD" in review and "XLM" in review, review
    # The assets in the wrong order are refused, naming the order to use.
    refused = machines.watch("stellar", "pool", "withdraw", "--asset-a", f"USD:{ACCOUNT1}", "--asset-b", "native", "--amount", "1",
                             "--min-a", "0", "--min-b", "0", "--from", ACCOUNT0, "--network", "testnet", "--seq", "5", check=False)
    assert refused.returncode == 3 and "asset-a=native" in refused.stderr, refused.stderr
