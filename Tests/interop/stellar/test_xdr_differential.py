"""Differential decoding of Stellar XDR: the signer's codec against stellar-sdk 16.1.1's.

The signer decodes what the online machine sends and shows it for approval; if it read bytes
that the network refuses, or read them differently from the network, someone could get a
signature for something other than what was shown. So the same bytes go to both decoders:
whole transaction envelopes (v0, v1, fee bump; classic and Soroban), Soroban authorization
entries and Soroban values (SCVal), valid ones from the random generators of test_stellar.py,
test_soroban.py and soroban_random.py, and mutations of them (xdr_mutations.py: byte flips,
truncations, insertions, deletions, union variant swaps at real discriminants, length and
optional-flag changes). For each case either both refuse, or both accept and
- our canonical re-encoding is the input, and so is stellar-sdk's `to_xdr` of what it parsed;
- the meaning is the same (xdr_meaning.py: source, fee, sequence, memo, preconditions, every
  operation's type, accounts, assets, amounts, contract calls and arguments, authorizations).
stellar-sdk's XDR classes are laxer than stellar-core in a few places; where stellar-sdk
accepts and one of xdr_chain_rules.py's named rules says the chain refuses, the signer must
refuse. Our side is `stellar_xdr_decode` in airsign-testkit.
"""
import os
import random

import pytest
from stellar_sdk import Keypair, Network, Transaction, TransactionEnvelope
from stellar_sdk import xdr as x
from xdrlib3 import Error as XDRLibError

import soroban_random as sr
import test_soroban
import test_stellar
import xdr_chain_rules
import xdr_meaning
from xdr_mutations import layout, mutate

# test_stellar builds AllowTrust and integer flags, deprecated in stellar-sdk but valid on the network.
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

NETWORKS = test_stellar.NETWORKS
# Base values per kind and mutations per base value: 5 cases a base, about 4000 cases.
BASES = {"classic": 300, "v0": 40, "soroban": 200, "auth_entry": 120, "scval": 140}
MUTATIONS = 4
# What stellar-sdk raises on input it refuses; anything else is a bug in the test or in it.
SDK_REFUSALS = (ValueError, EOFError, XDRLibError)
SDK_CLASS = {"envelope": x.TransactionEnvelope, "auth_entry": x.SorobanAuthorizationEntry, "scval": x.SCVal}
MEANING = {"envelope": xdr_meaning.envelope, "auth_entry": xdr_meaning.auth_entry, "scval": xdr_meaning.scval}


def seeded(name):
    seed = int(os.environ.get("AIRSIGN_TEST_SEED", random.SystemRandom().randrange(2**63)))
    print(f"[{name}] random seed {seed} (replay with AIRSIGN_TEST_SEED={seed})")
    return seed, random.Random(seed)


def signed(rng, env):
    for _ in range(rng.choice([0, 0, 1, 2])):
        env.sign(Keypair.from_raw_ed25519_seed(rng.randbytes(32)))
    return env


def classic_envelope(rng, i):
    network = rng.choice(NETWORKS)
    tx = test_stellar.random_tx(rng, test_stellar.OP_TYPES[i % len(test_stellar.OP_TYPES)])
    return signed(rng, test_stellar.sdk_envelope(tx, network)).to_xdr_object()


def v0_envelope(rng, _):
    """A legacy v0 envelope: an Ed25519 source and time bounds or none, as test_stellar builds one."""
    tx = test_stellar.random_tx(rng, rng.choice(test_stellar.OP_TYPES))
    time = rng.choice([None, [str(v) for v in sorted([rng.randrange(2**64), rng.randrange(2**64)])]])
    cond = {"type": "time", "time": time} if time else {"type": "none"}
    t = Transaction(test_stellar.g(rng), int(tx["seq"]), int(tx["fee"]), [test_stellar.sdk_op(o) for o in tx["ops"]],
                    test_stellar.sdk_memo(tx["memo"]), test_stellar.sdk_cond(cond), v1=False)
    return signed(rng, TransactionEnvelope(t, Network.TESTNET_NETWORK_PASSPHRASE)).to_xdr_object()


def soroban_envelope(rng, _):
    return test_soroban.random_envelope(rng, rng.choice(NETWORKS)).to_xdr_object()


GENERATORS = {
    "classic": ("envelope", classic_envelope),
    "v0": ("envelope", v0_envelope),
    "soroban": ("envelope", soroban_envelope),
    "auth_entry": ("auth_entry", lambda rng, _: sr.auth_entry(rng, signed=rng.random() < 0.3)),
    "scval": ("scval", lambda rng, _: sr.scv(rng)),
}


def cases(rng):
    """(type, bytes, what was done) for every base value and its mutations."""
    out = []
    for family, count in BASES.items():
        kind, make = GENERATORS[family]
        for i in range(count):
            data, marks = layout(make(rng, i))
            out.append((kind, data, f"valid {family}"))
            for _ in range(MUTATIONS):
                mutated, what = mutate(rng, data, marks)
                out.append((kind, mutated, f"{what} of a {family}"))
    return out


def sdk_verdict(kind, raw):
    """(stellar-sdk's object or None, its re-encoding, why stellar-sdk or the chain refuses or None)."""
    try:
        obj = SDK_CLASS[kind].from_xdr_bytes(raw)
    except SDK_REFUSALS as e:
        return None, None, f"stellar-sdk refuses: {type(e).__name__}: {e}"
    reencoded = obj.to_xdr_bytes()
    return obj, reencoded, xdr_chain_rules.refused_by_chain(obj, raw, reencoded)


def test_decoders_agree_with_stellar_sdk(testkit):
    seed, rng = seeded("stellar-xdr")
    cs = cases(rng)
    ours = testkit.batch([{"op": "stellar_xdr_decode", "type": kind, "hex": raw.hex()} for kind, raw, _ in cs])
    same, refused, by_rule, failures = 0, 0, {}, []
    for (kind, raw, what), got in zip(cs, ours):
        obj, reencoded, refusal = sdk_verdict(kind, raw)
        where = f"seed {seed}, {kind} ({what}), input {raw.hex()}"
        if refusal:
            if "error" not in got:
                failures.append(f"we accept what {'the chain' if obj else 'stellar-sdk'} refuses ({refusal}): {where}")
                continue
            refused += 1
            if obj is not None:
                by_rule[refusal] = by_rule.get(refusal, 0) + 1
        elif "error" in got:
            failures.append(f"we refuse what stellar-sdk and the chain accept ({got['error']}): {where}")
        elif not (got["hex"] == raw.hex() == reencoded.hex()):
            failures.append(f"re-encodings differ: ours {got['hex']}, stellar-sdk's {reencoded.hex()}: {where}")
        elif got["meaning"] != (theirs := MEANING[kind](obj)):
            failures.append(f"meanings differ: ours {got['meaning']}, stellar-sdk's {theirs}: {where}")
        else:
            same += 1
    assert not failures, f"{len(failures)} disagreements; the first:\n" + "\n".join(failures[:3])
    print(f"[stellar-xdr] {len(cs)} cases: {same} both accepted with the same meaning, {refused} both refused "
          f"({sum(by_rule.values())} of them by a chain rule where stellar-sdk is laxer: {dict(sorted(by_rule.items()))})")
