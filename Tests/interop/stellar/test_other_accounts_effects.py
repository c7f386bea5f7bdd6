"""Token calls on other accounts' holdings in a Soroban transaction, through the built programs,
checked by stellar-sdk 16.1.1.

stellar-sdk builds, as a requester could craft it, a transaction of the signer's account that
invokes the XLM asset contract's `transfer` from a stranger (authorized by the stranger's own
entry, signed with `authorize_entry`, whose tree also holds the stranger's `approve`), and
carries a source-account entry in which the signer's account, as spender, calls `transfer_from`
on another stranger's tokens. It goes `airsign-watch import` → `airsign-signer inspect` → `sign`
→ `airsign-watch finalize`; stellar-sdk decodes the signed envelope, walks every invocation in
it, and confirms that the totals per account, the approvals and their holders the review shows
are exactly the transfers and approvals the signed bytes hold, each named as the account's it
moves (never summed into the signer's), and that the stranger's entry is left as it was.
"""
import re
from collections import defaultdict
from decimal import Decimal

import pytest
from stellar_sdk import Account, Address, Asset, Keypair, SorobanDataBuilder, TransactionBuilder, TransactionEnvelope, scval
from stellar_sdk import xdr as x
from stellar_sdk.auth import authorize_entry

from test_dangers import PASSPHRASE, machines, reviewed  # noqa: F401  (machines is a fixture)

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

XLM = Asset.native().contract_id(PASSPHRASE)
STROOPS = Decimal(10_000_000)


def invocation(function, args, subs=()):
    call = x.InvokeContractArgs(Address(XLM).to_xdr_sc_address(), x.SCSymbol(function.encode()), list(args))
    return x.SorobanAuthorizedInvocation(
        x.SorobanAuthorizedFunction(x.SorobanAuthorizedFunctionType.SOROBAN_AUTHORIZED_FUNCTION_TYPE_CONTRACT_FN, contract_fn=call),
        list(subs))


def calls(invocation_, out):
    """Every contract call of an invocation tree, depth first."""
    out.append(invocation_.function.contract_fn)
    for sub in invocation_.sub_invocations:
        calls(sub, out)
    return out


def xlm(stroops):
    """`2`, `1.5`: XLM as the review writes it."""
    return format((Decimal(stroops) / STROOPS).normalize(), "f")


def test_other_accounts_transfers_and_approvals(machines, tmp_path):
    _, _, ours = machines
    stranger, other, payee, spender = Keypair.random(), Keypair.random().public_key, Keypair.random().public_key, Keypair.random().public_key
    a = scval.to_address
    transfer = [a(stranger.public_key), a(payee), scval.to_int128(20_000_000)]
    approve = invocation("approve", [a(stranger.public_key), a(spender), scval.to_int128(50_000_000), scval.to_uint32(900_000)])
    theirs = x.SorobanAuthorizationEntry(
        x.SorobanCredentials(x.SorobanCredentialsType.SOROBAN_CREDENTIALS_ADDRESS, address=x.SorobanAddressCredentials(
            Address(stranger.public_key).to_xdr_sc_address(), x.Int64(5), x.Uint32(0), scval.to_void())),
        invocation("transfer", transfer, [approve]))
    theirs = authorize_entry(theirs, stranger, 800_000, PASSPHRASE)
    pull = x.SorobanAuthorizationEntry(
        x.SorobanCredentials(x.SorobanCredentialsType.SOROBAN_CREDENTIALS_SOURCE_ACCOUNT),
        invocation("transfer_from", [a(ours), a(other), a(ours), scval.to_int128(15_000_000)]))
    data = SorobanDataBuilder().set_resource_fee(60_000).set_read_write([]).build()
    built = (TransactionBuilder(Account(ours, 41), network_passphrase=PASSPHRASE, base_fee=100)
             .append_invoke_contract_function_op(XLM, "transfer", transfer, auth=[theirs, pull])
             .set_soroban_data(data).set_timeout(3600).build())
    review, signed_xdr = reviewed(machines, tmp_path, built)
    signed = TransactionEnvelope.from_xdr(signed_xdr, PASSPHRASE)

    # What the signed bytes do, read by stellar-sdk: every token call in the operation and its
    # authorization trees (a call that is both the operation and an entry's root counted once).
    op = signed.transaction.operations[0]
    seen, moved, approvals = [], defaultdict(int), []
    for call in [op.host_function.invoke_contract] + [c for entry in op.auth for c in calls(entry.root_invocation, [])]:
        if call.to_xdr() in seen:
            continue
        seen.append(call.to_xdr())
        assert Address.from_xdr_sc_address(call.contract_address).address == XLM
        function, args = call.function_name.sc_symbol.decode(), [scval.to_native(v) for v in call.args]
        if function == "transfer":
            moved[args[0].address] += args[2]
        elif function == "transfer_from":
            moved[args[1].address] += args[3]
        elif function == "approve":
            approvals.append((xlm(args[2]), args[0].address, args[1].address, args[3]))
    assert dict(moved) == {stranger.public_key: 20_000_000, other: 15_000_000}
    assert approvals == [("5", stranger.public_key, spender, 900_000)]

    # The batch summary's totals: the fee is ours; what leaves each other account is a line of
    # its own, never summed into ours; the approval names the account whose tokens it allows.
    assert "Batch: 1 request, all reviewed, 1 approval total " in review, review
    summary = review.split("Batch: 1 request", 1)[1]
    shown = [(m.group(2), m.group(1)) for m in re.finditer(r"total (\S+) XLM from (G[A-Z2-7]{55}) \(not in your contacts\) on", summary)]
    assert sorted(shown) == sorted((holder, xlm(amount)) for holder, amount in moved.items()), summary
    assert re.findall(r"total (\S+) XLM on stellar", summary) == [xlm(signed.transaction.fee)], summary
    listed = [(m.group(1), m.group(2), m.group(3), int(m.group(4))) for m in re.finditer(
        rf"approval (\S+) XLM \({XLM}\) held by (G[A-Z2-7]{{55}}) \(not in your contacts\) to spender (G[A-Z2-7]{{55}}) "
        r"\(not in your contacts\), until ledger (\d+)", summary)]
    assert listed == approvals, summary

    # Each is warned of by whose it is and what authorizes it.
    them, token = f"{stranger.public_key} (not in your contacts)", f"XLM ({XLM})"
    assert (f"transfer of 2 {token} to {payee} (not in your contacts) takes from {them}, not your account: that account authorizes "
            "it by an authorization entry of its own, not by your key; totalled as that account's") in review, review
    assert (f"approve gives {spender} (not in your contacts) an allowance of 5 {token} until ledger 900000 over what {them} holds, "
            "not your account: that account authorizes it by an authorization entry of its own, not by your key; listed as that "
            "account's") in review, review
    assert (f"transfer_from of 1.5 {token} to {ours} (your account (key \"main\", m/44'/148'/0')) takes from {other} (not in your "
            "contacts), not your account: your key authorizes it as the spender, within the allowance that account gave you; "
            "totalled as that account's") in review, review

    # Only the transaction is signed by our key; the stranger's entry is as it was built.
    assert op.auth[0].to_xdr() == theirs.to_xdr() and op.auth[1].to_xdr() == pull.to_xdr()
    assert signed.transaction.source.account_id == ours and len(signed.signatures) == 1
    Keypair.from_public_key(ours).verify(signed.hash(), signed.signatures[0].signature)
