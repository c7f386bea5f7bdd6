"""Writes vectors/stellar_meta.json: TransactionMeta (v3 and v4) and TransactionResult XDR as
stellar-sdk builds them, for the Swift tests of `stellar submit --rpc` (they run without the
interop venv) and as fuzz seeds. Run from the repository root with .venv-stellar/bin/python;
the output is deterministic (a fixed seed for meta_random).
"""
import json
import random
import sys

import stellar_sdk
from stellar_sdk import scval
from stellar_sdk import xdr as x

sys.path.insert(0, "Tests/interop/stellar")
import meta_random as mr  # noqa: E402

SDK = f"stellar-sdk {stellar_sdk.__version__} (PyPI)"
rng = random.Random(22)
metas = []
cases = [
    ("v3, i128 returned, fee split", 3, scval.to_int128(-170141183460469231731687303715884105728), (61_234, 5_000, 1_200), True),
    ("v4, a map returned, fee split", 4, scval.to_map({scval.to_symbol("amount"): scval.to_int128(25_000_000),
                                                      scval.to_symbol("to"): scval.to_address("GDRXE2BQUC3AZNPVFSCEZ76NJ3WWL25FYFK6RGZGIEKWE4SOOHSUJUJ6")}),
     (52_381, 0, 0), True),
    ("v4, no return value (a failed call), no fee split", 4, None, None, True),
    ("v4, void returned", 4, scval.to_void(), (1, 2, 1), True),
    ("v3, a classic transaction: no Soroban meta", 3, None, None, False),
]
for name, version, value, fees, soroban in cases:
    m = mr.meta(rng, version=version, value=value, fees=fees, soroban=soroban)
    if fees is None and soroban:  # the ext v0 form
        body = m.v3.soroban_meta if version == 3 else m.v4.soroban_meta
        body.ext = x.SorobanTransactionMetaExt(0)
    metas.append({"name": name, "meta": m.to_xdr(), "version": version,
                  "return_value": value.to_xdr() if value is not None else None,
                  "fees": list(fees) if fees and soroban else None, "contract_events": mr.contract_events(m)})

out = {"source": f"Built with {SDK}'s XDR classes by Tests/interop/stellar/gen_meta_vectors.py "
                  "(meta_random.py: random ledger entry changes of every type, events, diagnostic events); "
                  "fees = [non-refundable, refundable, rent] stroops (SorobanTransactionMetaExtV1)",
       "metas": metas}
with open("vectors/stellar_meta.json", "w") as f:
    json.dump(out, f, indent=1)
    f.write("\n")
