"""The Ethereum batch benchmark (issue 7): 10,000 random EIP-1559 transactions signed in one
batch by the real `airsign-signer sign` (one process, one PIN: Argon2id "interactive" unlock,
review of every request, signing, writing the responses), beside eth-account signing the first
1,000 of those transactions (`Account.sign_transaction`, the usual Python path; its rate per
transaction does not depend on the batch, and 10,000 would take minutes a round). airsign-bench's
`eth_keccak_secp256k1_sign` row is the bare floor: Keccak-256 of a preimage and a libsecp256k1
recoverable signature in a loop, nothing else. Run by scripts/bench in the ethereum venv.

Each side's rate is transactions per second over one whole batch; a run is one batch. Our
responses are checked against eth-account's signatures (each of the first 1,000: same raw
bytes), so a fast wrong answer cannot count.

  python bench/ethereum.py --signer PATH --ours OURS.jsonl --reference REF.jsonl [--runs N] [--count N]
"""
import argparse
import random
import time

import rlp
from eth_account import Account
from eth_utils import to_checksum_address

from batch_signer import record, sign_request, throwaway_signer

PHRASE = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"
BENCH = "eth_sign_1559_batch10k"


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
    # eth-account signs some tens of transactions a second: its rate is taken over the first
    # --reference-count of the same transactions, so a round takes seconds, not minutes.
    parser.add_argument("--reference-count", type=int, default=1_000)
    parser.add_argument("--seconds", type=float)  # accepted for scripts/bench's shared arguments; a run is one batch
    args = parser.parse_args()

    with throwaway_signer(args.signer, PHRASE + "\n", "phrase") as signer:
        account = next(a for a in signer.accounts() if a["chain"] == "ethereum" and a["path"] == "m/44'/60'/0'/0/0")
        Account.enable_unaudited_hdwallet_features()
        key = Account.from_mnemonic(PHRASE, account_path="m/44'/60'/0'/0/0").key

        txs = transactions(args.count)
        batch = signer.write_batch(sign_request(i, "ethereum", "eip155:1", account,
                                                {"type": "transaction", "transaction": "0x" + unsigned(tx).hex()})
                                   for i, tx in enumerate(txs))
        out = batch + ".out"

        ours, theirs, expected = [], [], None
        for _ in range(args.runs):
            ours.append(len(txs) / signer.sign(batch, out))
            start = time.perf_counter()
            signed = [Account.sign_transaction(tx, key) for tx in txs[:args.reference_count]]
            theirs.append(len(signed) / (time.perf_counter() - start))
            expected = expected or ["0x" + bytes(s.raw_transaction).hex() for s in signed]
            if [r["result"]["rawTransaction"] for r in signer.responses(out)][:len(expected)] != expected:
                raise SystemExit("bench/ethereum.py: airsign-signer's raw transactions differ from eth-account's")

        scaling = signer.scaling(batch, BENCH, "tx/s")

    details = {"transactions": args.count, "type": "EIP-1559", "data": "half plain transfers, half ERC-20 transfer calls"}
    with open(args.ours, "a") as f:
        f.write(record(BENCH, "airsign-signer sign (one process, one PIN)", "tx/s", ours, floor="eth_keccak_secp256k1_sign",
                       **details) + "\n")
        f.writelines(line + "\n" for line in scaling)
    with open(args.reference, "a") as f:
        f.write(record(BENCH, "eth-account", "tx/s", theirs, **dict(details, transactions=args.reference_count)) + "\n")


if __name__ == "__main__":
    main()
