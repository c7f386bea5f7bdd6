"""Stellar batch signing: 10,000 payment envelopes signed by `airsign-signer sign` in one batch
with one PIN, beside stellar-sdk signing the same envelopes and a bare libsodium
`crypto_sign_detached` loop (ctypes, no wrapper) over the same signature payloads. Run by
scripts/bench in the stellar interop venv (.venv-stellar, which has stellar-sdk).

All three must produce the same signatures (Ed25519 is deterministic): the run stops if one
differs, so the rates compare the same work. Our rate includes everything a person waits for in
`sign`: process start, reading and reviewing every request, one Argon2id unlock (the
`interactive` preset) and writing the responses; stellar-sdk's includes parsing each envelope
from XDR, hashing, signing and writing it back to XDR; libsodium's is signing the 32-byte hashes
only through ctypes (a note: airsign-bench's `stellar_sha256_ed25519_sign` row is the floor in C,
without Python's call overhead). Also times the first 1 and 100 requests as batches of their own.
Appends its JSON lines to --ours and --reference.

  python bench/stellar.py --bin DIR --ours OURS.jsonl --reference REF.jsonl [--count N] [--runs R]
"""
import argparse
import ctypes
import ctypes.util
import time
from pathlib import Path

from stellar_sdk import Account, Asset, Keypair, Network, TransactionBuilder, TransactionEnvelope

from batch_signer import record, sign_request, throwaway_signer

# SEP-5 test 1 (stellar-protocol ecosystem/sep-0005.md), account 0: a public test key.
PHRASE = "illness spike retreat truth genius clock brain pass fit cave bargain toe"
SECRET = "SBGWSG6BTNCKCOB3DIFBGCVMUPQFYPA2G4O34RMTB343OYPXU5DJDVMN"
DESTINATION = "GBAW5XGWORWVFE2XTJYDTLDHXTY2Q2MO73HYCGB3XMFMQ562Q2W2GJQX"
PASSPHRASE = Network.TESTNET_NETWORK_PASSPHRASE
NAME = "stellar_sign_payment_batch10k"


def envelopes(count):
    keypair = Keypair.from_secret(SECRET)
    out = []
    for i in range(count):
        account = Account(keypair.public_key, 1000 + i)
        tx = (TransactionBuilder(account, PASSPHRASE, base_fee=100)
              .append_payment_op(DESTINATION, Asset.native(), f"{1 + i % 1000}.{i % 10_000_000:07d}")
              .add_text_memo(f"bench {i}").set_timeout(0).build())
        out.append(tx.to_xdr())
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--ours", required=True)
    parser.add_argument("--reference", required=True)
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    signer_program = str(Path(args.bin) / "airsign-signer")
    xdrs = envelopes(args.count)
    public_key = Keypair.from_secret(SECRET).public_key

    with throwaway_signer(signer_program, PHRASE + "\n", "phrase") as signer:
        account = {"address": public_key, "publicKey": "0x" + Keypair.from_public_key(public_key).raw_public_key().hex()}
        batch = signer.write_batch(
            sign_request(i, "stellar", "stellar:testnet", account,
                         {"type": "transaction", "envelope": xdr, "networkPassphrase": PASSPHRASE})
            for i, xdr in enumerate(xdrs))
        out = batch + ".out"
        ours, sdk, sodium = [], [], []
        ours_signatures = None
        for _ in range(args.runs):
            ours.append(args.count / signer.sign(batch, out))
            ours_signatures = [response["signature"] for response in signer.responses(out)]

        keypair = Keypair.from_secret(SECRET)
        sdk_signatures = None
        for _ in range(args.runs):
            start = time.perf_counter()
            signed = []
            for xdr in xdrs:
                envelope = TransactionEnvelope.from_xdr(xdr, PASSPHRASE)
                envelope.sign(keypair)
                signed.append(envelope.to_xdr())
            sdk.append(args.count / (time.perf_counter() - start))
            sdk_signatures = [TransactionEnvelope.from_xdr(x, PASSPHRASE).signatures[0].signature.hex() for x in signed]

        lib = ctypes.CDLL(ctypes.util.find_library("sodium"))
        assert lib.sodium_init() >= 0
        public, secret = ctypes.create_string_buffer(32), ctypes.create_string_buffer(64)
        lib.crypto_sign_seed_keypair(public, secret, keypair.raw_secret_key())
        hashes = [TransactionEnvelope.from_xdr(x, PASSPHRASE).hash() for x in xdrs]
        signature = ctypes.create_string_buffer(64)
        sodium_signatures = None
        for _ in range(args.runs):
            start = time.perf_counter()
            collected = []
            for h in hashes:
                lib.crypto_sign_detached(signature, None, h, ctypes.c_ulonglong(32), secret)
                collected.append(signature.raw)
            sodium.append(args.count / (time.perf_counter() - start))
            sodium_signatures = [s.hex() for s in collected]

        scaling = signer.scaling(batch, NAME, "payments/s")

    if not (ours_signatures == sdk_signatures == sodium_signatures):
        raise SystemExit("bench: the three sides produced different signatures")
    with open(args.ours, "a") as f:
        print(record(NAME, "airsign-signer sign (process, review, Argon2id interactive, write)", "payments/s", ours,
                     payments=args.count, floor="stellar_sha256_ed25519_sign"), file=f)
        f.writelines(line + "\n" for line in scaling)
    with open(args.reference, "a") as f:
        print(record(NAME, "stellar-sdk 16.1.1 (from_xdr, sign, to_xdr)", "payments/s", sdk, payments=args.count), file=f)
        print(record("stellar_bare_libsodium_ctypes", "libsodium crypto_sign_detached (ctypes) over the same hashes", "payments/s",
                     sodium, payments=args.count), file=f)


if __name__ == "__main__":
    main()
