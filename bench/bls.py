"""The reference beside airsign-bench's `bls12381_verify_ic` row: one IC certificate signature
check (signature in G1, public key in G2, BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_) with
blspy (Chia's binding of relic): both points decoded with their subgroup checks, the message
hashed to G1, and e(sig, g2) == e(H(m), pk) as two full pairings (blspy exposes no shared final
exponentiation), on messages of the same shape ("\\x0Dic-state-root" ‖ a 32-byte root). The
run stops unless every signature verifies. Run in the bls interop venv (.venv-bls).

  python bench/bls.py --reference REF.jsonl [--runs N] [--seconds S]
"""
import argparse
import hashlib
import os
import sys
import time
from pathlib import Path

import blspy
from py_ecc.bls.hash_to_curve import hash_to_G1
from py_ecc.bls.point_compression import compress_G1, compress_G2
from py_ecc.optimized_bls12_381 import G2, curve_order, multiply

sys.path.insert(0, str(Path(__file__).resolve().parent))
from batch_signer import record  # noqa: E402

DST = b"BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--reference", required=True)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=0.2)
    args = parser.parse_args()

    # The key and signatures are made with py_ecc (blspy 2 multiplies no point by a scalar).
    sk = int.from_bytes(os.urandom(32), "big") % curve_order
    z1, z2 = compress_G2(multiply(G2, sk))
    pk = z1.to_bytes(48, "big") + z2.to_bytes(48, "big")
    messages = [b"\x0dic-state-root" + os.urandom(32) for _ in range(8)]
    signatures = [compress_G1(multiply(hash_to_G1(m, DST, hashlib.sha256), sk)).to_bytes(48, "big") for m in messages]
    g2 = blspy.G2Element.generator()

    def verify(i):
        k = i % len(messages)
        sig = blspy.G1Element.from_bytes(signatures[k])
        key = blspy.G2Element.from_bytes(pk)
        if sig.pair(g2) != blspy.G1Element.from_message(messages[k], DST).pair(key):
            raise SystemExit("bench/bls.py: a valid signature did not verify")

    batch = 1
    while True:  # calibrate a batch to about --seconds
        start = time.perf_counter()
        for i in range(batch):
            verify(i)
        if time.perf_counter() - start >= args.seconds / 4:
            break
        batch *= 2
    rates = []
    for _ in range(args.runs):
        start = time.perf_counter()
        for i in range(batch):
            verify(i)
        rates.append(batch / (time.perf_counter() - start))
    with open(args.reference, "a") as out:
        out.write(record("bls12381_verify_ic", f"blspy {blspy.__version__} (relic), two pairings", "ops/s", rates,
                         message_bytes=46, pairings=2, final_exponentiations=2) + "\n")


if __name__ == "__main__":
    main()
