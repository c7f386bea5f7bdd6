"""End to end through the built programs and a local fixture Horizon (horizon_fixture.py):

`airsign-watch stellar payment --horizon` (sequence and base fee read from it) → the request as a
QR PNG → `airsign-signer sign --scan` from a keystore of SEP-5's first public test phrase →
`airsign-watch finalize` → `airsign-watch stellar submit`, which the fixture checks with
stellar-sdk (signatures against the account's signers, the sequence number) and accepts; the same
envelope again reports tx_bad_seq. Multisig: two signers' responses merged, then submitted; one
signature alone reports tx_bad_auth.
"""
import json
import os
import subprocess
from pathlib import Path

import pytest
from stellar_sdk import Keypair, Network, parse_transaction_envelope_from_xdr, xdr
from stellar_sdk.sep.stellar_uri import TransactionStellarUri

from horizon_fixture import FixtureHorizon, horizon_name

# parse_transaction_envelope_from_xdr is deprecated in stellar-sdk but reads any envelope.
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

ROOT = Path(__file__).resolve().parents[3]
# SEP-5 test 1 (stellar-protocol ecosystem/sep-0005.md): public test phrase and accounts 0, 1, 2.
PHRASE = "illness spike retreat truth genius clock brain pass fit cave bargain toe"
ACCOUNT0 = "GDRXE2BQUC3AZNPVFSCEZ76NJ3WWL25FYFK6RGZGIEKWE4SOOHSUJUJ6"
ACCOUNT1 = "GBAW5XGWORWVFE2XTJYDTLDHXTY2Q2MO73HYCGB3XMFMQ562Q2W2GJQX"
ACCOUNT2 = "GAY5PRAHJ2HIYBYCLZXTHID6SPVELOOYH2LBPH3LD4RUMXUW3DOYTLXW"
PASSPHRASE = Network.TESTNET_NETWORK_PASSPHRASE


def bin_dir() -> Path:
    env = os.environ.get("AIRSIGN_BIN_DIR")
    if env:
        return Path(env)
    out = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True, text=True)
    return Path(out.stdout.strip())


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
        out = subprocess.run([str(bin_dir() / program), *args], env=self.env, capture_output=True, text=True, timeout=300)
        if check:
            assert out.returncode == 0, f"{program} {' '.join(args)} exited {out.returncode}: {out.stderr}"
        return out

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
        assert "pay 12.5 XLM to " + ACCOUNT2 in signed.stderr
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
