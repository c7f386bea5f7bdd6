"""Where stellar-sdk's XDR classes accept what the Stellar network refuses.

stellar-sdk 16.1.1's generated classes check the schema (enum members, union arms, string and
opaque maxima, fixed sizes, trailing bytes) but not everything the chain enforces. Each rule
below is one such gap, with the chain's rule it stands for; when stellar-sdk accepts an input
and a rule fires, the chain refuses it, and so must the signer. `refused_by_chain` names the
first rule that fires, so a case is counted under the rule that decided it.
"""
from enum import IntEnum

from stellar_sdk import xdr as x
from stellar_sdk.scval import _compare_sc_val

T = x.SCValType


def by_type(obj):
    """Every XDR object inside `obj` (itself included), grouped by class."""
    found = {}
    stack = [obj]
    while stack:
        o = stack.pop()
        if isinstance(o, list):
            stack.extend(o)
        elif not isinstance(o, IntEnum) and type(o).__module__.startswith("stellar_sdk.xdr."):
            found.setdefault(type(o), []).append(o)
            stack.extend(v for v in vars(o).values() if v is not None)
    return found


def noncanonical_words(raw: bytes, reencoded: bytes) -> bool:
    """stellar-core's XDR runtime (xdrpp) refuses non-zero padding bytes and bool / optional
    flags other than 0 and 1 (xdr_should_be_zero, xdr_bad_value); stellar-sdk's Unpacker skips
    padding unread and takes any non-zero flag as true, then writes zeros and 1 back. True when
    every word where stellar-sdk's re-encoding differs from the input is one of those two."""
    if raw == reencoded or len(raw) != len(reencoded) or len(raw) % 4:
        return False
    for at in range(0, len(raw), 4):
        got, wrote = raw[at:at + 4], reencoded[at:at + 4]
        if got == wrote:
            continue
        flag = wrote == b"\0\0\0\1" and int.from_bytes(got, "big") > 1
        first = next(i for i in range(4) if got[i] != wrote[i])
        padding = first > 0 and not any(wrote[first:])
        if not (flag or padding):
            return False
    return True


# Arrays whose XDR declares a maximum (Stellar-transaction.x, Stellar-ledger-entries.x) that
# stellar-sdk does not check; xdrpp refuses a longer one (xdr_overflow).
BOUNDS = {
    x.Transaction: {"operations": 100},             # Operation operations<MAX_OPS_PER_TX>
    x.TransactionV0: {"operations": 100},
    x.TransactionV0Envelope: {"signatures": 20},    # DecoratedSignature signatures<20>
    x.TransactionV1Envelope: {"signatures": 20},
    x.FeeBumpTransactionEnvelope: {"signatures": 20},
    x.PathPaymentStrictReceiveOp: {"path": 5},      # Asset path<5>
    x.PathPaymentStrictSendOp: {"path": 5},
    x.CreateClaimableBalanceOp: {"claimants": 10},  # Claimant claimants<10>
    x.ClaimPredicate: {"and_predicates": 2, "or_predicates": 2},
    x.PreconditionsV2: {"extra_signers": 2},        # SignerKey extraSigners<2>
}


def array_over_bound(found) -> bool:
    return any(len(getattr(o, field) or []) > limit
               for cls, fields in BOUNDS.items() for o in found.get(cls, []) for field, limit in fields.items())


def _code_valid(raw: bytes, twelve: bool) -> bool:
    # stellar-core isAssetValid (src/util/types.cpp): ASCII letters and digits, then only zero
    # padding; 1-4 characters for alphanum4, 5-12 for alphanum12. An operation with another
    # code is malformed.
    length = raw.find(b"\0") if b"\0" in raw else len(raw)
    return (not any(raw[length:]) and all(chr(c).isascii() and chr(c).isalnum() for c in raw[:length])
            and (5 <= length <= 12 if twelve else 1 <= length <= 4))


def invalid_asset_code(found) -> bool:
    return (any(not _code_valid(o.asset_code4, False) for o in found.get(x.AssetCode4, []))
            or any(not _code_valid(o.asset_code12, True) for o in found.get(x.AssetCode12, [])))


def no_operations(found) -> bool:
    # stellar-core: a transaction without operations fails with txMISSING_OPERATION.
    return any(not o.operations for cls in (x.Transaction, x.TransactionV0) for o in found.get(cls, []))


def inflation_operation(found) -> bool:
    # stellar-core: INFLATION was retired in protocol 12 (opNOT_SUPPORTED).
    return any(o.type == x.OperationType.INFLATION for o in found.get(x.OperationBody, []))


SYMBOL_CHARS = set(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")


def bad_symbol(found) -> bool:
    # soroban-env-host: a symbol is at most 32 of a-z A-Z 0-9 _ (SymbolError::BadChar).
    return any(not set(o.sc_symbol) <= SYMBOL_CHARS for o in found.get(x.SCSymbol, []))


def absent_vec_or_map(found) -> bool:
    # soroban-env-host refuses SCV_VEC / SCV_MAP whose optional body is absent.
    return any((o.type == T.SCV_VEC and o.vec is None) or (o.type == T.SCV_MAP and o.map is None)
               for o in found.get(x.SCVal, []))


def unsorted_map(found) -> bool:
    # soroban-env-host: map keys must be strictly increasing in the host's value order (no key
    # twice); stellar-sdk's `_compare_sc_val` is that order (test_soroban checks ours against it).
    for m in found.get(x.SCMap, []):
        keys = [e.key for e in m.sc_map]
        if any(_compare_sc_val(a, b) >= 0 for a, b in zip(keys, keys[1:])):
            return True
    return False


def unsorted_delegates(found) -> bool:
    # CAP-71-01: every delegate list (top-level and nested) must be strictly increasing by
    # address in the host's order (no address twice), or the host refuses the entry.
    def addresses(ds):
        return [x.SCVal(T.SCV_ADDRESS, address=d.address) for d in ds]
    lists = [o.delegates for o in found.get(x.SorobanAddressCredentialsWithDelegates, [])]
    lists += [o.nested_delegates for o in found.get(x.SorobanDelegateSignature, [])]
    return any(_compare_sc_val(a, b) >= 0 for ds in lists for a, b in zip(addresses(ds), addresses(ds)[1:]))


# Rules on the parsed value's objects, checked in this order.
RULES = [
    ("delegates not strictly increasing", unsorted_delegates),
    ("array over its XDR bound", array_over_bound),
    ("no operations", no_operations),
    ("inflation operation", inflation_operation),
    ("invalid asset code", invalid_asset_code),
    ("symbol with a character the host refuses", bad_symbol),
    ("absent vec or map", absent_vec_or_map),
    ("map keys not strictly increasing", unsorted_map),
]


def refused_by_chain(obj, raw: bytes, reencoded: bytes):
    """The name of the first rule by which the chain refuses what stellar-sdk accepted, or None."""
    if noncanonical_words(raw, reencoded):
        return "non-canonical padding or flag"
    found = by_type(obj)
    return next((name for name, rule in RULES if rule(found)), None)
