"""The ICP batch benchmark: 10,000 ICP ledger transfers (`transfer` to random account ids) signed
in one batch by the real `airsign-signer sign` (one process, one PIN: Argon2id "interactive"
unlock, strict review of every request, signing the call and its request_status read_state,
writing the quill messages), beside coincurve signing the same 20,000 request ids (SHA-256 of
`\\x0Aic-request ‖ request id`, libsecp256k1 underneath) in a Python loop. airsign-bench's
`icp_sha256_secp256k1_sign` row is the bare floor: SHA-256 of the 43-byte message and a
libsecp256k1 signature in a loop, per signature. Run by scripts/bench in the icp interop venv
(.venv-icp, which has cbor2 and coincurve).

Both sides must produce the same 20,000 signatures (RFC 6979 nonces, low s): the run stops if
one differs. The request ids the reference signs are computed here from the spec
(Tests/interop/icp/ic_spec.py), so our signer's request ids are checked too. A run is one whole
batch; rates are transfers per second (two signatures each).

  python bench/icp.py --signer PATH --ours OURS.jsonl --reference REF.jsonl [--runs N] [--count N]
"""
import argparse
import hashlib
import random
import sys
import time
import zlib
from pathlib import Path

import cbor2
import coincurve

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "Tests" / "interop" / "icp"))
from ic_spec import hash_of_map  # noqa: E402

from batch_signer import record, sign_request, throwaway_signer  # noqa: E402

BENCH = "icp_sign_transfer_batch10k"
# quill's test identity (quill e2e/assets/identity.pem): a public test key.
PEM = """-----BEGIN EC PRIVATE KEY-----
MHQCAQEEIJuWMc4BX7LWlt0H384ByBfXIlE5TIRYDQ3VsMH0D5QhoAcGBSuBBAAK
oUQDQgAEy7NOO4Y3IKw5bhaqYbWJUdb8jQFIKhS/2gyvtZLNEIABSBQATvpbB3/d
vIBXddEaiMrQBLHAJ9aOZ2WumQFyqw==
-----END EC PRIVATE KEY-----
"""
SECRET = bytes.fromhex("9b9631ce015fb2d696dd07dfce01c817d72251394c84580d0dd5b0c1f40f9421")
LEDGER = bytes.fromhex("00000000000000020101")  # ryjl3-tyaaa-aaaaa-aaaba-cai
DOMAIN = b"\x0aic-request"
# Candid of the ledger's TransferArgs up to the `to` blob, laid out as the candid crate and our
# encoder do (vectors/icp.json derived_ledger_args[0]); the values follow in field-id order:
# to, fee, memo, from_subaccount, created_at_time, amount.
TRANSFER_ARGS_HEAD = bytes.fromhex(
    "4449444c066c06fbca0101c6fcb60202ba89e5c20478a2de94eb060382f3f3910c04d8a38ca80d026d7b6c01e0a9b302786e"
    "016e056c01d6f68e8001780100")


def account_id(owner, sub=bytes(32)):
    digest = hashlib.sha224(b"\x0aaccount-id" + owner + sub).digest()
    return zlib.crc32(digest).to_bytes(4, "big") + digest


def transfer_arg(rng, created_ns):
    u64 = lambda n: n.to_bytes(8, "little")  # noqa: E731
    return (TRANSFER_ARGS_HEAD + b"\x20" + account_id(rng.randbytes(29)) + u64(10_000) + u64(rng.randint(0, 2**64 - 1))
            + b"\x00" + b"\x01" + u64(created_ns) + u64(rng.randint(1, 10**12)))


def contents(count, sender, now, seed=11):
    """count call contents, each a different ledger transfer, expiring an hour from now (the
    signer takes up to 24 hours; the batch must not expire while it is signed)."""
    rng = random.Random(seed)
    expiry = (now + 3600) * 10**9
    return [{"request_type": "call", "ingress_expiry": expiry, "sender": sender, "canister_id": LEDGER,
             "method_name": "transfer", "arg": transfer_arg(rng, now * 10**9 + i)} for i in range(count)]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--signer", required=True)
    parser.add_argument("--ours", required=True)
    parser.add_argument("--reference", required=True)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--count", type=int, default=10_000)
    args = parser.parse_args()

    with throwaway_signer(args.signer, PEM, "icp-pem") as signer:
        account = next(a for a in signer.accounts() if a["chain"] == "icp")
        key = coincurve.PrivateKey(SECRET)
        der = bytes.fromhex("3056301006072a8648ce3d020106052b8104000a034200") + key.public_key.format(compressed=False)
        sender = hashlib.sha224(der).digest() + b"\x02"

        calls = contents(args.count, sender, int(time.time()))
        batch = signer.write_batch(sign_request(i, "icp", "icp:mainnet", account,
                                                {"type": "call", "content": cbor2.dumps(content).hex()})
                                   for i, content in enumerate(calls))
        # What both sides sign, per transfer: the call's request id, then its request_status read's.
        messages = []
        for content in calls:
            rid = hash_of_map(content)
            read = {"request_type": "read_state", "ingress_expiry": content["ingress_expiry"], "sender": sender,
                    "paths": [[b"request_status", rid]]}
            messages += [DOMAIN + rid, DOMAIN + hash_of_map(read)]
        out = batch + ".out"

        ours, theirs, expected = [], [], None
        for _ in range(args.runs):
            ours.append(len(calls) / signer.sign(batch, out))
            start = time.perf_counter()
            signed = [key.sign_recoverable(m, hasher=lambda b: hashlib.sha256(b).digest())[:64] for m in messages]
            theirs.append(len(calls) / (time.perf_counter() - start))
            expected = expected or [s.hex() for s in signed]
            if [sig for response in signer.responses(out) for sig in response["signature"]] != expected:
                raise SystemExit("bench/icp.py: airsign-signer's signatures differ from coincurve's over the spec's request ids")

        scaling = signer.scaling(batch, BENCH, "transfers/s")

    details = {"transfers": args.count, "signatures_per_transfer": 2, "method": "ICP ledger transfer (call + request_status read)"}
    with open(args.ours, "a") as f:
        f.write(record(BENCH, "airsign-signer sign (one process, one PIN)", "transfers/s", ours,
                       floor="icp_sha256_secp256k1_sign", floor_ops_per_request=2, **details) + "\n")
        f.writelines(line + "\n" for line in scaling)
    with open(args.reference, "a") as f:
        f.write(record(BENCH, f"coincurve {coincurve.__version__} (sha256 + sign, same request ids)", "transfers/s", theirs,
                       **details) + "\n")


if __name__ == "__main__":
    main()
