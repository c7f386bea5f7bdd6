"""Runtime metadata V14 and V15 for the fixture node, built with scalecodec's own encoder.

A small runtime: System (pallet 0, remark, with one storage map), Balances (pallet 5:
transfer_allow_death 0, transfer_keep_alive 3, transfer_all 4; a constant), Utility (pallet
26: batch 0, batch_all 2), the Polkadot relay chain's signed-extension list, and for V15 one
runtime API, the outer enums and a custom value. Nothing here is copied from a real chain's
metadata: the type registry is written out below. scalecodec 1.2 knows V14; the V15 layout
(frame-metadata v15) is declared here as scalecodec type definitions and encoded by scalecodec.

`metadata_v15(runtime=Runtime(…))` is the fuller runtime a watch can build an RFC-0078 request
against (scripts/docs-fixture serves it): System's Version and SS58Prefix constants, which the
metadata hash binds, a Staking pallet (7: bond 0, nominate 5, as Polkadot numbers them) and each
signed extension with its real extra and additional-signed types (CheckMortality's Era,
Compact<u32> nonce, Compact<u128> tip, CheckMetadataHash's Mode and Option<[u8; 32]>, the u32
versions and H256 hashes), laid out as in Polkadot's own metadata (test_substrate_node.py
compares them with Polkadot's V15 when ../shared/data has it). The default fixture keeps unit extension types
and no version, so the many tests built on it keep their meaning.
"""
from dataclasses import dataclass

from scalecodec.base import RuntimeConfiguration
from scalecodec.type_registry import load_type_registry_preset

RELAY_EXTENSIONS = ["CheckNonZeroSender", "CheckSpecVersion", "CheckTxVersion", "CheckGenesis", "CheckMortality",
                    "CheckNonce", "CheckWeight", "ChargeTransactionPayment", "PrevalidateAttests", "CheckMetadataHash"]
PALLETS = {"System": 0, "Balances": 5, "Utility": 26}
CALLS = {"System": {"remark": 0}, "Balances": {"transfer_allow_death": 0, "transfer_keep_alive": 3, "transfer_all": 4},
         "Utility": {"batch": 0, "batch_all": 2}}


def _type(id_, path, typedef, params=()):
    return {"id": id_, "type": {"path": path, "params": [{"name": n, "type": t} for n, t in params], "def": typedef, "docs": []}}


def _field(name, ty, type_name=None):
    return {"name": name, "type": ty, "typeName": type_name, "docs": []}


def _variant(name, index, fields=()):
    return {"name": name, "fields": list(fields), "index": index, "docs": ["the " + name + " variant"]}


def _balances_calls():
    dest, value = _field("dest", 2, "AccountIdLookupOf<T>"), _field("value", 3, "T::Balance")
    return [_variant("transfer_allow_death", 0, [dest, value]), _variant("transfer_keep_alive", 3, [dest, value]),
            _variant("transfer_all", 4, [dest, _field("keep_alive", 5, "bool")])]


TYPES = [
    _type(0, [], {"primitive": "u8"}),
    _type(1, ["sp_core", "crypto", "AccountId32"], {"composite": {"fields": [_field(None, 14, "[u8; 32]")]}}),
    _type(2, ["sp_runtime", "multiaddress", "MultiAddress"], {"variant": {"variants": [
        _variant("Id", 0, [_field(None, 1, "AccountId")]), _variant("Index", 1, [_field(None, 13, "AccountIndex")]),
        _variant("Raw", 2, [_field(None, 10, "Vec<u8>")]), _variant("Address32", 3, [_field(None, 14, "[u8; 32]")]),
        _variant("Address20", 4, [_field(None, 15, "[u8; 20]")])]}}, params=[("AccountId", 1), ("AccountIndex", None)]),
    _type(3, [], {"compact": {"type": 4}}),
    _type(4, [], {"primitive": "u128"}),
    _type(5, [], {"primitive": "bool"}),
    _type(6, ["pallet_balances", "pallet", "Call"], {"variant": {"variants": _balances_calls()}}),
    _type(7, ["fixture_runtime", "RuntimeCall"], {"variant": {"variants": [
        _variant("System", 0, [_field(None, 8)]), _variant("Balances", 5, [_field(None, 6)]), _variant("Utility", 26, [_field(None, 9)])]}}),
    _type(8, ["frame_system", "pallet", "Call"], {"variant": {"variants": [_variant("remark", 0, [_field("remark", 10, "Vec<u8>")])]}}),
    _type(9, ["pallet_utility", "pallet", "Call"], {"variant": {"variants": [
        _variant("batch", 0, [_field("calls", 11)]), _variant("batch_all", 2, [_field("calls", 11)])]}}),
    _type(10, [], {"sequence": {"type": 0}}),
    _type(11, [], {"sequence": {"type": 7}}),
    _type(12, [], {"primitive": "u32"}),
    _type(13, [], {"compact": {"type": 12}}),
    _type(14, [], {"array": {"len": 32, "type": 0}}),
    _type(15, [], {"array": {"len": 20, "type": 0}}),
    _type(16, [], {"tuple": []}),
    _type(17, ["bitvec", "order", "Lsb0"], {"composite": {"fields": []}}),
    _type(18, [], {"bitsequence": {"bit_store_type": 0, "bit_order_type": 17}}),
    _type(19, [], {"primitive": "str"}),
    _type(20, ["sp_runtime", "MultiSignature"], {"variant": {"variants": [
        _variant("Ed25519", 0, [_field(None, 22, "ed25519::Signature")]), _variant("Sr25519", 1, [_field(None, 22, "sr25519::Signature")]),
        _variant("Ecdsa", 2, [_field(None, 23, "ecdsa::Signature")])]}}),
    # V14 names the address, call and signature types only as UncheckedExtrinsic's parameters.
    _type(21, ["sp_runtime", "generic", "unchecked_extrinsic", "UncheckedExtrinsic"], {"composite": {"fields": [_field(None, 10)]}},
          params=[("Address", 2), ("Call", 7), ("Signature", 20), ("Extra", 16)]),
    _type(22, [], {"array": {"len": 64, "type": 0}}),
    _type(23, [], {"array": {"len": 65, "type": 0}}),
]


@dataclass(frozen=True)
class Runtime:
    """What the fuller fixture runtime states about itself (System.Version and SS58Prefix)."""
    spec_name: str
    spec_version: int
    transaction_version: int
    ss58_prefix: int


STAKING_PALLET, STAKING_CALLS = 7, {"bond": 0, "nominate": 5}
# The fuller runtime's types, after TYPES (ids 24…, in order: the registry's ids are its
# positions). Names, paths and layouts as in Polkadot's metadata; the ids are this fixture's own.
H256, ERA, MODE, OPTION_HASH, EMPTY = 24, 25, 26, 27, 28
CHECK_NONCE, CHARGE_PAYMENT, CHECK_METADATA_HASH = 29, 30, 31
STAKING_CALL, REWARD_DESTINATION, ADDRESSES = 32, 33, 34
RUNTIME_VERSION, API_ID, API, APIS, U16 = 35, 36, 37, 38, 39
CHECK_MORTALITY = 40


def _runtime_types():
    types = [
        _type(H256, ["primitive_types", "H256"], {"composite": {"fields": [_field(None, 14, "[u8; 32]")]}}),
        # Era: Immortal, then Mortal1 … Mortal255, each holding the encoding's second byte.
        _type(ERA, ["sp_runtime", "generic", "era", "Era"], {"variant": {"variants": [_variant("Immortal", 0)] + [
            _variant(f"Mortal{n}", n, [_field(None, 0)]) for n in range(1, 256)]}}),
        _type(MODE, ["frame_metadata_hash_extension", "Mode"], {"variant": {"variants": [_variant("Disabled", 0), _variant("Enabled", 1)]}}),
        _type(OPTION_HASH, ["Option"], {"variant": {"variants": [_variant("None", 0), _variant("Some", 1, [_field(None, 14)])]}},
              params=[("T", 14)]),
        _type(EMPTY, ["frame_system", "extensions", "check_non_zero_sender", "CheckNonZeroSender"], {"composite": {"fields": []}}),
        _type(CHECK_NONCE, ["frame_system", "extensions", "check_nonce", "CheckNonce"], {"composite": {"fields": [_field(None, 13, "T::Nonce")]}}),
        _type(CHARGE_PAYMENT, ["pallet_transaction_payment", "ChargeTransactionPayment"],
              {"composite": {"fields": [_field(None, 3, "BalanceOf<T>")]}}),
        _type(CHECK_METADATA_HASH, ["frame_metadata_hash_extension", "CheckMetadataHash"],
              {"composite": {"fields": [_field("mode", MODE, "Mode")]}}),
        _type(STAKING_CALL, ["pallet_staking", "pallet", "pallet", "Call"], {"variant": {"variants": [
            _variant("bond", STAKING_CALLS["bond"], [_field("value", 3, "BalanceOf<T>"), _field("payee", REWARD_DESTINATION, "RewardDestination<T::AccountId>")]),
            _variant("nominate", STAKING_CALLS["nominate"], [_field("targets", ADDRESSES, "Vec<AccountIdLookupOf<T>>")])]}}),
        _type(REWARD_DESTINATION, ["pallet_staking", "RewardDestination"], {"variant": {"variants": [
            _variant("Staked", 0), _variant("Stash", 1), _variant("Controller", 2), _variant("Account", 3, [_field(None, 1, "AccountId")]),
            _variant("None", 4)]}}, params=[("AccountId", 1)]),
        _type(ADDRESSES, [], {"sequence": {"type": 2}}),
        _type(RUNTIME_VERSION, ["sp_version", "RuntimeVersion"], {"composite": {"fields": [
            _field("spec_name", 19, "Cow<'static, str>"), _field("impl_name", 19, "Cow<'static, str>"),
            _field("authoring_version", 12, "u32"), _field("spec_version", 12, "u32"), _field("impl_version", 12, "u32"),
            _field("apis", APIS, "ApisVec"), _field("transaction_version", 12, "u32"), _field("system_version", 0, "u8")]}}),
        _type(API_ID, [], {"array": {"len": 8, "type": 0}}),
        _type(API, [], {"tuple": [API_ID, 12]}),
        _type(APIS, [], {"sequence": {"type": API}}),
        _type(U16, [], {"primitive": "u16"}),
        _type(CHECK_MORTALITY, ["frame_system", "extensions", "check_mortality", "CheckMortality"],
              {"composite": {"fields": [_field(None, ERA, "Era")]}}),
    ]
    # The runtime's call enum (type 7) gains Staking.
    runtime_call = _type(7, ["fixture_runtime", "RuntimeCall"], {"variant": {"variants": [
        _variant("System", 0, [_field(None, 8)]), _variant("Balances", 5, [_field(None, 6)]),
        _variant("Staking", STAKING_PALLET, [_field(None, STAKING_CALL)]), _variant("Utility", 26, [_field(None, 9)])]}})
    return [runtime_call if t["id"] == 7 else t for t in TYPES] + types


# Each extension's (extra, additional signed) types in the fuller runtime.
REAL_EXTENSION_TYPES = {
    "CheckNonZeroSender": (EMPTY, 16), "CheckSpecVersion": (EMPTY, 12), "CheckTxVersion": (EMPTY, 12), "CheckGenesis": (EMPTY, H256),
    "CheckMortality": (CHECK_MORTALITY, H256), "CheckNonce": (CHECK_NONCE, 16), "CheckWeight": (EMPTY, 16),
    "ChargeTransactionPayment": (CHARGE_PAYMENT, 16), "PrevalidateAttests": (EMPTY, 16), "CheckMetadataHash": (CHECK_METADATA_HASH, OPTION_HASH),
}


def _runtime_version(runtime: Runtime) -> bytes:
    """sp-version RuntimeVersion's SCALE bytes, encoded by scalecodec: no runtime APIs, system
    version 1."""
    rc = _registry()
    fields = [("Str", runtime.spec_name), ("Str", runtime.spec_name), ("u32", 0), ("u32", runtime.spec_version), ("u32", 0),
              ("Compact<u32>", 0), ("u32", runtime.transaction_version), ("u8", 1)]
    return b"".join(bytes(rc.create_scale_object(type_string).encode(value).data) for type_string, value in fields)


def _pallets(v15: bool, runtime=None):
    def pallet(name, **extra):
        entry = {"name": name, "storage": None, "calls": {"ty": {"System": 8, "Balances": 6, "Utility": 9, "Staking": STAKING_CALL}[name]},
                 "event": None, "constants": [], "error": None, "index": dict(PALLETS, Staking=STAKING_PALLET)[name]}
        entry.update(extra)
        if v15:
            entry["docs"] = ["the " + name + " pallet"]
        return entry
    system_constants = [] if runtime is None else [
        {"name": "Version", "type": RUNTIME_VERSION, "value": "0x" + _runtime_version(runtime).hex(), "documentation": []},
        {"name": "SS58Prefix", "type": U16, "value": "0x" + runtime.ss58_prefix.to_bytes(2, "little").hex(), "documentation": []}]
    staking = [] if runtime is None else [pallet("Staking")]
    return [
        pallet("System", constants=system_constants, storage={"prefix": "System", "entries": [
            {"name": "Account", "modifier": "Default", "type": {"Map": {"hashers": ["Blake2_128Concat"], "key": 1, "value": 4}},
             "default": "0x" + "00" * 16, "documentation": ["balances"]},
            {"name": "Number", "modifier": "Optional", "type": {"Plain": 12}, "default": "0x00000000", "documentation": []}]}),
        pallet("Balances", constants=[{"name": "ExistentialDeposit", "type": 4, "value": "0x00e40b54020000000000000000000000",
                                       "documentation": ["the minimum balance"]}]),
    ] + staking + [pallet("Utility")]


def _registry():
    rc = RuntimeConfiguration()
    rc.update_type_registry(load_type_registry_preset("core"))
    rc.update_type_registry({"types": {
        "PalletMetadataFixtureV15": {"type": "struct", "type_mapping": [
            ["name", "Text"], ["storage", "Option<StorageMetadataV14>"], ["calls", "Option<PalletCallMetadataV14>"],
            ["event", "Option<PalletEventMetadataV14>"], ["constants", "Vec<PalletConstantMetadataV14>"],
            ["error", "Option<PalletErrorMetadataV14>"], ["index", "u8"], ["docs", "Vec<Text>"]]},
        "ExtrinsicMetadataFixtureV15": {"type": "struct", "type_mapping": [
            ["version", "u8"], ["address_type", "SiLookupTypeId"], ["call_type", "SiLookupTypeId"],
            ["signature_type", "SiLookupTypeId"], ["extra_type", "SiLookupTypeId"],
            ["signed_extensions", "Vec<SignedExtensionMetadataV14>"]]},
        "RuntimeApiParamFixtureV15": {"type": "struct", "type_mapping": [["name", "Text"], ["type", "SiLookupTypeId"]]},
        "RuntimeApiMethodFixtureV15": {"type": "struct", "type_mapping": [
            ["name", "Text"], ["inputs", "Vec<RuntimeApiParamFixtureV15>"], ["output", "SiLookupTypeId"], ["docs", "Vec<Text>"]]},
        "RuntimeApiFixtureV15": {"type": "struct", "type_mapping": [
            ["name", "Text"], ["methods", "Vec<RuntimeApiMethodFixtureV15>"], ["docs", "Vec<Text>"]]},
        "CustomValueFixtureV15": {"type": "struct", "type_mapping": [["name", "Text"], ["type", "SiLookupTypeId"], ["value", "Bytes"]]},
        "MetadataFixtureV15": {"type": "struct", "type_mapping": [
            ["magic", "[u8; 4]"], ["version", "u8"], ["types", "PortableRegistry"], ["pallets", "Vec<PalletMetadataFixtureV15>"],
            ["extrinsic", "ExtrinsicMetadataFixtureV15"], ["runtime_type", "SiLookupTypeId"], ["apis", "Vec<RuntimeApiFixtureV15>"],
            ["outer_call", "SiLookupTypeId"], ["outer_event", "SiLookupTypeId"], ["outer_error", "SiLookupTypeId"],
            ["custom", "Vec<CustomValueFixtureV15>"]]},
    }})
    return rc


def metadata_v14(extensions=RELAY_EXTENSIONS) -> bytes:
    rc = _registry()
    value = ["0x6d657461", {"V14": {
        "types": {"types": TYPES}, "pallets": _pallets(False),
        "extrinsic": {"ty": 21, "version": 4, "signed_extensions": [
            {"identifier": n, "ty": 16, "additional_signed": 16} for n in extensions]},
        "runtime_type": 7}}]
    return bytes(rc.create_scale_object("MetadataVersioned").encode(value).data)


def metadata_v15(extensions=RELAY_EXTENSIONS, runtime: Runtime = None) -> bytes:
    """The fixture's V15 metadata; with `runtime`, the fuller runtime of the module's docstring."""
    rc = _registry()

    def extension(name):
        extra, additional = (16, 16) if runtime is None else REAL_EXTENSION_TYPES[name]
        return {"identifier": name, "ty": extra, "additional_signed": additional}
    value = {
        "magic": "0x6d657461", "version": 15, "types": {"types": TYPES if runtime is None else _runtime_types()},
        "pallets": _pallets(True, runtime),
        "extrinsic": {"version": 4, "address_type": 2, "call_type": 7, "signature_type": 20, "extra_type": 16,
                      "signed_extensions": [extension(n) for n in extensions]},
        "runtime_type": 7,
        "apis": [{"name": "Core", "methods": [{"name": "version", "inputs": [{"name": "at", "type": 12}], "output": 19,
                                                "docs": ["the runtime version"]}], "docs": []}],
        "outer_call": 7, "outer_event": 16, "outer_error": 16,
        "custom": [{"name": "fixture", "type": 12, "value": "0x2a000000"}],
    }
    return bytes(rc.create_scale_object("MetadataFixtureV15").encode(value).data)


def decoded_v14(blob: bytes):
    """scalecodec's own decoding of a V14 blob (to check the fixture is what it says)."""
    from scalecodec.base import ScaleBytes
    obj = _registry().create_scale_object("MetadataVersioned", ScaleBytes(blob))
    obj.decode()
    return obj


def decoded_v15(blob: bytes) -> dict:
    """scalecodec's own decoding of a V15 blob built here."""
    from scalecodec.base import ScaleBytes
    obj = _registry().create_scale_object("MetadataFixtureV15", ScaleBytes(blob))
    obj.decode()
    return obj.value
