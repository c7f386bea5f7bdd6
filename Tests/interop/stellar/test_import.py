"""`airsign-watch import` from the Stellar tools' side (issue 23 item 6): an envelope stellar-sdk
built, as base64 XDR (with --network) and as a SEP-7 `web+stellar:tx` link stellar-sdk wrote, goes
import → signer → finalize, and stellar-sdk reads the finalized envelope and verifies its
signature with the account's key over the transaction hash of the network. An envelope for an
account the watch lacks is refused with one line, nothing stored.
"""

import pytest
from stellar_sdk import Account, Asset, Keypair, Network, TransactionBuilder, TransactionEnvelope
from stellar_sdk.sep.stellar_uri import TransactionStellarUri

from conftest import import_sign_finalize, make_machines, run_program
from test_stellar import stroops

PHRASE = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"


run = run_program


@pytest.fixture(scope="module")
def machines(tmp_path_factory):
    """A signer with the phrase (its Stellar account m/44'/148'/0'), a watch that imported it."""
    env, pin, accounts = make_machines(tmp_path_factory.mktemp("stellar-import"), "main", "phrase", PHRASE)
    return env, pin, next(a["address"] for a in accounts if a["chain"] == "stellar")


def envelope(rng, source, passphrase):
    account = Account(source, rng.randrange(1, 10**12))
    builder = TransactionBuilder(account, network_passphrase=passphrase, base_fee=rng.randrange(100, 10_000))
    builder.append_payment_op(Keypair.from_raw_ed25519_seed(rng.randbytes(32)).public_key, Asset.native(), stroops(rng.randrange(1, 10**9)))
    builder.add_text_memo("import " + str(rng.randrange(1000)))
    return builder.set_timeout(300).build()


def round_trip(machines, tmp_path, artifact, *import_args):
    env, pin, _ = machines
    return import_sign_finalize(env, pin, tmp_path, artifact, import_args=import_args)


@pytest.mark.parametrize("form", ["xdr testnet", "xdr pubnet", "sep7 testnet", "sep7 pubnet"])
def test_stellar_sdk_envelopes_round_trip(machines, tmp_path, rng, form):
    _, _, address = machines
    kind, network = form.split()
    passphrase = Network.TESTNET_NETWORK_PASSPHRASE if network == "testnet" else Network.PUBLIC_NETWORK_PASSPHRASE
    built = envelope(rng, address, passphrase)
    if kind == "xdr":
        final = round_trip(machines, tmp_path, built.to_xdr() + "\n", "--network", network)
    else:
        uri = TransactionStellarUri(built, network_passphrase=None if network == "pubnet" else passphrase).to_uri()
        final = round_trip(machines, tmp_path, uri)
    signed = TransactionEnvelope.from_xdr(final["result"]["envelope"], passphrase)
    assert signed.transaction.to_xdr_object().to_xdr() == built.transaction.to_xdr_object().to_xdr()
    assert len(signed.signatures) == 1
    Keypair.from_public_key(address).verify(signed.hash(), signed.signatures[0].signature)
    assert final["result"]["hash"] == signed.hash_hex()


def test_an_envelope_for_another_account_is_refused(machines, tmp_path, rng):
    env, _, _ = machines
    source = tmp_path / "other.txt"
    source.write_text(envelope(rng, Keypair.from_raw_ed25519_seed(rng.randbytes(32)).public_key, Network.TESTNET_NETWORK_PASSPHRASE).to_xdr())
    out = run("airsign-watch", "import", str(source), "--network", "testnet", "--out", str(tmp_path / "req.json"), env=env)
    assert out.returncode == 3, out.stderr
    assert len([line for line in out.stderr.splitlines() if "error:" in line]) == 1
    assert not (tmp_path / "req.json").exists()
