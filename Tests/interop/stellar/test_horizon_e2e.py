"""End to end through the built programs and a local fixture Horizon (horizon_fixture.py):

`airsign-watch stellar payment --horizon` (sequence and base fee read from it) → the request as a
QR PNG → `airsign-signer sign --scan` from a keystore of SEP-5's first public test phrase →
`airsign-watch finalize` → `airsign-watch stellar submit`, which the fixture checks with
stellar-sdk (signatures against the account's signers, the sequence number) and accepts; the same
envelope again reports tx_bad_seq. Multisig: two signers' responses merged, then submitted; one
signature alone reports tx_bad_auth. Crafted responses (another id, an edited envelope, another
key's signature, an envelope of another transaction) are refused by `stellar submit` with exit 3
before the fixture receives anything. A signed set_options: stellar-sdk decodes the signed
envelope and its fields are exactly what the review showed, the account-control warning included.
"""
import json
import os
import uuid
from pathlib import Path

import pytest
from stellar_sdk import Keypair, Network, TransactionEnvelope, parse_transaction_envelope_from_xdr, xdr
from stellar_sdk.sep.stellar_uri import TransactionStellarUri

from conftest import run_program, unwrapped
from horizon_fixture import FixtureHorizon, horizon_name

# parse_transaction_envelope_from_xdr is deprecated in stellar-sdk but reads any envelope.
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

# SEP-5 test 1 (stellar-protocol ecosystem/sep-0005.md): public test phrase and accounts 0, 1, 2.
PHRASE = "illness spike retreat truth genius clock brain pass fit cave bargain toe"
ACCOUNT0 = "GDRXE2BQUC3AZNPVFSCEZ76NJ3WWL25FYFK6RGZGIEKWE4SOOHSUJUJ6"
ACCOUNT1 = "GBAW5XGWORWVFE2XTJYDTLDHXTY2Q2MO73HYCGB3XMFMQ562Q2W2GJQX"
ACCOUNT2 = "GAY5PRAHJ2HIYBYCLZXTHID6SPVELOOYH2LBPH3LD4RUMXUW3DOYTLXW"
PASSPHRASE = Network.TESTNET_NETWORK_PASSPHRASE
BALANCE = "00000000" + "da0d57da7d4850e7fc10d2a9d0ebc731f7afb40574c03395b17d49149b91f5be"


class Machines:
    """A signer home with the phrase's accounts 0 and 1 on testnet, and a watch that holds them."""

    def __init__(self, tmp: Path):
        self.tmp = tmp
        self.env = dict(os.environ, AIRSIGN_SIGNER_HOME=str(tmp / "signer"), AIRSIGN_WATCH_HOME=str(tmp / "watch"))
        self.pin = tmp / "pin"
        self.pin.write_text("correct horse battery\n")
        self.pin.chmod(0o600)
        phrase = tmp / "phrase"
        phrase.write_text(PHRASE + "\n")
        phrase.chmod(0o600)
        pin = ["--pin-file", str(self.pin)]
        self.signer("init", "--kdf", "interactive", *pin)
        self.signer("key", "import", "sep5", "--kind", "phrase", "--from", str(phrase), *pin)
        self.signer("account", "add", "sep5", "--chain", "stellar", "--network", "testnet", *pin)
        self.signer("account", "add", "sep5", "--chain", "stellar", "--index", "1", "--network", "testnet", *pin)
        self.signer("account", "export", "sep5", "--out", str(tmp / "accounts.jsonl"))
        self.watch("account", "import", str(tmp / "accounts.jsonl"))

    def run(self, program, *args, check=True):
        return run_program(program, *args, env=self.env, check=check)

    def signer(self, *args, check=True):
        return self.run("airsign-signer", *args, check=check)

    def watch(self, *args, check=True):
        return self.run("airsign-watch", *args, check=check)


@pytest.fixture
def machines(tmp_path):
    return Machines(tmp_path)


def test_payment_through_qr_signed_finalized_submitted(machines, tmp_path):
    with FixtureHorizon(PASSPHRASE, base_fee=250) as horizon:
        horizon.add_account(ACCOUNT0, sequence=4_294_967_296)
        qr = tmp_path / "request.png"
        sep7 = tmp_path / "uri.txt"
        machines.watch("stellar", "payment", "--from", ACCOUNT0, "--network", "testnet", "--horizon", horizon.url,
                       "--to", ACCOUNT2, "--amount", "12.5", "--memo-text", "rent", "--valid-until", "+1h", "--qr", str(qr),
                       "--sep7", str(sep7))
        assert qr.exists()
        # The SEP-7 URI of the same unsigned transaction, as stellar-sdk reads it.
        uri = TransactionStellarUri.from_uri(sep7.read_text().strip(), PASSPHRASE)
        assert uri.network_passphrase == PASSPHRASE and uri.pubkey == ACCOUNT0
        assert uri.transaction_envelope.transaction.sequence == 4_294_967_297
        assert uri.transaction_envelope.transaction.operations[0].amount == "12.5"
        response = tmp_path / "response.json"
        signed = machines.signer("sign", "--scan", str(qr), "--yes", "--pin-file", str(machines.pin), "--out", str(response))
        assert "pay 12.5 XLM to " + ACCOUNT2 in unwrapped(signed.stderr)
        assert "sequence  4294967297" in signed.stderr
        final = tmp_path / "final.json"
        machines.watch("finalize", str(response), "--out", str(final))

        # stellar-sdk reads what the signer produced: the envelope we built, our signature, valid.
        result = json.loads(final.read_text())["result"]
        envelope = parse_transaction_envelope_from_xdr(result["envelope"], PASSPHRASE)
        assert envelope.transaction.sequence == 4_294_967_297
        assert envelope.transaction.fee == 250
        assert envelope.hash_hex() == result["hash"]
        Keypair.from_public_key(ACCOUNT0).verify(envelope.hash(), envelope.signatures[0].signature)

        submitted = machines.watch("stellar", "submit", str(final), "--horizon", horizon.url)
        report = json.loads(submitted.stdout)
        assert report == {"hash": result["hash"], "ledger": 1001, "result": "tx_success"}
        assert horizon.accounts[ACCOUNT0]["sequence"] == 4_294_967_297

        # The same transaction again: its sequence number is used up.
        again = machines.watch("stellar", "submit", str(final), "--horizon", horizon.url, check=False)
        assert again.returncode == 9, again.stderr
        assert "tx_bad_seq" in again.stderr


def test_multisig_responses_merged_and_submitted(machines, tmp_path):
    with FixtureHorizon(PASSPHRASE) as horizon:
        # Account 0 needs weight 2: its own key and account 1's.
        horizon.add_account(ACCOUNT0, sequence=70, signers={ACCOUNT0: 1, ACCOUNT1: 1}, med_threshold=2)
        requests = tmp_path / "requests.jsonl"
        machines.watch("stellar", "payment", "--from", ACCOUNT0, "--network", "testnet", "--horizon", horizon.url,
                       "--to", ACCOUNT2, "--amount", "1", "--signer", ACCOUNT0, "--signer", ACCOUNT1, "--out", str(requests))
        assert len(requests.read_text().splitlines()) == 2
        responses = tmp_path / "responses.jsonl"
        machines.signer("sign", str(requests), "--yes", "--pin-file", str(machines.pin), "--out", str(responses))
        final = tmp_path / "final.jsonl"
        machines.watch("finalize", str(responses), "--out", str(final))
        lines = final.read_text().splitlines()
        first, second = tmp_path / "a.json", tmp_path / "b.json"
        first.write_text(lines[0] + "\n")
        second.write_text(lines[1] + "\n")

        # One signature is not enough for the account's threshold.
        alone = machines.watch("stellar", "submit", str(first), "--horizon", horizon.url, check=False)
        assert alone.returncode == 9 and "tx_bad_auth" in alone.stderr, alone.stderr

        merged = tmp_path / "merged.b64"
        machines.watch("stellar", "merge", str(first), str(second), str(first), "--out", str(merged))
        envelope = parse_transaction_envelope_from_xdr(merged.read_text().strip(), PASSPHRASE)
        assert len(envelope.signatures) == 2
        for account in [ACCOUNT0, ACCOUNT1]:
            keypair = Keypair.from_public_key(account)
            signature = next(s for s in envelope.signatures if s.signature_hint == keypair.signature_hint())
            keypair.verify(envelope.hash(), signature.signature)

        submitted = machines.watch("stellar", "submit", str(merged), "--horizon", horizon.url)
        assert json.loads(submitted.stdout)["result"] == "tx_success"
        assert horizon.accounts[ACCOUNT0]["sequence"] == 71


def test_merge_refuses_responses_of_different_transactions(machines, tmp_path):
    with FixtureHorizon(PASSPHRASE) as horizon:
        horizon.add_account(ACCOUNT0, sequence=5)
        paths = []
        for amount in ["1", "2"]:
            request = tmp_path / f"request{amount}.json"
            machines.watch("stellar", "payment", "--from", ACCOUNT0, "--network", "testnet", "--horizon", horizon.url,
                           "--to", ACCOUNT2, "--amount", amount, "--out", str(request))
            response = tmp_path / f"response{amount}.json"
            machines.signer("sign", str(request), "--yes", "--pin-file", str(machines.pin), "--out", str(response))
            paths.append(str(response))
        out = tmp_path / "merged.b64"
        refused = machines.watch("stellar", "merge", *paths, "--out", str(out), check=False)
        assert refused.returncode == 3 and "signs another transaction" in refused.stderr, refused.stderr
        assert not out.exists()


def test_every_transaction_result_code_is_named_as_horizon_names_it(machines, tmp_path):
    """Each rejection's result XDR (built by stellar-sdk) is decoded by `stellar submit` to the
    name Horizon gives the code, derived here from stellar-sdk's enum."""
    with FixtureHorizon(PASSPHRASE) as horizon:
        horizon.add_account(ACCOUNT0, sequence=5)
        request = tmp_path / "request.json"
        machines.watch("stellar", "bump-sequence", "--to", "9", "--from", ACCOUNT0, "--network", "testnet", "--horizon", horizon.url,
                       "--out", str(request))
        response = tmp_path / "response.json"
        machines.signer("sign", str(request), "--yes", "--pin-file", str(machines.pin), "--out", str(response))
        codes = [c for c in xdr.TransactionResultCode if c.value < 0 and c not in (
            xdr.TransactionResultCode.txFAILED, xdr.TransactionResultCode.txFEE_BUMP_INNER_FAILED)]
        assert len(codes) >= 15
        for code in codes:
            horizon.force_code = code
            out = machines.watch("stellar", "submit", str(response), "--horizon", horizon.url, check=False)
            assert out.returncode == 9, out.stderr
            assert f"rejected: {horizon_name(code)}" in out.stderr, (code, out.stderr)


def test_watch_builders_make_the_envelope_stellar_sdk_builds(machines, tmp_path):
    """`stellar build` with one operation of every type the watch builds (and each dedicated
    subcommand once) gives byte for byte the envelope stellar-sdk's TransactionBuilder makes from
    the same parameters."""
    from stellar_sdk import Account, Asset, Price, Signer, TransactionBuilder
    from stellar_sdk.operation.set_options import AuthorizationFlag

    usd = Asset("USD", ACCOUNT1)
    euro = Asset("EUROTOKEN", ACCOUNT2)
    muxed = "MAAAAAAAAAAAJURAAB2X52XFQP6FBXLGT6LWOOWMEXWHEWBDVRZ7V5WH34Y22MPFBHUHY"
    ops = [
        (f"payment to={ACCOUNT2} amount=12.5", lambda b: b.append_payment_op(ACCOUNT2, Asset.native(), "12.5")),
        (f"payment to={muxed} amount=0.0000001 asset=USD:{ACCOUNT1} source={ACCOUNT1}",
         lambda b: b.append_payment_op(muxed, usd, "0.0000001", source=ACCOUNT1)),
        (f"create-account to={ACCOUNT2} amount=1.5", lambda b: b.append_create_account_op(ACCOUNT2, "1.5")),
        (f"change-trust asset=EUROTOKEN:{ACCOUNT2}", lambda b: b.append_change_trust_op(euro)),
        (f"change-trust asset=USD:{ACCOUNT1} limit=1000.25", lambda b: b.append_change_trust_op(usd, "1000.25")),
        (f"path-payment-strict-send to={ACCOUNT2} send-asset=native send-amount=10 dest-asset=USD:{ACCOUNT1} dest-min=9.5 path=EUROTOKEN:{ACCOUNT2}",
         lambda b: b.append_path_payment_strict_send_op(ACCOUNT2, Asset.native(), "10", usd, "9.5", [euro])),
        (f"path-payment-strict-receive to={ACCOUNT2} send-asset=USD:{ACCOUNT1} send-max=3 dest-asset=native dest-amount=2",
         lambda b: b.append_path_payment_strict_receive_op(ACCOUNT2, usd, "3", Asset.native(), "2", [])),
        ("manage-data name=invoice value=42", lambda b: b.append_manage_data_op("invoice", b"42")),
        ("manage-data name=old", lambda b: b.append_manage_data_op("old", None)),
        (f"set-options home-domain=example.com master-weight=2 low-threshold=1 med-threshold=2 high-threshold=3 "
         f"set-flags=auth-required,clawback-enabled clear-flags=2 signer={ACCOUNT1}:1",
         lambda b: b.append_set_options_op(
             home_domain="example.com", master_weight=2, low_threshold=1, med_threshold=2, high_threshold=3,
             set_flags=AuthorizationFlag.AUTHORIZATION_REQUIRED | AuthorizationFlag.AUTHORIZATION_CLAWBACK_ENABLED,
             clear_flags=2, signer=Signer.ed25519_public_key(ACCOUNT1, 1))),
        (f"account-merge to={ACCOUNT2}", lambda b: b.append_account_merge_op(ACCOUNT2)),
        ("bump-sequence to=123456789012", lambda b: b.append_bump_sequence_op(123456789012)),
        (f"manage-sell-offer selling=native buying=USD:{ACCOUNT1} amount=100 price=0.25",
         lambda b: b.append_manage_sell_offer_op(Asset.native(), usd, "100", "0.25")),
        (f"manage-buy-offer selling=USD:{ACCOUNT1} buying=native amount=0 price=3/7 offer-id=12345",
         lambda b: b.append_manage_buy_offer_op(usd, Asset.native(), "0", Price(3, 7), offer_id=12345)),
        (f"create-passive-sell-offer selling=EUROTOKEN:{ACCOUNT2} buying=native amount=1.2345678 price=1.5",
         lambda b: b.append_create_passive_sell_offer_op(euro, Asset.native(), "1.2345678", "1.5")),
        (f"claim-claimable-balance id={BALANCE}", lambda b: b.append_claim_claimable_balance_op(BALANCE)),
    ]
    request = tmp_path / "request.json"
    args = ["stellar", "build", "--from", ACCOUNT0, "--network", "testnet", "--seq", "4294967297", "--fee", "150",
            "--memo-id", "18446744073709551615", "--valid-until", "1900000000", "--out", str(request)]
    for text, _ in ops:
        args += ["--op", text]
    machines.watch(*args)
    ours = json.loads(request.read_text())["payload"]["envelope"]

    builder = TransactionBuilder(Account(ACCOUNT0, 4294967296), PASSPHRASE, base_fee=150)
    builder.add_id_memo(18446744073709551615).add_time_bounds(0, 1900000000)
    for _, add in ops:
        add(builder)
    assert ours == builder.build().to_xdr()

    # The dedicated subcommands build the same operations as their --op forms.
    for command, sdk in [
        (["payment", "--to", ACCOUNT2, "--amount", "7", "--asset", f"USD:{ACCOUNT1}"], lambda b: b.append_payment_op(ACCOUNT2, usd, "7")),
        (["create-account", "--to", ACCOUNT2, "--starting-balance", "2"], lambda b: b.append_create_account_op(ACCOUNT2, "2")),
        (["change-trust", "--asset", f"USD:{ACCOUNT1}", "--limit", "0"], lambda b: b.append_change_trust_op(usd, "0")),
        (["path-payment", "--strict-receive", "--to", ACCOUNT2, "--send-asset", "native", "--send-max", "5", "--dest-asset",
          f"USD:{ACCOUNT1}", "--dest-amount", "1"], lambda b: b.append_path_payment_strict_receive_op(ACCOUNT2, Asset.native(), "5", usd, "1", [])),
        (["manage-data", "--name", "k", "--value", "v"], lambda b: b.append_manage_data_op("k", b"v")),
        (["set-options", "--set-signer", f"{ACCOUNT2}:0"], lambda b: b.append_set_options_op(signer=Signer.ed25519_public_key(ACCOUNT2, 0))),
        (["account-merge", "--to", ACCOUNT1], lambda b: b.append_account_merge_op(ACCOUNT1)),
        (["bump-sequence", "--to", "77"], lambda b: b.append_bump_sequence_op(77)),
    ]:
        machines.watch("stellar", *command, "--from", ACCOUNT0, "--network", "testnet", "--seq", "11", "--memo-text", "hi",
                       "--out", str(request))
        builder = TransactionBuilder(Account(ACCOUNT0, 10), PASSPHRASE, base_fee=100).add_text_memo("hi")
        sdk(builder)
        transaction = builder.build()
        # stellar-sdk always writes time bounds (0, 0 without a timeout); the watch writes none.
        transaction.transaction.preconditions = None
        assert json.loads(request.read_text())["payload"]["envelope"] == transaction.to_xdr(), command


def test_submit_sends_nothing_that_does_not_verify_against_the_stored_request(machines, tmp_path):
    """Each crafted input is what an attacker between the machines could hand the watch; each is
    refused with exit 3 and the fixture Horizon never sees it. The genuine response then goes."""
    with FixtureHorizon(PASSPHRASE) as horizon:
        horizon.add_account(ACCOUNT0, sequence=5)
        request = tmp_path / "request.json"
        machines.watch("stellar", "payment", "--from", ACCOUNT0, "--network", "testnet", "--horizon", horizon.url,
                       "--to", ACCOUNT2, "--amount", "1", "--out", str(request))
        response = tmp_path / "response.json"
        machines.signer("sign", str(request), "--yes", "--pin-file", str(machines.pin), "--out", str(response))
        good = json.loads(response.read_text())

        # The signed envelope with the payment raised to 1000 XLM, re-signed with the account's
        # real key (the worst case: a valid signature of a transaction the watch never issued).
        edited = parse_transaction_envelope_from_xdr(good["result"]["envelope"], PASSPHRASE)
        edited.transaction.operations[0].amount = "1000"
        edited.signatures = []
        edited.sign(Keypair.from_mnemonic_phrase(PHRASE, index=0))
        other_key = Keypair.from_mnemonic_phrase(PHRASE, index=1)
        original = parse_transaction_envelope_from_xdr(good["result"]["envelope"], PASSPHRASE)
        crafted = {
            "unknown id": (dict(good, id=str(uuid.uuid4())), "no stored request has the id"),
            "edited envelope": (dict(good, result=dict(good["result"], envelope=edited.to_xdr())),
                                "result.envelope is not that of the requested transaction"),
            "another key's signature": ({"airsign": "sign-response", "version": 1, "id": good["id"],
                                         "signature": other_key.sign(original.hash()).hex()},
                                        f"is not {ACCOUNT0}'s signature of this transaction"),
        }
        for name, (message, reason) in crafted.items():
            path = tmp_path / "crafted.json"
            path.write_text(json.dumps(message, sort_keys=True, separators=(",", ":")) + "\n")
            out = machines.watch("stellar", "submit", str(path), "--horizon", horizon.url, check=False)
            assert out.returncode == 3, (name, out.stderr)
            assert reason in out.stderr and out.stderr.endswith("; nothing was sent\n"), (name, out.stderr)
        # A bare envelope of the edited transaction, validly signed: not a transaction the watch issued.
        path = tmp_path / "edited.b64"
        path.write_text(edited.to_xdr() + "\n")
        out = machines.watch("stellar", "submit", str(path), "--horizon", horizon.url, check=False)
        assert out.returncode == 3 and "not one this watch issued a request for" in out.stderr, out.stderr
        assert horizon.submitted == []

        submitted = machines.watch("stellar", "submit", str(response), "--horizon", horizon.url)
        assert json.loads(submitted.stdout)["result"] == "tx_success"
        assert horizon.submitted == [good["result"]["envelope"]]


def test_set_options_review_shows_what_the_signed_envelope_holds(machines, tmp_path):
    """A signer added with weight 5, the master key turned off, thresholds and flags changed: the
    review's operation line, account-control warning and hash are rebuilt here from what
    stellar-sdk decodes out of the signed envelope, and must appear in the review as shown."""
    request = tmp_path / "request.json"
    machines.watch("stellar", "set-options", "--from", ACCOUNT0, "--network", "testnet", "--seq", "8",
                   "--set-signer", f"{ACCOUNT2}:5", "--master-weight", "0", "--low-threshold", "1",
                   "--med-threshold", "5", "--high-threshold", "5", "--set-flags", "auth-revocable",
                   "--clear-flags", "auth-required", "--out", str(request))
    response = tmp_path / "response.json"
    signed = machines.signer("sign", str(request), "--yes", "--pin-file", str(machines.pin), "--out", str(response))
    review = unwrapped(signed.stderr)

    result = json.loads(response.read_text())["result"]
    envelope: TransactionEnvelope = parse_transaction_envelope_from_xdr(result["envelope"], PASSPHRASE)
    Keypair.from_public_key(ACCOUNT0).verify(envelope.hash(), envelope.signatures[0].signature)
    tx = envelope.transaction
    (op,) = tx.operations
    signer = op.signer.signer_key.encoded_signer_key
    flag_names = {1: "auth required", 2: "auth revocable", 4: "auth immutable", 8: "clawback enabled"}

    def flags(value):
        value = int(value)
        return f"{value} [" + ", ".join(name for bit, name in flag_names.items() if value & bit) + "]"

    assert (f"operation 1/1 set options: clear flags {flags(op.clear_flags)}; set flags {flags(op.set_flags)}; "
            f"master key weight {op.master_weight}; low threshold {op.low_threshold}; medium threshold {op.med_threshold}; "
            f"high threshold {op.high_threshold}; signer {signer} with weight {op.signer.weight}") in review, review
    assert op.master_weight == 0 and int(op.set_flags) == 2 and int(op.clear_flags) == 1
    assert (f"warning   account control changes (operation 1, account {tx.source.account_id}): master key disabled "
            f"(weight 0): it can no longer sign for the account; signer {signer} may sign with weight {op.signer.weight}; "
            f"thresholds set: low {op.low_threshold}, medium {op.med_threshold}, high {op.high_threshold}; "
            "flags set: auth revocable (the issuer may freeze holders' balances); flags cleared: auth required "
            "(anyone may hold the issuer's assets without authorization); Airsign cannot see the account's current "
            "signers and thresholds offline: any weight may be enough to control it") in review, review
    assert f"    signer    {signer} (not in your contacts)" in review
    assert f"sequence  {tx.sequence}" in review and f"hash      {envelope.hash_hex()}" in review
    assert result["hash"] == envelope.hash_hex()
