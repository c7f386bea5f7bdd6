"""XCM transfers (issue 31, Substrate danger list: "XCM transfers (beneficiary as SS58 with labels,
amounts in the asset)"), held against scalecodec.

Real runtimes drive it (../shared/data; each is SKIPPED, and said so, when its file is absent):
Kusama 1002006 (rfc78/ksm.bin, XcmPallet, XCM v3 and v4) and Polkadot Asset Hub 2000000
(asset-hub-polkadot-metadata-v15.hex, PolkadotXcm, XCM v3 to v5, where the relay chain's token
is the native one). The calls (`limited_reserve_transfer_assets`, `reserve_transfer_assets`,
`limited_teleport_assets`, `teleport_assets`, `transfer_assets`, alone or in
`Utility.batch_all`) are encoded by scalecodec from the runtime's own types, and so is the
signing payload around them; airsign-testkit's substrate_review_proven builds the RFC-0078
proof from the same metadata (as the watch does), and the signer's chain module reviews the
request and signs it.

Then, with nothing of ours, scalecodec reads the signed payload the way the runtime does (the
call, every extension's extra and additional data, nothing left), and from that reading alone
this file derives what the call moves: for every asset, its location and amount, to the one
AccountId32 of the beneficiary on the destination. The review's effects must be exactly those
outflows (the beneficiary's account id in the SS58 shown, labelled contact or not in your
contacts, the destination named; the asset the native token only for the location that is it,
otherwise base units of the asset at that location; the exact amount), plus the tip as the fee
outflow, and the totals must be their sums. The signature verifies over the payload
(py-sr25519-bindings) and the extrinsic carries the same call.

A mutated request (another beneficiary, one more unit) gets a review the original reading
contradicts, and effects edited after the review are caught: the comparison is not one that
anything passes. A random-seeded generator (seed printed by the `rng` fixture; replay with
AIRSIGN_TEST_SEED) draws the calls.
"""
import copy
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

import pytest
import sr25519
from codec_support import Metadata, from_scalecodec, shared_blob, to_scalecodec
from scalecodec.base import ScaleBytes
from scalecodec.utils.ss58 import ss58_decode, ss58_encode

N = 40
TRANSFERS = ["limited_reserve_transfer_assets", "reserve_transfer_assets", "limited_teleport_assets", "teleport_assets", "transfer_assets"]
LIMITED = {"limited_reserve_transfer_assets", "limited_teleport_assets", "transfer_assets"}
SEED = hashlib.blake2b(b"airsign xcm effects signer", digest_size=32).digest()
PUBLIC, _ = sr25519.pair_from_seed(SEED)
BOB = bytes.fromhex("8eaf04151687736326c9fea17e25fc5287613693c912909cb226aa4794f26a48")
STRANGER = bytes([0x42] * 32)
VECTORS = Path(__file__).resolve().parents[3] / "vectors" / "rfc78.json"
PLACEHOLDER_HASH = bytes(32)  # what the proof is built over; the request signs the real digest


@dataclass(frozen=True)
class Runtime:
    file: str
    pallet: str
    genesis: bytes
    spec: int
    tx: int
    ss58: int
    decimals: int
    symbol: str
    versions: tuple
    relay_token_is_native: bool


RUNTIMES = {
    "kusama": Runtime("rfc78/ksm.bin", "XcmPallet", bytes.fromhex("b0a8d493285c2df73290dfb7e61f870f17b41801197a149ca93654499ea3dafe"),
                      1_002_006, 26, 2, 12, "KSM", ("V3", "V4"), False),
    "polkadot-asset-hub": Runtime("asset-hub-polkadot-metadata-v15.hex", "PolkadotXcm",
                                  bytes.fromhex("68d56f15f85d3136970ec16946040bc1752654e906147f7e43e9d539d7c3de2f"),
                                  2_000_000, 15, 0, 10, "DOT", ("V3", "V4", "V5"), True),
}
_loaded = {}


@pytest.fixture(scope="module", params=sorted(RUNTIMES))
def runtime(request):
    """(Runtime, scalecodec Metadata, the metadata's bytes)."""
    spec = RUNTIMES[request.param]
    if request.param not in _loaded:
        blob = shared_blob(spec.file)
        if blob is None:
            pytest.skip(f"../shared/data/{spec.file} is absent: the XCM effects checks on {request.param} are SKIPPED")
        _loaded[request.param] = (spec, Metadata(blob), blob)
    return _loaded[request.param]


# -- building calls and payloads (scalecodec and hand-written SCALE, never airsign's codec)

def compact(m, n):
    return bytes(m.rc.create_scale_object("Compact<u128>").encode(n).data)


def location(version, parents, junctions):
    """A Location in our JSON shape: v3's X1 holds its junction, v4 and v5's X1… hold arrays."""
    if not junctions:
        interior = "Here"
    elif version == "V3":
        interior = {f"X{len(junctions)}": junctions[0] if len(junctions) == 1 else list(junctions)}
    else:
        interior = {f"X{len(junctions)}": list(junctions)}
    return {"parents": parents, "interior": interior}


def xcm_call(spec, call, version, dest, beneficiary_id, assets, fee_item=0, weight=None):
    """`call` of the runtime's XCM pallet: `assets` is [(parents, junctions, amount)]."""
    def asset_id(parents, junctions):
        loc = location(version, parents, junctions)
        return {"Concrete": loc} if version == "V3" else loc
    args = {
        "dest": {version: location(version, *dest)},
        "beneficiary": {version: location(version, 0, [{"AccountId32": {"network": None, "id": "0x" + beneficiary_id.hex()}}])},
        "assets": {version: [{"id": asset_id(p, j), "fun": {"Fungible": amount}} for p, j, amount in assets]},
        "fee_asset_item": fee_item,
    }
    if call in LIMITED:
        args["weight_limit"] = weight or "Unlimited"
    return {"pallet": spec.pallet, "call": call, "args": args}


def encode_call(m, call):
    return m.encode(m.call_type, to_scalecodec(m, m.call_type, call))


def era_bytes(m, period, block):
    quantum = max(period >> 12, 1)
    return bytes(m.rc.create_scale_object("Era").encode((period, block % period // quantum * quantum)).data)


def signing_payload(m, spec, method, era, nonce, tip, block_hash, metadata_hash):
    """call ‖ every extension's extra ‖ every extension's additional data, in the metadata's
    order, for the extensions these runtimes have."""
    extra, additional = extensions(m, spec, era, nonce, tip, block_hash, metadata_hash)
    return method + extra + additional


def extensions(m, spec, era, nonce, tip, block_hash, metadata_hash):
    """(every extension's extra, every extension's additional data), hand-written SCALE."""
    extra, additional = b"", b""
    for e in m.extensions:
        name = e["identifier"]
        if name in ("CheckNonZeroSender", "CheckWeight", "PrevalidateAttests"):
            continue
        if name == "CheckSpecVersion":
            additional += spec.spec.to_bytes(4, "little")
        elif name == "CheckTxVersion":
            additional += spec.tx.to_bytes(4, "little")
        elif name == "CheckGenesis":
            additional += spec.genesis
        elif name == "CheckMortality":
            extra += era
            additional += block_hash
        elif name == "CheckNonce":
            extra += compact(m, nonce)
        elif name == "ChargeTransactionPayment":
            extra += compact(m, tip)
        elif name == "ChargeAssetTxPayment":
            extra += compact(m, tip) + b"\x00"  # no asset id: fees in the native token
        elif name == "CheckMetadataHash":
            extra += b"\x01"
            additional += b"\x01" + metadata_hash
        else:
            raise AssertionError(f"an extension this test does not build: {name}")
    return extra, additional


def request(m, spec, call, rng=None, tip=None):
    """The substrate_review_proven item for `call`: (item, method, era, nonce, tip, block hash)."""
    method = encode_call(m, call)
    nonce = rng.randrange(2**32) if rng else 11
    tip = tip if tip is not None else (rng.choice([0, rng.randrange(10**10)]) if rng else 10**9)
    block_number = rng.randrange(2**31) if rng else 25_000_000
    block_hash = rng.randbytes(32) if rng else hashlib.blake2b(b"airsign head", digest_size=32).digest()
    era = era_bytes(m, 64, block_number)
    signer_payload = {
        "address": ss58_encode(PUBLIC, spec.ss58), "assetId": None, "blockHash": "0x" + block_hash.hex(),
        "blockNumber": "0x" + block_number.to_bytes(4, "big").hex(), "era": "0x" + era.hex(), "genesisHash": "0x" + spec.genesis.hex(),
        "metadataHash": None, "method": "0x" + method.hex(), "mode": 1, "nonce": "0x" + nonce.to_bytes(4, "big").hex(),
        "signedExtensions": [e["identifier"] for e in m.extensions], "specVersion": "0x" + spec.spec.to_bytes(4, "big").hex(),
        "tip": "0x" + tip.to_bytes(16, "big").hex(), "transactionVersion": "0x" + spec.tx.to_bytes(4, "big").hex(), "version": 4,
    }
    prove = signing_payload(m, spec, method, era, nonce, tip, block_hash, PLACEHOLDER_HASH)
    return {"signer_payload": signer_payload, "prove": "0x" + prove.hex()}, (method, era, nonce, tip, block_hash)


def review(testkit, m, spec, blob, items, contacts):
    out = testkit.call("substrate_review_proven", metadata=blob.hex(), decimals=spec.decimals, symbol=spec.symbol, scheme="sr25519",
                       seed=SEED.hex(), address=ss58_encode(PUBLIC, spec.ss58), contacts=[list(c) for c in contacts],
                       items=[item for item, _ in items])
    return bytes.fromhex(out["digest"][2:]), out["results"]


# -- the reference reading: scalecodec's, and what it means, derived here

def read_payload(m, payload):
    """The runtime's reading of a signing payload: (call in our JSON shape, extras, additional)."""
    data = ScaleBytes(payload)
    call = m.rc.create_scale_object(f"scale_info::{m.call_type}", data).decode(check_remaining=False)
    extra = {e["identifier"]: m.rc.create_scale_object(f"scale_info::{e['ty']}", data).decode(check_remaining=False) for e in m.extensions}
    additional = {e["identifier"]: m.rc.create_scale_object(f"scale_info::{e['additional_signed']}", data).decode(check_remaining=False)
                  for e in m.extensions}
    assert data.offset == len(payload), "bytes left after the runtime's reading"
    return from_scalecodec(m, m.call_type, call), extra, additional


def versioned(value):
    (version, inner), = value.items()
    return version, inner


def junctions_of(loc):
    interior = loc["interior"]
    if interior == "Here":
        return []
    (_, inner), = interior.items()
    return [inner] if isinstance(inner, dict) else list(inner)


def describe(loc):
    """The words the signer uses for a location (ProvenXCM.describe): derived from the reading."""
    parts = []
    for junction in junctions_of(loc):
        (name, value), = junction.items() if isinstance(junction, dict) else ((junction, None),)
        if isinstance(value, int):
            parts.append(f"parachain {value}" if name == "Parachain" else f"{name} {value}")
        else:
            parts.append(name)
    parents = loc["parents"]
    up = "this chain" if parents == 0 else "the relay chain" if parents == 1 else f"{parents} levels up"
    return ", ".join(parts) if parents == 0 and parts else (up + ", " + ", ".join(parts) if parts else up)


def meaning(call, spec):
    """What an XCM transfer (or a batch of them) moves, from scalecodec's reading alone:
    [(beneficiary account id, destination words, asset location, amount)]."""
    if call["pallet"] == "Utility":
        return [t for inner in call["args"]["calls"] for t in meaning(inner, spec)]
    assert call["pallet"] == spec.pallet and call["call"] in TRANSFERS, call
    args = call["args"]
    _, dest = versioned(args["dest"])
    _, beneficiary = versioned(args["beneficiary"])
    [junction] = junctions_of(beneficiary)
    assert beneficiary["parents"] == 0
    account = bytes.fromhex(junction["AccountId32"]["id"][2:])
    version, assets = versioned(args["assets"])
    moved = []
    for asset in assets:
        loc = asset["id"]["Concrete"] if version == "V3" else asset["id"]
        moved.append((account, describe(dest), loc, asset["fun"]["Fungible"]))
    return moved


def is_native(loc, spec):
    return loc["interior"] == "Here" and (loc["parents"] == 0 or (loc["parents"] == 1 and spec.relay_token_is_native))


def amount_text(units, decimals, symbol):
    whole, fraction = divmod(units, 10**decimals)
    text = f"{fraction:0{decimals}d}".rstrip("0")
    return f"{whole}.{text} {symbol}" if text else f"{whole} {symbol}"


def mismatches(transfers, tip, answer, spec, contacts):
    """Where the review's effects and totals say something other than the reading: an empty
    list when they agree."""
    names = {address: name for name, address in contacts}
    found = []
    outflows = [e for e in answer["effects"] if e["kind"] == "outflow" and e["to"] is not None]
    others = [e for e in answer["effects"] if not (e["kind"] == "outflow" and e["to"] is not None)]
    if len(outflows) != len(transfers):
        found.append(f"count: {len(outflows)} outflows shown, {len(transfers)} in the call")
    for index, (effect, (account, dest, loc, amount)) in enumerate(zip(outflows, transfers)):
        shown_address, _, rest = effect["to"].partition(" (")
        if ss58_decode(shown_address, spec.ss58) != account.hex():
            found.append(f"beneficiary: {index}: shown {shown_address}, signed 0x{account.hex()}")
        address = ss58_encode(account, spec.ss58)
        label = f'contact "{names[address]}"' if address in names else "not in your contacts"
        if effect["to"] != f"{address} ({label}) on {dest}":
            found.append(f"to: {index}: shown {effect['to']!r}, signed {address} ({label}) on {dest}")
        if effect["amount"] != str(amount):
            found.append(f"amount: {index}: shown {effect['amount']}, signed {amount}")
        asset = effect["asset"]
        if is_native(loc, spec):
            expected = {"id": "native", "symbol": spec.symbol, "decimals": spec.decimals}
        else:
            where = describe(loc)
            expected = {"id": "xcm " + where, "symbol": f"base units of the asset at {where}", "decimals": 0}
        if {k: asset[k] for k in expected} != expected:
            found.append(f"asset: {index}: shown {asset}, signed {expected}")
        if effect["from"] is not None or effect["unstated"] or effect["up_to"]:
            found.append(f"outflow: {index}: {effect}")
    # Beside the transfers only the fee: the tip signed, the fee itself not.
    if [(e["kind"], e["amount"], e["asset"]["id"]) for e in others] != [("outflow", str(tip), "native")]:
        found.append(f"other: {others}")
    # The totals are the sums per asset.
    sums = {}
    for _, _, loc, amount in transfers:
        key = None if is_native(loc, spec) else describe(loc)
        sums[key] = sums.get(key, 0) + amount
    sums[None] = sums.get(None, 0) + tip
    expected_totals = sorted([amount_text(sums.pop(None), spec.decimals, spec.symbol) + " + the fee"]
                             + [f"{units} base units of the asset at {where}" for where, units in sums.items()])
    if sorted(answer["totals"]) != expected_totals:
        found.append(f"totals: shown {answer['totals']}, signed {expected_totals}")
    if answer["unknowns"]:
        found.append(f"unknowns: {answer['unknowns']}")
    return found


def check(m, spec, digest, item, parts, answer, contacts):
    """The full comparison of one signed request: returns scalecodec's reading of the call."""
    assert "error" not in answer, answer
    method, era, nonce, tip, block_hash = parts
    payload = bytes.fromhex(answer["signed"])
    # What was signed is the payload built here around the call, with the metadata's digest.
    assert payload == signing_payload(m, spec, method, era, nonce, tip, block_hash, digest)
    call, extra, additional = read_payload(m, payload)
    assert additional["CheckGenesis"] == "0x" + spec.genesis.hex() and additional["CheckSpecVersion"] == spec.spec
    assert additional["CheckMetadataHash"] == {"Some": "0x" + digest.hex()}
    fee = extra["ChargeTransactionPayment"] if "ChargeTransactionPayment" in extra else extra["ChargeAssetTxPayment"]["tip"]
    assert (extra["CheckNonce"], fee) == (nonce, tip)
    problems = mismatches(meaning(call, spec), tip, answer, spec, contacts)
    assert problems == [], (call, answer["effects"], answer["totals"], problems)
    assert answer["confirmation"] == "standard"
    assert any(" by XCM: " in w for w in answer["warnings"]), answer["warnings"]
    # The signature verifies over the payload (its BLAKE2b-256 above 256 bytes), and the
    # extrinsic is length ‖ 0x84 ‖ Id(signer) ‖ Sr25519(signature) ‖ extra ‖ the same call.
    message = hashlib.blake2b(payload, digest_size=32).digest() if len(payload) > 256 else payload
    signature = bytes.fromhex(answer["signature"][4:])
    assert answer["signature"][:4] == "0x01" and sr25519.verify(signature, message, PUBLIC)
    extrinsic = bytes.fromhex(answer["extrinsic"][2:])
    extra, _ = extensions(m, spec, era, nonce, tip, block_hash, digest)
    body = b"\x84\x00" + PUBLIC + b"\x01" + signature + extra + method
    assert extrinsic == compact(m, len(body)) + body
    return call


# -- the tests

def contacts_for(spec):
    return [("Bob", ss58_encode(BOB, spec.ss58))]


def fixed_calls(spec):
    version = spec.versions[-1]
    relay = (1, [])
    return [
        # The chain's token to a contact on parachain 1000 (on Asset Hub: the relay token, parents 1).
        xcm_call(spec, "limited_reserve_transfer_assets", version, (0, [{"Parachain": 1000}]) if not spec.relay_token_is_native else relay,
                 BOB, [(1 if spec.relay_token_is_native else 0, [], 2_500_000_000_000)]),
        # Another chain's asset, base units, to a stranger, in the oldest version the signer reads.
        xcm_call(spec, "limited_teleport_assets", "V3", (0, [{"Parachain": 2000}]), STRANGER,
                 [(0, [{"Parachain": 1000}, {"GeneralIndex": 1984}], 7)], weight={"Limited": {"ref_time": 10**9, "proof_size": 65536}}),
        # Two assets in one transfer, the native one and a pallet's asset, amounts at u128's end.
        xcm_call(spec, "transfer_assets", version, (1, [{"Parachain": 2004}]), STRANGER,
                 [(0, [], 2**128 - 1), (0, [{"PalletInstance": 50}, {"GeneralIndex": 1337}], 2**64)], fee_item=1),
        # A batch of two.
        {"pallet": "Utility", "call": "batch_all", "args": {"calls": [
            xcm_call(spec, "teleport_assets", "V4", (1, []), BOB, [(1, [], 10**10)]),
            xcm_call(spec, "reserve_transfer_assets", version, (0, [{"Parachain": 2030}]), STRANGER, [(0, [{"Parachain": 2030}], 99)]),
        ]}},
    ]


def test_xcm_effects_are_what_scalecodec_reads(testkit, runtime):
    spec, m, blob = runtime
    contacts = contacts_for(spec)
    items = [request(m, spec, call) for call in fixed_calls(spec)]
    digest, answers = review(testkit, m, spec, blob, items, contacts)
    calls = [check(m, spec, digest, item, parts, answer, contacts) for (item, parts), answer in zip(items, answers)]
    if spec.symbol == "KSM":  # the hash signed is Kusama 1002006's published one (vectors/rfc78.json)
        assert digest.hex() == json.loads(VECTORS.read_text())["kusama_1002006"]["metadata_hash_published"]
    # scalecodec reads back the calls it encoded.
    assert calls == [from_scalecodec(m, m.call_type, m.decode(m.call_type, encode_call(m, c))) for c in fixed_calls(spec)]
    bob = ss58_encode(BOB, spec.ss58)
    first = [e for e in answers[0]["effects"] if e["to"]]
    where = "the relay chain" if spec.relay_token_is_native else "parachain 1000"
    assert [(e["to"], e["asset"]["symbol"], e["amount"]) for e in first] == [(f'{bob} (contact "Bob") on {where}', spec.symbol, "2500000000000")]
    assert f"7 base units of the asset at parachain 1000, GeneralIndex 1984" in answers[1]["totals"]


def test_a_lying_review_would_be_caught(testkit, runtime):
    """The comparison is meaningful: another beneficiary or one more unit signs other bytes whose
    review the original reading contradicts, and effects edited after the review are caught."""
    spec, m, blob = runtime
    contacts = contacts_for(spec)
    version = spec.versions[-1]
    asset = (0, [{"Parachain": 1000}, {"GeneralIndex": 1984}])

    def transfer(beneficiary, amount):
        return xcm_call(spec, "limited_reserve_transfer_assets", version, (0, [{"Parachain": 1000}]), beneficiary, [(*asset, amount)])
    original, redirected, inflated = transfer(BOB, 10**12), transfer(STRANGER, 10**12), transfer(BOB, 10**12 + 1)
    items = [request(m, spec, call) for call in (original, redirected, inflated)]
    digest, answers = review(testkit, m, spec, blob, items, contacts)
    readings = [check(m, spec, digest, item, parts, answer, contacts) for (item, parts), answer in zip(items, answers)]
    tip = items[0][1][3]
    truth = meaning(readings[0], spec)
    # The mutated requests sign other bytes, and their reviews disagree with the original's reading.
    assert len({bytes.fromhex(a["signed"]) for a in answers}) == 3
    assert meaning(readings[1], spec)[0][0] == STRANGER and meaning(readings[2], spec)[0][3] == 10**12 + 1
    redirected_problems = mismatches(truth, tip, answers[1], spec, contacts)
    assert [p.split(":")[0] for p in redirected_problems] == ["beneficiary", "to"], redirected_problems
    inflated_problems = mismatches(truth, tip, answers[2], spec, contacts)
    assert [p.split(":")[0] for p in inflated_problems] == ["amount", "totals"], inflated_problems
    # A review that named Bob for the stranger's account, or another asset, would fail too.
    lied = copy.deepcopy(answers[1])
    stranger = ss58_encode(STRANGER, spec.ss58)
    lied["effects"][0]["to"] = lied["effects"][0]["to"].replace("(not in your contacts)", '(contact "Bob")')
    assert mismatches(meaning(readings[1], spec), tip, lied, spec, contacts) == [
        f"to: 0: shown '{stranger} (contact \"Bob\") on parachain 1000', signed {stranger} (not in your contacts) on parachain 1000"]
    lied = copy.deepcopy(answers[0])
    lied["effects"][0]["asset"] = dict(lied["effects"][0]["asset"], id="native", symbol=spec.symbol, decimals=spec.decimals)
    assert [p.split(":")[0] for p in mismatches(truth, tip, lied, spec, contacts)] == ["asset"]


def random_location(rng, version, for_asset):
    parents = rng.choice([0, 0, 1] if for_asset else [0, 1, 1, 2])
    choices = [[], [{"Parachain": rng.randrange(2**32)}],
               [{"Parachain": rng.randrange(4000)}, {"GeneralIndex": rng.choice([rng.randrange(2**16), rng.randrange(2**128)])}],
               [{"PalletInstance": rng.randrange(256)}, {"GeneralIndex": rng.randrange(2**32)}]]
    junctions = rng.choice(choices)
    return parents, junctions


def random_xcm(rng, spec, beneficiaries):
    call = rng.choice(TRANSFERS)
    version = rng.choice(spec.versions)
    count = rng.randint(1, 3)
    locations = []
    while len(locations) < count:
        loc = random_location(rng, version, True)
        if loc not in locations:
            locations.append(loc)
    assets = [(p, j, rng.choice([0, 1, rng.randrange(10**13), rng.randrange(2**128)])) for p, j in locations]
    weight = rng.choice(["Unlimited", {"Limited": {"ref_time": rng.randrange(2**64), "proof_size": rng.randrange(2**64)}}])
    return xcm_call(spec, call, version, random_location(rng, version, False), rng.choice(beneficiaries), assets,
                    fee_item=rng.randrange(count), weight=weight)


def test_random_xcm_transfers(testkit, runtime, rng):
    spec, m, blob = runtime
    contacts = contacts_for(spec)
    beneficiaries = [BOB, STRANGER, rng.randbytes(32), rng.randbytes(32)]
    calls = []
    for _ in range(N):
        if rng.random() < 0.2:
            calls.append({"pallet": "Utility", "call": "batch_all",
                          "args": {"calls": [random_xcm(rng, spec, beneficiaries) for _ in range(rng.randint(2, 3))]}})
        else:
            calls.append(random_xcm(rng, spec, beneficiaries))
    items = [request(m, spec, call, rng=rng) for call in calls]
    digest, answers = review(testkit, m, spec, blob, items, contacts)
    for call, (item, parts), answer in zip(calls, items, answers):
        reading = check(m, spec, digest, item, parts, answer, contacts)
        assert meaning(reading, spec) == meaning(call, spec)
