"""The Ethereum batch benchmark (issue 7): 10,000 random EIP-1559 transactions signed in one
batch by the real `airsign-signer sign` (one process, one PIN: Argon2id "interactive" unlock,
review of every request, signing, writing the responses), beside eth-account signing the same
10,000 transactions (`Account.sign_transaction`, the usual Python path). airsign-bench's
`eth_keccak_secp256k1_sign` row is the bare floor: Keccak-256 of a preimage and a libsecp256k1
recoverable signature in a loop, nothing else. Run by scripts/bench in the ethereum venv.

Each side's rate is transactions per second over one whole batch; a run is one batch. Our
responses are checked against eth-account's signatures (every one: same raw bytes), so a fast
wrong answer cannot count.

  python bench/ethereum.py --signer PATH --ours OURS.jsonl --reference REF.jsonl [--runs N] [--count N]
"""
import argparse
import json
import os
import random
import statistics
import subprocess
import tempfile
import time

import rlp
from eth_account import Account
from eth_utils import to_checksum_address

PHRASE = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"
BENCH = "eth_sign_1559_batch10k"


def rounded(rate):
    return round(rate * 10) / 10 if rate < 1000 else round(rate)


def record(impl, rates, count, **details):
    out = {"bench": BENCH, "impl": impl, "unit": "tx/s", "median": rounded(statistics.median(rates)), "min": rounded(min(rates)),
           "max": rounded(max(rates)), "runs": len(rates), "ops_per_run": count, "rates": [rounded(r) for r in rates]}
    out.update(details)
    return json.dumps(out, sort_keys=True)


def data(rng):
    """Every other one an ERC-20 transfer (the signer reviews it), else a plain ETH transfer: data
    the signer cannot show would need --blind."""
    if rng.random() < 0.5:
        return "0x"
    return "0xa9059cbb" + "00" * 12 + rng.randbytes(20).hex() + rng.randint(0, 2**256 - 1).to_bytes(32, "big").hex()


def transactions(count, seed=7):
    rng = random.Random(seed)
    out = []
    for nonce in range(count):
        out.append({"type": 2, "chainId": 1, "nonce": nonce, "maxPriorityFeePerGas": rng.randint(1, 5 * 10**9),
                    "maxFeePerGas": rng.randint(5 * 10**9, 100 * 10**9), "gas": 21000 + rng.randint(0, 100000),
                    "to": to_checksum_address(rng.randbytes(20)), "value": rng.randint(0, 10**19), "data": data(rng), "accessList": []})
    return out


def unsigned(tx):
    """EIP-1559 signing preimage: 0x02 || rlp([chainId, nonce, tip, cap, gas, to, value, data, accessList])."""
    fields = [tx["chainId"], tx["nonce"], tx["maxPriorityFeePerGas"], tx["maxFeePerGas"], tx["gas"],
              bytes.fromhex(tx["to"][2:]), tx["value"], bytes.fromhex(tx["data"][2:]), []]
    return b"\x02" + rlp.encode(fields)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--signer", required=True)
    parser.add_argument("--ours", required=True)
    parser.add_argument("--reference", required=True)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--seconds", type=float)  # accepted for scripts/bench's shared arguments; a run is one batch
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        os.chmod(tmp, 0o700)
        env = dict(os.environ, AIRSIGN_SIGNER_HOME=os.path.join(tmp, "signer"))
        pin, phrase = os.path.join(tmp, "pin"), os.path.join(tmp, "phrase")
        for path, text in ((pin, "bench-pin-4711\n"), (phrase, PHRASE + "\n")):
            with open(path, "w") as f:
                f.write(text)
            os.chmod(path, 0o600)

        def signer(*a):
            done = subprocess.run([args.signer, *a], env=env, capture_output=True, text=True)
            if done.returncode != 0:
                raise SystemExit(f"bench/ethereum.py: airsign-signer {a[0]} exited {done.returncode}: {done.stderr.strip()[-500:]}")
            return done

        signer("init", "--pin-file", pin, "--kdf", "interactive")
        signer("key", "import", "b", "--kind", "phrase", "--from", phrase, "--pin-file", pin)
        account = next(a for a in json.loads(signer("account", "list", "--json").stdout)
                       if a["chain"] == "ethereum" and a["path"] == "m/44'/60'/0'/0/0")
        Account.enable_unaudited_hdwallet_features()
        key = Account.from_mnemonic(PHRASE, account_path="m/44'/60'/0'/0/0").key

        txs = transactions(args.count)
        batch = os.path.join(tmp, "batch.jsonl")
        with open(batch, "w") as f:
            for i, tx in enumerate(txs):
                f.write(json.dumps({"airsign": "sign-request", "version": 1, "id": f"00000000-0000-4000-8000-{i:012d}",
                                    "chain": "ethereum", "network": "eip155:1",
                                    "account": {"address": account["address"], "publicKey": account["publicKey"]},
                                    "payload": {"type": "transaction", "transaction": "0x" + unsigned(tx).hex()}}) + "\n")
        out = os.path.join(tmp, "responses.jsonl")

        ours, theirs, expected = [], [], None
        for _ in range(args.runs):
            start = time.perf_counter()
            signer("sign", batch, "--yes", "--pin-file", pin, "--out", out)
            ours.append(len(txs) / (time.perf_counter() - start))
            start = time.perf_counter()
            signed = [Account.sign_transaction(tx, key) for tx in txs]
            theirs.append(len(txs) / (time.perf_counter() - start))
            expected = expected or ["0x" + bytes(s.raw_transaction).hex() for s in signed]
            with open(out) as f:
                got = [json.loads(line)["result"]["rawTransaction"] for line in f if line.strip()]
            if got != expected:
                raise SystemExit("bench/ethereum.py: airsign-signer's raw transactions differ from eth-account's")

    details = {"transactions": args.count, "type": "EIP-1559", "data": "half plain transfers, half ERC-20 transfer calls"}
    with open(args.ours, "a") as f:
        f.write(record("airsign-signer sign (one process, one PIN)", ours, args.count, **details) + "\n")
    with open(args.reference, "a") as f:
        f.write(record("eth-account", theirs, args.count, **details) + "\n")


if __name__ == "__main__":
    main()
