"""Shared by the Ethereum interop tests: random secp256k1 keys, eth-account's own unsigned
serialization of a transaction dict (the signing preimage), built the way its hash() builds it,
so requests in the suite carry the reference library's bytes, not ours, and the seeded
generator the differential tests name in their failure messages."""
import os
import random

import rlp
from eth_account._utils.signing import serializable_unsigned_transaction_from_dict
from eth_account._utils.transaction_utils import transaction_rpc_to_rlp_structure
from eth_utils import keccak
from toolz import dissoc

SECP256K1_ORDER = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141


def rand_key(rng):
    """32 random bytes that are a valid secp256k1 private key."""
    while True:
        k = rng.randbytes(32)
        if 0 < int.from_bytes(k, "big") < SECP256K1_ORDER:
            return k


def unsigned_preimage(tx: dict) -> bytes:
    """Legacy rlp([nonce, gasPrice, gas, to, value, data, chainId, 0, 0]), typed
    type || rlp(unsigned fields); checked against eth-account's signing hash."""
    unsigned = serializable_unsigned_transaction_from_dict(tx)
    tx_type = tx.get("type", 0)
    if tx_type == 0:
        preimage = rlp.encode(unsigned)
    else:
        inner = unsigned.transaction
        fields = transaction_rpc_to_rlp_structure(dissoc(inner.dictionary, "v", "r", "s"))
        preimage = bytes([tx_type]) + rlp.encode(type(inner)._unsigned_transaction_serializer.from_dict(fields))
    assert keccak(preimage) == bytes(unsigned.hash())
    return preimage


def mutate(rng, raw: bytes) -> bytes:
    """One corruption of `raw`: cut short, one bit flipped, or a byte appended."""
    m = bytearray(raw)
    op = rng.randrange(3)
    if op == 0:
        del m[rng.randrange(1, len(m)):]
    elif op == 1:
        m[rng.randrange(len(m))] ^= 1 << rng.randrange(8)
    else:
        m.append(rng.randrange(256))
    return bytes(m)


def seeded(name):
    """(generator, "AIRSIGN_TEST_SEED=N"): the seed printed and returned, so a differential
    test's failure message can name it beside the failing input."""
    seed = int(os.environ.get("AIRSIGN_TEST_SEED", random.SystemRandom().randrange(2**63)))
    print(f"[{name}] random seed {seed} (replay with AIRSIGN_TEST_SEED={seed})")
    return random.Random(seed), f"AIRSIGN_TEST_SEED={seed}"
