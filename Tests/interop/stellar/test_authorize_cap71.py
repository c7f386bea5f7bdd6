"""`airsign-watch stellar authorize` with CAP-71 credentials (issue 33), through both programs:
an ADDRESS_V2 entry of account 1, and an ADDRESS_WITH_DELEGATES entry of a contract account
that lists account 1 as a (nested) delegate, are issued for --from account 1, signed by the
signer, and the finalized entry equals stellar-sdk's `authorize_entry(..., for_address=account 1)`.
An entry that neither authorizes --from nor lists it, and one already signed by it, are refused
with one line and nothing written.
"""
import json

import pytest
from stellar_sdk import Keypair
from stellar_sdk.auth import authorize_entry

from test_cap71_cap85 import account, contract, delegate, delegates_entry, sac_transfer, v2_entry
from test_horizon_e2e import ACCOUNT0, ACCOUNT1, PASSPHRASE, PHRASE, machines  # noqa: F401  (machines is a fixture)
from test_rpc_e2e import sign_and_finalize

KEY1 = Keypair.from_mnemonic_phrase(PHRASE, index=1)
EXPIRATION = 2_600_000


def entries():
    own = account(KEY1)
    other = account(Keypair.from_mnemonic_phrase(PHRASE, index=0))
    custom = contract(0x0C)
    return {
        "address-v2": (v2_entry(own, 41, EXPIRATION, sac_transfer(own, other, 5)), "address-bound (CAP-71 ADDRESS_V2)"),
        "delegate": (delegates_entry(custom, -9, EXPIRATION, sac_transfer(custom, other, 7),
                                     [delegate(other, [delegate(own)]), delegate(contract(0x0D))]),
                     "your key signs as a delegate of"),
    }


@pytest.mark.parametrize("kind", ["address-v2", "delegate"])
def test_cap71_entries_authorized_like_stellar_sdk(machines, tmp_path, kind):
    entry, shown = entries()[kind]
    request = tmp_path / "auth.json"
    machines.watch("stellar", "authorize", "--entry", entry.to_xdr(), "--from", ACCOUNT1, "--network", "testnet", "--out", str(request))
    review, final = sign_and_finalize(machines, tmp_path, request, kind)
    assert shown in review, review
    assert f"valid until ledger {EXPIRATION}" in review, review
    expected = authorize_entry(entry, KEY1, EXPIRATION, PASSPHRASE, for_address=KEY1.public_key)
    assert json.loads(final.read_text())["result"]["entry"] == expected.to_xdr()


def test_entries_without_an_unsigned_place_of_from_are_refused(machines, tmp_path):
    entry, _ = entries()["delegate"]
    signed = authorize_entry(entry, KEY1, EXPIRATION, PASSPHRASE, for_address=KEY1.public_key)
    own = account(KEY1)
    only_account1 = delegates_entry(contract(0x0C), 3, EXPIRATION, sac_transfer(contract(0x0C), own, 1), [delegate(own)])
    for given, source, says in [(only_account1, ACCOUNT0, "nor has it as a delegate"), (signed, ACCOUNT1, "nothing is left to sign")]:
        out = tmp_path / "refused.json"
        done = machines.watch("stellar", "authorize", "--entry", given.to_xdr(), "--from", source, "--network", "testnet",
                              "--out", str(out), check=False)
        errors = [line for line in done.stderr.splitlines() if "error:" in line]
        assert done.returncode == 3 and len(errors) == 1 and says in errors[0], done.stderr
        assert not out.exists()
