"""Today's Polkadot Asset Hub runtime as V15 metadata: the real Asset Hub V15 snapshot (spec
2000000) carrying the transaction extensions of the V16 snapshot (spec 2003001, the 13 listed in
../shared/data/README.md) with their real types, copied from the V16 type registry.

RFC-0078 hashes V15 metadata (a node serves both through `Metadata_metadata_at_version`), so a
signer is proven today's runtime from its V15 form; the V16 file is read only for the extension
list and types, and the spec version is set to the V16 snapshot's (System.Version). Everything is
encoded by scalecodec with the V15 layout metadata_fixture.py declares.
"""
from codec_support import shared_blob, unwrap
from metadata_fixture import _registry
from scalecodec.base import RuntimeConfigurationObject, ScaleBytes
from scalecodec.type_registry import load_type_registry_preset
from scale_mutations import compact as _encode_compact, read_compact as _compact

V15_FILE = "asset-hub-polkadot-metadata-v15.hex"
V16_FILE = "asset-hub-polkadot-metadata-v16.hex"
TODAYS_EXTENSIONS = ["AuthorizeCall", "CheckNonZeroSender", "CheckSpecVersion", "CheckTxVersion", "CheckGenesis", "CheckMortality",
                     "CheckNonce", "CheckWeight", "ChargeAssetTxPayment", "PrevalidateAttests", "CheckMetadataHash", "EthSetOrigin",
                     "StorageWeightReclaim"]
TODAYS_SPEC = 2_003_001


def v16_extensions(blob: bytes):
    """(types by id, [(identifier, explicit type, implicit type)]) of the V16 snapshot.

    The V16 layout is not declared here: the registry is read by scalecodec, and the extension
    list (`Vec<TransactionExtensionMetadata { identifier, ty, implicit }>`) is found after it as
    the 13 identifiers in order, each followed by its two compact type ids."""
    inner = unwrap(blob)
    assert inner[:5] == b"meta\x10", "not V16 metadata"
    rc = RuntimeConfigurationObject()
    rc.update_type_registry(load_type_registry_preset("core"))
    stream = ScaleBytes(inner[5:])
    registry = rc.create_scale_object("PortableRegistry", stream)
    registry.decode(check_remaining=False)
    types = {t["id"]: t["type"] for t in registry.value["types"]}
    first = bytes(_encode_compact(len(TODAYS_EXTENSIONS[0]))) + TODAYS_EXTENSIONS[0].encode()
    at = inner.find(first, 5 + stream.offset)
    while at >= 0:
        found, cursor = [], at
        for name in TODAYS_EXTENSIONS:
            text = _encode_compact(len(name)) + name.encode()
            if inner[cursor:cursor + len(text)] != text:
                break
            explicit, cursor = _compact(inner, cursor + len(text))
            implicit, cursor = _compact(inner, cursor)
            found.append((name, explicit, implicit))
        if len(found) == len(TODAYS_EXTENSIONS):
            return types, found
        at = inner.find(first, at + 1)
    raise AssertionError("the V16 snapshot's extension list was not found")


def _references(typedef):
    """The type ids a type definition refers to."""
    if "composite" in typedef:
        return [f["type"] for f in typedef["composite"]["fields"]]
    if "variant" in typedef:
        return [f["type"] for v in typedef["variant"]["variants"] for f in v["fields"]]
    if "sequence" in typedef:
        return [typedef["sequence"]["type"]]
    if "array" in typedef:
        return [typedef["array"]["type"]]
    if "tuple" in typedef:
        return list(typedef["tuple"])
    if "compact" in typedef:
        return [typedef["compact"]["type"]]
    if "bitsequence" in typedef:
        return [typedef["bitsequence"]["bit_store_type"], typedef["bitsequence"]["bit_order_type"]]
    return []


def _renumbered(typedef, ids):
    import copy
    d = copy.deepcopy(typedef)
    if "composite" in d:
        for f in d["composite"]["fields"]:
            f["type"] = ids[f["type"]]
    elif "variant" in d:
        for v in d["variant"]["variants"]:
            for f in v["fields"]:
                f["type"] = ids[f["type"]]
    elif "sequence" in d:
        d["sequence"]["type"] = ids[d["sequence"]["type"]]
    elif "array" in d:
        d["array"]["type"] = ids[d["array"]["type"]]
    elif "tuple" in d:
        d["tuple"] = [ids[t] for t in d["tuple"]]
    elif "compact" in d:
        d["compact"]["type"] = ids[d["compact"]["type"]]
    elif "bitsequence" in d:
        b = d["bitsequence"]
        b["bit_store_type"], b["bit_order_type"] = ids[b["bit_store_type"]], ids[b["bit_order_type"]]
    return d


def _with_spec_version(constant_hex: str, spec: int) -> str:
    """System.Version's bytes (RuntimeVersion: spec_name, impl_name, authoring_version,
    spec_version, …) with another spec_version."""
    data = bytearray(bytes.fromhex(constant_hex[2:] if constant_hex.startswith("0x") else constant_hex))
    at = 0
    for _ in range(2):  # spec_name, impl_name
        length, at = _compact(data, at)
        at += length
    at += 4  # authoring_version
    data[at:at + 4] = spec.to_bytes(4, "little")
    return "0x" + data.hex()


def todays_metadata():
    """The V15 fixture (bytes, with no Option wrapper), or None when ../shared/data lacks a file."""
    v15, v16 = shared_blob(V15_FILE), shared_blob(V16_FILE)
    if v15 is None or v16 is None:
        return None
    types16, extensions = v16_extensions(v16)
    rc = _registry()
    obj = rc.create_scale_object("MetadataFixtureV15", ScaleBytes(unwrap(v15)))
    obj.decode()
    value = obj.value
    registry = value["types"]["types"]
    # Every type the extensions use, copied from V16 with ids after V15's own.
    needed, pending = [], [t for _, e, i in extensions for t in (e, i)]
    while pending:
        t = pending.pop()
        if t in needed:
            continue
        needed.append(t)
        pending += _references(types16[t]["def"])
    needed.sort()
    ids = {old: len(registry) + n for n, old in enumerate(needed)}
    for old in needed:
        t = types16[old]
        registry.append({"id": ids[old], "type": {"path": t["path"], "params": [dict(p, type=ids.get(p["type"]) if p["type"] is not None else None)
                                                                               for p in t["params"]],
                                                  "def": _renumbered(t["def"], ids), "docs": t.get("docs", [])}})
    value["extrinsic"]["signed_extensions"] = [{"identifier": n, "ty": ids[e], "additional_signed": ids[i]} for n, e, i in extensions]
    for pallet in value["pallets"]:
        if pallet["name"] == "System":
            for constant in pallet["constants"]:
                if constant["name"] == "Version":
                    constant["value"] = _with_spec_version(constant["value"], TODAYS_SPEC)
    return bytes(rc.create_scale_object("MetadataFixtureV15").encode(value).data)
