"""The Stellar danger list through the built programs, checked by stellar-sdk 16.1.1.

Envelopes stellar-sdk builds as a requester could craft them go `airsign-watch import` →
`airsign-signer inspect` (the review) → `sign` → `airsign-watch finalize`; stellar-sdk parses the
signed envelope and confirms that each operation's amount, destination and source are the ones
the review lists, and that the signature is the signer's over what it says it signs:
- a fee bump paying for a stranger's signed transaction: the review warns, says the signature
  signs the fee bump only, and totals the inner payment as the stranger's; the inner signature
  is untouched and ours verifies over the fee bump's hash;
- a transaction that sponsors a stranger's reserves and moves the stranger's lumens (an
  operation of another source): the sponsorship warning names the stranger, the totals keep its
  payment apart from ours and name the reserves.
"""
import pytest
from stellar_sdk import Account, Asset, FeeBumpTransactionEnvelope, Keypair, Network, TransactionBuilder, TransactionEnvelope

from conftest import import_sign_finalize, make_machines, run_program, unwrapped

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

PHRASE = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"
PASSPHRASE = Network.TESTNET_NETWORK_PASSPHRASE


@pytest.fixture(scope="module")
def machines(tmp_path_factory):
    """A signer with the phrase (its Stellar account m/44'/148'/0'), a watch that imported it."""
    env, pin, accounts = make_machines(tmp_path_factory.mktemp("stellar-dangers"), "main", "phrase", PHRASE)
    return env, pin, next(a["address"] for a in accounts if a["chain"] == "stellar")


def reviewed(machines, tmp_path, envelope):
    """The review `airsign-signer inspect` prints for `envelope` imported by the watch, joined
    onto single lines, and the signed envelope (base64 XDR) of the finalized response."""
    env, pin, _ = machines
    source, request = tmp_path / "in.txt", tmp_path / "inspect.req"
    source.write_text(envelope.to_xdr() + "\n")
    out = run_program("airsign-watch", "import", str(source), "--network", "testnet", "--out", str(request), env=env)
    assert out.returncode == 0, out.stderr
    out = run_program("airsign-signer", "inspect", str(request), env=env)
    assert out.returncode == 0, out.stderr
    review = " ".join(unwrapped(out.stderr).split())
    final = import_sign_finalize(env, pin, tmp_path, envelope.to_xdr() + "\n", import_args=("--network", "testnet"))
    return review, final["result"]["envelope"]


def test_a_fee_bump_for_a_strangers_signed_transaction(machines, tmp_path):
    _, _, ours = machines
    stranger, payee = Keypair.random(), Keypair.random().public_key
    inner = (TransactionBuilder(Account(stranger.public_key, 7), network_passphrase=PASSPHRASE, base_fee=100)
             .append_payment_op(payee, Asset.native(), "10").set_timeout(3600).build())
    inner.sign(stranger)
    bump = TransactionBuilder.build_fee_bump_transaction(ours, 200, inner, PASSPHRASE)
    review, signed_xdr = reviewed(machines, tmp_path, bump)

    assert (f"the fee bump pays up to 400 stroops (0.00004 XLM) for the transaction of {stranger.public_key} (not in your contacts), "
            "which carries 1 signature this signer does not make") in review, review
    assert "this signature signs the fee bump only: the inner transaction keeps its 1 signature and gets none from it" in review, review
    assert f"total 10 XLM from {stranger.public_key} (not in your contacts)" in review, review
    assert "total 0.00004 XLM" in review, review

    signed = FeeBumpTransactionEnvelope.from_xdr(signed_xdr, PASSPHRASE)
    # What the review listed is what is signed: the fee source and fee, and the inner payment's
    # source, destination and amount; the stranger's signature is left as it was.
    assert signed.transaction.fee_source.account_id == ours and signed.transaction.fee == 400
    op = signed.transaction.inner_transaction_envelope.transaction.operations[0]
    assert signed.transaction.inner_transaction_envelope.transaction.source.account_id == stranger.public_key
    assert (op.destination.account_id, str(op.amount), op.source) == (payee, "10", None)
    assert signed.transaction.inner_transaction_envelope.signatures == inner.signatures
    assert len(signed.signatures) == 1
    Keypair.from_public_key(ours).verify(signed.hash(), signed.signatures[0].signature)
    stranger.verify(inner.hash(), signed.transaction.inner_transaction_envelope.signatures[0].signature)


def test_sponsoring_and_moving_a_strangers_lumens(machines, tmp_path):
    _, _, ours = machines
    stranger, payee = Keypair.random().public_key, Keypair.random().public_key
    usd = Asset("USD", Keypair.random().public_key)
    built = (TransactionBuilder(Account(ours, 41), network_passphrase=PASSPHRASE, base_fee=100)
             .append_begin_sponsoring_future_reserves_op(stranger)
             .append_change_trust_op(usd, source=stranger)
             .append_end_sponsoring_future_reserves_op(source=stranger)
             .append_payment_op(payee, Asset.native(), "3", source=stranger)
             .append_payment_op(payee, Asset.native(), "1.5")
             .set_timeout(3600).build())
    review, signed_xdr = reviewed(machines, tmp_path, built)
    signed = TransactionEnvelope.from_xdr(signed_xdr, PASSPHRASE)

    assert (f"operation 1: {ours} (your account (key \"main\", m/44'/148'/0')) pays the base reserves (0.5 XLM each, locked while "
            f"the entry lives) of every ledger entry {stranger} (not in your contacts) creates") in review, review
    assert (f"total 1.50005 XLM + the base reserves of the entries {stranger} creates while sponsored") in review, review
    assert f"total 3 XLM from {stranger} (not in your contacts)" in review, review

    ops = signed.transaction.operations
    assert ops[0].sponsored_id == stranger
    assert [(op.source.account_id if op.source else None) for op in ops] == [None, stranger, stranger, stranger, None]
    assert [(op.destination.account_id, str(op.amount)) for op in ops[3:]] == [(payee, "3"), (payee, "1.5")]
    assert signed.transaction.source.account_id == ours
    Keypair.from_public_key(ours).verify(signed.hash(), signed.signatures[0].signature)
