"""The Substrate batch benchmark (issue 8): the 10,000 SignerPayloadJSON requests airsign-bench
writes (--write-substrate-fixtures: transfers and remarks on both sides of the 256-byte hashing
rule) signed in one batch by the real `airsign-signer sign` (one process, one PIN: Argon2id
"interactive" unlock, review of every request, signing, writing the responses), once with an
sr25519 key and once with an ed25519 key. bench/reference.py times py-sr25519-bindings and a bare
libsodium loop over the same signing payloads under the same row names; airsign-bench's
`substrate_bare_sign_<scheme>` rows are our bare floor. Run by scripts/bench in the main venv.

Every response is checked before a rate counts: ed25519 signatures must equal libsodium's (they
are deterministic), sr25519 ones must verify under py-sr25519-bindings (they are randomized).
Also times the first 1 and 100 requests as batches of their own (how cost grows).

  python bench/substrate.py --signer PATH --fixtures DIR --ours OURS.jsonl [--runs N]
"""
import argparse
import hashlib
import json
import os

import nacl.bindings
import sr25519

from batch_signer import record, throwaway_signer


def signatures(responses):
    """The bare 64-byte signatures of Substrate responses (their MultiSignature tag removed)."""
    out = []
    for response in responses:
        signature = bytes.fromhex(response["signature"][2:])
        out.append(signature[-64:])
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--signer", required=True)
    parser.add_argument("--fixtures", required=True)
    parser.add_argument("--ours", required=True)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--seconds", type=float)  # accepted for scripts/bench's shared arguments; a run is one batch
    args = parser.parse_args()

    with open(os.path.join(args.fixtures, "seeds.json")) as f:
        seeds = json.load(f)
    lines = []
    for scheme in ("sr25519", "ed25519"):
        with open(os.path.join(args.fixtures, f"payloads-{scheme}.txt")) as f:
            payloads = [bytes.fromhex(line.strip()) for line in f if line.strip()]
        # What a Substrate signature covers: the payload, or its BLAKE2b-256 when over 256 bytes.
        payloads = [hashlib.blake2b(p, digest_size=32).digest() if len(p) > 256 else p for p in payloads]
        batch = os.path.join(args.fixtures, f"requests-{scheme}.jsonl")
        bench = f"substrate_sign_10000_{scheme}"
        with throwaway_signer(args.signer, "0x" + seeds[scheme] + "\n", "substrate-seed") as signer:
            if scheme == "ed25519":
                signer.run("account", "add", "bench", "--chain", "substrate", "--scheme", "ed25519",
                           "--pin-file", signer.pin)
            out = os.path.join(signer.directory, "out.jsonl")
            rates = [len(payloads) / signer.sign(batch, out) for _ in range(args.runs)]
            check(scheme, seeds[scheme], payloads, signatures(signer.responses(out)))
            lines.append(record(bench, "airsign-signer sign (one process, one PIN)", "payloads/s", rates,
                                payloads=len(payloads), floor=f"substrate_bare_sign_{scheme}"))
            lines.extend(signer.scaling(batch, bench, "payloads/s"))
    with open(args.ours, "a") as f:
        f.writelines(line + "\n" for line in lines)


def check(scheme, seed_hex, payloads, ours):
    if len(ours) != len(payloads):
        raise SystemExit(f"bench/substrate.py: {len(ours)} {scheme} signatures for {len(payloads)} payloads")
    seed = bytes.fromhex(seed_hex)
    if scheme == "ed25519":
        public, secret = nacl.bindings.crypto_sign_seed_keypair(seed)
        expected = [nacl.bindings.crypto_sign(p, secret)[:64] for p in payloads]
        if ours != expected:
            raise SystemExit("bench/substrate.py: airsign-signer's ed25519 signatures differ from libsodium's")
    else:
        public = sr25519.pair_from_seed(seed)[0]
        if not all(sr25519.verify(s, p, public) for s, p in zip(ours, payloads)):
            raise SystemExit("bench/substrate.py: an sr25519 signature of airsign-signer does not verify")


if __name__ == "__main__":
    main()
