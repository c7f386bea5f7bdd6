"""`stellar submit --rpc` reads getTransaction's `resultMetaXdr`: random TransactionMeta v3 and
v4 built by stellar-sdk (meta_random.py: ledger entry changes of every entry type, events,
diagnostic events, the resource fee split, the return value) decoded by our reader, which must
find exactly the return value, fee split and event count stellar-sdk put in; and refuse the
same bytes cut short, with a byte more, or of a meta version it does not read.
"""
import base64

import pytest
from stellar_sdk import xdr as x

import meta_random as mr

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def expected(m):
    soroban = m.v3.soroban_meta if m.v == 3 else m.v4.soroban_meta
    value = soroban.return_value if soroban else None
    fees = None
    if soroban and soroban.ext.v == 1:
        v1 = soroban.ext.v1
        fees = [v1.total_non_refundable_resource_fee_charged.int64, v1.total_refundable_resource_fee_charged.int64, v1.rent_fee_charged.int64]
    return value, fees


def test_random_meta_decoded_as_stellar_sdk_built_it(testkit, rng):
    metas = [mr.meta(rng, soroban=rng.random() < 0.9) for _ in range(1500)]
    got = testkit.batch([{"op": "stellar_meta_decode", "xdr": m.to_xdr()} for m in metas])
    for m, ours in zip(metas, got):
        assert "error" not in ours, (ours, m.to_xdr())
        value, fees = expected(m)
        assert ours["version"] == m.v
        assert ours.get("return") == (value.to_xdr() if value is not None else None)
        assert ours.get("fees") == fees
        assert ours["events"] == mr.contract_events(m)


def test_damaged_meta_refused(testkit, rng):
    cases = []
    for _ in range(300):
        raw = mr.meta(rng).to_xdr_bytes()
        cases.append(raw[:rng.randrange(len(raw))])  # cut short
        cases.append(raw + bytes(4))  # trailing bytes
    # Versions 0-2 (classic meta Stellar RPC no longer returns) and 5 (not defined).
    cases += [x.TransactionMeta(v, operations=[]).to_xdr_bytes() if v == 0 else (v).to_bytes(4, "big") + bytes(16) for v in (0, 1, 2, 5)]
    got = testkit.batch([{"op": "stellar_meta_decode", "xdr": base64.b64encode(c).decode()} for c in cases])
    for case, ours in zip(cases, got):
        assert "error" in ours, (ours, case.hex())
