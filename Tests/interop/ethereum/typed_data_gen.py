"""Random valid EIP-712 typed data for the differential test: an acyclic graph of struct types
with nested structs, T[] and T[n] arrays (nested too) of every atomic type, a domain of some of
the standard fields, and a message of the primary type with values in every spelling both
sides read. typed_data_mutations.py then bends them; neither knows which side should refuse
what: typed_data_rules.py judges the resulting JSON text on its own."""
import json

from eth_utils import to_checksum_address

INTS = [f"uint{b}" for b in range(8, 257, 8)] + [f"int{b}" for b in range(8, 257, 8)]
ATOMIC = ["address", "bool", "string", "bytes"] + INTS + [f"bytes{n}" for n in range(1, 33)]
STANDARD_DOMAIN = [("name", "string"), ("version", "string"), ("chainId", "uint256"),
                   ("verifyingContract", "address"), ("salt", "bytes32")]
# Identifiers whose byte order differs from their case-folded order ("$" < digits < upper < "_"
# < lower), so encodeType's sorting of dependencies is exercised.
STRUCT_NAMES = ["Mail", "Person", "Order", "Asset", "Permit", "Item", "Leg", "Z", "a", "b_1", "$Tok", "_x",
                "Node", "Wallet", "Fee", "ZZ", "zz", "A9", "Order2", "item"]
MEMBER_NAMES = ["from", "to", "value", "a", "b", "$x", "_y", "amount", "deadline", "data", "nonce", "Z", "items",
                "x1", "spender", "salt", "name"]
TEXT = "abcXYZ 09,.:\"\\/\n\té€中😀\u0000\u2028"
# Cheap enough to evaluate thousands of times in eth-account: no value holds more than this
# many array elements in total.
MAX_ELEMENTS = 30


class Pairs(list):
    """A JSON object written as the given (key, value) pairs, duplicates included."""


def dumps_pairs(value, ensure_ascii):
    """JSON text of `value`, `Pairs` in order with their duplicate keys (json.dumps otherwise)."""
    if isinstance(value, Pairs):
        return "{" + ",".join(json.dumps(k, ensure_ascii=ensure_ascii) + ":" + dumps_pairs(v, ensure_ascii) for k, v in value) + "}"
    if isinstance(value, dict):
        return dumps_pairs(Pairs(value.items()), ensure_ascii)
    if isinstance(value, list):
        return "[" + ",".join(dumps_pairs(v, ensure_ascii) for v in value) + "]"
    return json.dumps(value, ensure_ascii=ensure_ascii)


def split_array(type_name):
    """("uint8[2]", ) -> ("uint8", "2"); None for a type without brackets."""
    if not type_name.endswith("]") or "[" not in type_name:
        return None
    open_at = type_name.rindex("[")
    return type_name[:open_at], type_name[open_at + 1:-1]


def core(type_name):
    return type_name.split("[")[0]


def int_text(rng, v):
    """An integer as the three spellings both sides read: JSON number, decimal or 0x-hex string."""
    roll = rng.random()
    if roll < 0.6:
        return v
    if roll < 0.8 or v < 0:
        return str(v)
    digits = format(v, "x")
    if rng.random() < 0.2:  # leading zeros, within the 64 digits of a word
        digits = "0" * rng.randint(0, 64 - len(digits)) + digits
    return "0x" + (digits.upper() if rng.random() < 0.3 else digits)


def int_value(rng, type_name):
    unsigned = type_name.startswith("uint")
    bits = int(type_name[4:] if unsigned else type_name[3:])
    if unsigned:
        return rng.choice([0, 1, 2 ** bits - 1, rng.randrange(2 ** bits)])
    return rng.choice([0, -1, 2 ** (bits - 1) - 1, -(2 ** (bits - 1)), rng.randrange(-(2 ** (bits - 1)), 2 ** (bits - 1))])


def hex_of(rng, raw):
    digits = raw.hex()
    return "0x" + (digits.upper() if rng.random() < 0.2 else digits)


class Budget:
    def __init__(self):
        self.left = MAX_ELEMENTS


def value(rng, type_name, types, budget):
    """A valid value of `type_name`."""
    parts = split_array(type_name)
    if parts:
        element, count = parts
        n = int(count) if count else rng.randint(0, min(3, max(0, budget.left)))
        budget.left -= n
        return [value(rng, element, types, budget) for _ in range(n)]
    if type_name in types:
        members = [(m["name"], value(rng, m["type"], types, budget)) for m in types[type_name]]
        if rng.random() < 0.3:
            rng.shuffle(members)  # member order in the JSON object does not matter
        return dict(members)
    if type_name == "address":
        raw = rng.randbytes(20)
        return rng.choice([to_checksum_address(raw), "0x" + raw.hex(), "0x" + raw.hex().upper()])
    if type_name == "bool":
        return rng.random() < 0.5
    if type_name == "string":
        return "".join(rng.choice(TEXT) for _ in range(rng.choice([0, 1, rng.randint(0, 30)])))
    if type_name == "bytes":
        return hex_of(rng, rng.randbytes(rng.choice([0, 1, 32, 33, rng.randint(0, 80)])))
    if type_name.startswith("bytes"):
        return hex_of(rng, rng.randbytes(int(type_name[5:])))
    return int_text(rng, int_value(rng, type_name))


def array_suffix(rng):
    k = lambda: rng.randint(1, 3)  # noqa: E731
    return rng.choice(["", "", "", "", "[]", f"[{k()}]", f"[][{k()}]", f"[{k()}][]", "[][]"])


def valid_document(rng):
    """(document, declared): a valid typed-data document; whether EIP712Domain is declared."""
    names = rng.sample(STRUCT_NAMES, rng.randint(1, 5))
    types = {}
    for i, name in enumerate(names):
        member_names = rng.sample(MEMBER_NAMES, rng.choice([0, 1, 2, rng.randint(1, 6)]))
        members = []
        for member in member_names:
            later = names[i + 1:]
            base = rng.choice(later) if later and rng.random() < 0.35 else rng.choice(ATOMIC)
            members.append({"name": member, "type": base + array_suffix(rng)})
        types[name] = members
    # Every type reachable from the primary one (a type nothing reaches is a second root).
    for i in range(1, len(names)):
        if not any(core(m["type"]) == names[i] for n in names[:i] for m in types[n]):
            holder = types[rng.choice(names[:i])]
            taken = {m["name"] for m in holder}
            holder.append({"name": next(f"r{j}" for j in range(99) if f"r{j}" not in taken), "type": names[i] + rng.choice(["", "", "[]"])})
    chosen = [f for f in STANDARD_DOMAIN if rng.random() < 0.6]
    domain = {}
    for field, field_type in chosen:
        domain[field] = value(rng, field_type, {}, Budget())
    if "chainId" in domain:
        domain["chainId"] = int_text(rng, rng.choice([1, 137, 11155111, rng.randrange(2**64), rng.randrange(2**256)]))
    declared = rng.random() < 0.85
    document = {"types": dict(types), "primaryType": names[0], "domain": domain,
                "message": value(rng, names[0], types, Budget())}
    if declared:
        document["types"]["EIP712Domain"] = [{"name": n, "type": t} for n, t in chosen]
        if rng.random() < 0.5:  # where EIP712Domain sits among the types does not matter
            document["types"] = dict(reversed(list(document["types"].items())))
    return document, declared
