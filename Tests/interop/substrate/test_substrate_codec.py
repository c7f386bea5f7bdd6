"""The type-driven SCALE codec against scalecodec, and BLAKE3 against PyPI blake3.

For thousands of random calls across every pallet of a runtime (random values for every
argument type, generated from its metadata, nested calls included), scalecodec encodes the
same bytes from the same JSON as our codec (airsign-testkit `substrate_codec`), our decoder
gives back the values we started from, and scalecodec's decoding of those bytes is the same
value. Runtimes: the fixture node's V14 and V15 metadata and the docs' fuller V15 runtime (with
Staking; built with scalecodec, metadata_fixture.py), and the Polkadot relay chain's real V14 (spec 1002005) and V15 (spec
2000000) metadata when ../shared/data has them (skipped, and said so, when it does not).
"""
import json
import os
import random

import blake3
import pytest
from codec_support import Generator, Metadata, from_scalecodec, shared_blob, to_scalecodec
from metadata_fixture import Runtime, metadata_v14, metadata_v15

CALLS_PER_RUNTIME = int(os.environ.get("AIRSIGN_CODEC_CALLS", "3000"))


def seeded(name):
    seed = int(os.environ.get("AIRSIGN_TEST_SEED", random.randrange(1 << 63)))
    print(f"[{name}] random seed {seed} (replay with AIRSIGN_TEST_SEED={seed})")
    return random.Random(seed)


def runtime(name):
    if name == "fixture-v14":
        return metadata_v14()
    if name == "fixture-v15":
        return metadata_v15()
    if name == "fixture-v15-runtime":
        return metadata_v15(runtime=Runtime("polkadot", 1_003_000, 26, ss58_prefix=0))
    blob = shared_blob(name)
    if blob is None:
        pytest.skip(f"../shared/data/{name} is absent: the real-metadata codec interop is SKIPPED")
    return blob


@pytest.mark.parametrize("name", ["fixture-v14", "fixture-v15", "fixture-v15-runtime", "polkadot-metadata-v14.hex",
                                  "polkadot-metadata-v15.hex"])
def test_random_calls_match_scalecodec(testkit, name):
    blob = runtime(name)
    m = Metadata(blob)
    rng = seeded(f"test_random_calls_match_scalecodec[{name}]")
    generator = Generator(m, rng)
    calls = list(m.calls())
    # Every call at least once, then random ones up to the count.
    picks = calls + [rng.choice(calls) for _ in range(max(0, CALLS_PER_RUNTIME - len(calls)))]
    values = []
    for pallet, call, fields in picks:
        values.append({"pallet": pallet, "call": call, "args": generator.named(fields, 1)})
    out = testkit.call("substrate_codec", metadata=blob.hex(), calls=[json.dumps(v) for v in values], ss58=None)
    assert "error" not in out, out
    checked = 0
    for value, result in zip(values, out["results"]):
        assert "error" not in result, (value, result)
        ours = bytes.fromhex(result["bytes"])
        theirs = m.encode(m.call_type, to_scalecodec(m, m.call_type, value))
        assert ours == theirs, (value, ours.hex(), theirs.hex())
        assert json.loads(result["decoded"]) == value, value
        assert from_scalecodec(m, m.call_type, m.decode(m.call_type, ours)) == value, value
        checked += 1
    assert checked == len(picks) and checked >= min(CALLS_PER_RUNTIME, 1)


def test_strict_decoding_refuses_what_scalecodec_would_let_pass(testkit):
    """Trailing bytes, an unknown call index, a truncated call and a non-canonical compact."""
    blob = metadata_v15()
    m = Metadata(blob)
    good = json.dumps({"pallet": "Balances", "call": "transfer_keep_alive",
                       "args": {"dest": {"Id": "0x" + "11" * 32}, "value": 5}})
    out = testkit.call("substrate_codec", metadata=blob.hex(), calls=[good], ss58=None)["results"][0]
    call = bytes.fromhex(out["bytes"])
    assert m.decode(m.call_type, call) is not None
    bad = [call + b"\x00", b"\x05\x63" + call[2:], call[:-1], call[:-1] + b"\x05\x00"]
    results = testkit.call("substrate_decode", metadata=blob.hex(), type=m.call_type, bytes=[b.hex() for b in bad])["results"]
    for data, result in zip(bad, results):
        assert "error" in result, data.hex()


def test_bad_arguments_name_their_path_and_type(testkit):
    blob = metadata_v15()
    cases = [
        ({"dest": {"Id": "0x" + "11" * 32}, "value": -5}, "args.value: expected Compact<u128>, got -5"),
        ({"dest": {"Id": "0x" + "11" * 32}, "value": 1 << 128}, "args.value: expected Compact<u128>, got"),
        ({"dest": {"Id": "0x11"}, "value": 1}, "args.dest.Id: expected 0x and 64 hex digits"),
        ({"dest": {"Nope": 1}, "value": 1}, "args.dest: Nope is not a variant of MultiAddress"),
        ({"dest": {"Id": "0x" + "11" * 32}}, "args: value is missing"),
        ({"dest": {"Id": "0x" + "11" * 32}, "value": 1, "extra": 2}, "args: extra is not a field"),
    ]
    calls = [json.dumps({"pallet": "Balances", "call": "transfer_keep_alive", "args": args}) for args, _ in cases]
    calls.append(json.dumps({"pallet": "Nope", "call": "x", "args": {}}))
    calls.append(json.dumps({"pallet": "Balances", "call": "nope", "args": {}}))
    results = testkit.call("substrate_codec", metadata=blob.hex(), calls=calls, ss58=0)["results"]
    for (_, expected), result in zip(cases, results):
        assert expected in result.get("error", ""), result
    assert "pallet: Nope is not a pallet" in results[-2]["error"]
    assert "call: nope is not a call of Balances" in results[-1]["error"]


def test_accounts_as_ss58_of_the_network(testkit):
    from scalecodec.utils.ss58 import ss58_encode
    blob = metadata_v15()
    account = bytes(range(32))
    def transfer(dest):
        return json.dumps({"pallet": "Balances", "call": "transfer_keep_alive", "args": {"dest": {"Id": dest}, "value": 1}})
    results = testkit.call("substrate_codec", metadata=blob.hex(),
                           calls=[transfer(ss58_encode(account, 0)), transfer(ss58_encode(account, 2)), transfer("0x" + account.hex())],
                           ss58=0)["results"]
    assert results[0]["bytes"] == results[2]["bytes"] and account.hex() in results[0]["bytes"]
    assert "not this network's 0" in results[1]["error"]


def test_blake3_matches_the_reference_crate(testkit):
    rng = seeded("test_blake3_matches_the_reference_crate")
    cases = []
    for _ in range(300):
        data = rng.randbytes(rng.choice([0, 1, 63, 64, 65, 1023, 1024, 1025, rng.randint(0, 9000)]))
        cases.append((data, rng.choice([32, 32, 1, 64, 200])))
    outs = testkit.batch([{"op": "blake3", "data": d.hex(), "length": n} for d, n in cases])
    for (data, n), out in zip(cases, outs):
        assert out["hex"] == blake3.blake3(data).digest(length=n).hex(), (len(data), n)
