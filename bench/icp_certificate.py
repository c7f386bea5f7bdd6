"""Reference row of `icp_certificate_verify` (airsign-bench): py_ecc 8.0.0 verifying the two
BLS12-381 signatures of the published mainnet certificate (vectors/icp_certificates.json, a
subnet certificate and its delegation), with the hash-tree reconstructions, as
Tests/interop/icp/certification.py does it (each signature: two Miller loops and one final
exponentiation). py_ecc is pure Python and slow (about a third of a second per signature on
the machine this was written on): it is the reference at hand, not a fast one. Run in the icp
interop venv (.venv-icp):

  .venv-icp/bin/python bench/icp_certificate.py --reference REF.jsonl [--runs N]
"""
import argparse
import json
import sys
import time
from pathlib import Path

import cbor2

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "Tests" / "interop" / "icp"))
sys.path.insert(0, str(ROOT / "bench"))
import certification as c  # noqa: E402
from batch_signer import record  # noqa: E402

BENCH = "icp_certificate_verify"


def verify_once(certificate, root):
    delegation = certificate["delegation"]
    inner = cbor2.loads(delegation["certificate"])
    if not c.verify(inner["signature"], c.STATE_ROOT + c.reconstruct(inner["tree"]), root):
        raise SystemExit("icp_certificate: the delegation does not verify under the mainnet root key")
    key = c.lookup(inner["tree"], [b"subnet", delegation["subnet_id"], b"public_key"])[len(c.DER_PREFIX):]
    if not c.verify(certificate["signature"], c.STATE_ROOT + c.reconstruct(certificate["tree"]), key):
        raise SystemExit("icp_certificate: the certificate does not verify under the subnet key")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--reference", required=True)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    vectors = json.loads((ROOT / "vectors" / "icp_certificates.json").read_text())
    certificate = cbor2.loads(bytes.fromhex(vectors["delegated"]["certificate"]))
    root = bytes.fromhex(vectors["mainnetRootKey"]["der"])[len(c.DER_PREFIX):]
    verify_once(certificate, root)  # warm-up
    rates = []
    for _ in range(args.runs):
        start = time.perf_counter()
        verify_once(certificate, root)
        rates.append(1 / (time.perf_counter() - start))
    with open(args.reference, "a") as out:
        out.write(record(BENCH, "py_ecc 8.0.0 (pure Python)", "certificates/s", rates, signatures=2, miller_loops=4,
                         final_exponentiations=2) + "\n")


if __name__ == "__main__":
    main()
