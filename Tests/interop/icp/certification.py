"""IC certificates for the boundary-node fixture, written from the interface spec's
"Certification" section with py_ecc as the BLS12-381 library: hash trees and their root hash,
BLS signatures in G1 over `"\\x0Dic-state-root" || root_hash` (ciphersuite
BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_, keys in G2, both compressed as ZCash does), and a
subnet delegation signed by a test root key. The same file verifies certificates (two pairings
each) for the cross-check of the published mainnet certificate and the benchmark's reference.

The test root key is fixed (its secret is derived from a label below), so the documentation
can name its DER: `TEST_ROOT_KEY_DER_HEX`."""
import hashlib

import cbor2
from py_ecc.bls.hash_to_curve import hash_to_G1
from py_ecc.bls.point_compression import compress_G1, compress_G2, decompress_G1, decompress_G2
from py_ecc.optimized_bls12_381 import G2, curve_order, final_exponentiate, multiply, neg, pairing
from py_ecc.optimized_bls12_381 import FQ12

from ic_spec import leb128

DST = b"BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_"
DER_PREFIX = bytes.fromhex("308182301d060d2b0601040182dc7c0503010201060c2b0601040182dc7c05030201036100")
STATE_ROOT = b"\x0dic-state-root"


def secret(label):
    return int.from_bytes(hashlib.sha256(label).digest(), "big") % curve_order


def public_key(sk):
    z1, z2 = compress_G2(multiply(G2, sk))
    return z1.to_bytes(48, "big") + z2.to_bytes(48, "big")


def sign(sk, message):
    return compress_G1(multiply(hash_to_G1(message, DST, hashlib.sha256), sk)).to_bytes(48, "big")


def verify(signature, message, key):
    """e(sig, g2) == e(H(m), pk), as one product of two Miller loops and one final exponentiation."""
    sig = decompress_G1(int.from_bytes(signature, "big"))
    pk = decompress_G2((int.from_bytes(key[:48], "big"), int.from_bytes(key[48:], "big")))
    h = hash_to_G1(message, DST, hashlib.sha256)
    product = pairing(neg(G2), sig, final_exponentiate=False) * pairing(pk, h, final_exponentiate=False)
    return final_exponentiate(product) == FQ12.one()


ROOT_SECRET = secret(b"airsign boundary-node fixture: test root key")
TEST_ROOT_KEY_DER_HEX = (DER_PREFIX + public_key(ROOT_SECRET)).hex()


# Hash trees as the spec's CBOR arrays.
def empty():
    return [0]


def fork(left, right):
    return [1, left, right]


def labeled(label, tree):
    return [2, label, tree]


def leaf(value):
    return [3, value]


def pruned(digest):
    return [4, digest]


def domain(text):
    return bytes([len(text)]) + text


def reconstruct(tree):
    kind = tree[0]
    if kind == 0:
        return hashlib.sha256(domain(b"ic-hashtree-empty")).digest()
    if kind == 1:
        return hashlib.sha256(domain(b"ic-hashtree-fork") + reconstruct(tree[1]) + reconstruct(tree[2])).digest()
    if kind == 2:
        return hashlib.sha256(domain(b"ic-hashtree-labeled") + tree[1] + reconstruct(tree[2])).digest()
    if kind == 3:
        return hashlib.sha256(domain(b"ic-hashtree-leaf") + tree[1]).digest()
    return tree[1]


def lookup(tree, path):
    """The leaf value at `path` when the tree holds it (enough for the verified trees read here;
    the watch's own lookup tells absent from unknown)."""
    if not path:
        return tree[1] if tree[0] == 3 else None
    if tree[0] == 1:
        return lookup(tree[1], path) or lookup(tree[2], path)
    if tree[0] == 2 and tree[1] == path[0]:
        return lookup(tree[2], path[1:])
    return None


def forest(*subtrees):
    """Labeled subtrees (sorted here by label, as well-formed trees need) joined by forks."""
    nodes = sorted(subtrees, key=lambda node: node[1])
    tree = nodes[0]
    for node in nodes[1:]:
        tree = fork(tree, node)
    return tree


def time_leaf(now_ns):
    return labeled(b"time", leaf(leb128(now_ns)))


def encode(tree, signature, delegation=None):
    body = {"tree": tree, "signature": signature}
    if delegation is not None:
        body["delegation"] = delegation
    return cbor2.dumps(cbor2.CBORTag(55799, body))


class Certifier:
    """Certifies state trees as a subnet whose key the test root key delegates to.

    `ranges` are the subnet's canister ranges ([lo, hi] principal bytes); `forge` signs one
    tree and sends another (a node that changed the answer); `time_offset_s` moves /time (a
    stale answer); `root_secret` signs the delegation (another key: the wrong root)."""

    SUBNET_ID = hashlib.sha224(b"airsign fixture subnet").digest() + b"\x02"

    # By default the subnet may certify for every principal (the fixture hosts any canister).
    def __init__(self, ranges=((b"", b"\xff" * 29),), root_secret=ROOT_SECRET):
        self.ranges = list(ranges)
        self.root_secret = root_secret
        self.subnet_secret = secret(b"airsign boundary-node fixture: subnet key")
        self.forge = False
        self.time_offset_s = 0
        self.ranges_layout = "flat"  # or "sharded": /canister_ranges/<subnet>/<lowest id>

    def delegation(self, now_ns):
        ranges = cbor2.dumps(cbor2.CBORTag(55799, [[lo, hi] for lo, hi in self.ranges]))
        key = labeled(b"public_key", leaf(DER_PREFIX + public_key(self.subnet_secret)))
        if self.ranges_layout == "sharded":
            # The newer layout: one shard, labelled by its lowest canister id; the flat blob left out.
            shard = labeled(self.ranges[0][0], leaf(ranges))
            tree = forest(labeled(b"canister_ranges", labeled(self.SUBNET_ID, shard)),
                          labeled(b"subnet", labeled(self.SUBNET_ID, key)), time_leaf(now_ns))
        else:
            subnet = labeled(self.SUBNET_ID, forest(labeled(b"canister_ranges", leaf(ranges)), key))
            tree = forest(labeled(b"subnet", subnet), time_leaf(now_ns))
        certificate = encode(tree, sign(self.root_secret, STATE_ROOT + reconstruct(tree)))
        return {"subnet_id": self.SUBNET_ID, "certificate": certificate}

    def certificate(self, state, now_ns):
        """The CBOR certificate of `state` (a labeled subtree, or several in a list) with /time."""
        now_ns += self.time_offset_s * 10**9
        states = state if isinstance(state[0], list) else [state]
        tree = forest(*states, time_leaf(now_ns))
        signed = tree
        if self.forge:
            # Signed over another answer: the tree sent is not the tree signed.
            signed = forest(*states, time_leaf(now_ns + 1))
        return encode(tree, sign(self.subnet_secret, STATE_ROOT + reconstruct(signed)), self.delegation(now_ns))
