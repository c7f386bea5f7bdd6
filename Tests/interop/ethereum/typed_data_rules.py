"""How the typed-data differential judges one JSON text, independently of both decoders.

eth-account's `encode_typed_data` is the oracle, but it is laxer than EIP-712 in places and
departs from it in a few others. Each such place is a named predicate over the document here:

- RULES: EIP-712 rules eth-account does not enforce. When one holds, the signer must refuse,
  whatever eth-account does (and the test counts how often eth-account accepted anyway).
- DEPARTURES: documents EIP-712 gives a meaning that eth-account hashes differently or refuses.
  When one holds (and no rule does), the expected answer is EIP-712's, computed with
  eth-account's own `hash_struct` over the document's declared types and primaryType.

Every other document must be refused by both or hashed to the same digest and domain separator.
"""
import json
import re

from eth_account._utils.encode_typed_data.encoding_and_hashing import hash_struct
from eth_account.messages import _hash_eip191_message, encode_typed_data
from eth_utils import keccak

from typed_data_gen import ATOMIC, STANDARD_DOMAIN, core, split_array

IDENTIFIER = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")
# T[n]: n canonical decimal, at least 1; the signer bounds n below a million (a fixed array's
# value must hold n elements, so larger ones could never be met by a document it would read).
ARRAY_LENGTH = re.compile(r"[1-9][0-9]{0,5}")
MAX_DIMENSIONS = 64  # TypedDataType.maxArrayDimensions
HEX_BYTES = re.compile(r"0x(?:[0-9a-fA-F]{2})*")
ADDRESS = re.compile(r"0x[0-9a-fA-F]{40}")
# A JSON integer, or text: decimal (78 digits hold any 256-bit value) or 0x-hex (64 digits).
INTEGER_TEXT = re.compile(r"-?[0-9]{1,78}|0x[0-9a-fA-F]{1,64}")
TOP_LEVEL = {"types", "primaryType", "domain", "message"}
# Solidity's aliases of uint256/int256: eth-account takes a struct of that name for the atomic type.
SOLIDITY_ALIASES = {"uint", "int"}

RULES = {
    "duplicate JSON key":
        "RFC 8259 §4: object names SHOULD be unique; readers keep the first or the last, so one wallet "
        "could show a value another signs differently (Python keeps the last)",
    "top-level member besides the four":
        "EIP-712 signs types, primaryType, domain and message only; a fifth member would travel unsigned",
    "a top-level member missing":
        "EIP-712's typed-data JSON schema requires types, primaryType, domain and message (eth-account derives "
        "primaryType, and EIP-712's reference never reads the message of primaryType EIP712Domain)",
    "native import: a domain field outside the standard five":
        "the native import reads the domain as eth-account's hash_domain does (TypedDataDomain.withDomainType), "
        "which refuses other fields",
    "no EIP712Domain type":
        "EIP-712's JSON schema requires types.EIP712Domain; only the native import derives it, as eth-account does",
    "type declaration not an array of members":
        "EIP-712's JSON schema: each type is an array of {name, type} members",
    "type name not an identifier":
        "EIP-712: a struct type has a valid identifier as name",
    "struct named like an atomic type":
        "encodeType would be ambiguous; eth-account takes uint and int for Solidity's atomic aliases",
    "member entry not exactly {name, type} strings":
        "EIP-712: a member variable has a member type and a name, both strings in the JSON schema",
    "member name not an identifier":
        "EIP-712: member names are identifiers",
    "member name twice in a struct":
        "EIP-712 encodeData takes one value per member name",
    "member type outside EIP-712's grammar":
        "EIP-712 member types: bytes1..32, uint8..256, int8..256 (steps of 8), bool, address, bytes, string, "
        "a declared struct, T[] and T[n] with n >= 1 (no uint/int aliases, no [0] or [02])",
    "cyclic types":
        "the signer refuses struct types that reach themselves (TypedData.checkAcyclic), a deliberate bound: "
        "EIP-712 gives no bound on their values' depth, and eth-account encodes a missing one as zero",
    "member value missing or null":
        "EIP-712 encodeData encodes every member of the type and JSON null is no EIP-712 value "
        "(eth-account encodes a missing struct as zero and a missing string or bytes as empty)",
    "struct value not a JSON object":
        "EIP-712's JSON carries a struct as an object (eth-account never looks at the value of a struct without members)",
    "value member the type lacks":
        "EIP-712 encodeData covers only the type's members; an extra one would be shown but not signed",
    "fixed-size array of another length":
        "EIP-712 T[n] holds exactly n values (eth-account does not count them)",
    "bool not true or false":
        "EIP-712 bool is false or true (eth-account reads \"false\", \"0\" and falsy values as false, anything else as true)",
    "bytes not 0x-hex of whole bytes":
        "eth_signTypedData_v4 carries bytes as 0x-hex (eth-account hashes other text as UTF-8 and integers as their bytes)",
    "bytesN value of other than N bytes":
        "EIP-712 bytesN is exactly N bytes (eth-account right-pads shorter values)",
    "string value not a JSON string":
        "EIP-712 string is text (eth-account hashes an integer's bytes)",
    "integer not a JSON integer, decimal or 0x-hex text":
        "Python's int() also reads ' 5', '+5', '1_0' and non-ASCII digits, which no other wallet reads the same way",
    "address not 0x and 40 hex digits":
        "eth_signTypedData_v4 addresses are 0x-prefixed (eth-account also reads 40 bare hex digits)",
}

DEPARTURES = {
    "eth-account rebuilds EIP712Domain":
        "EIP-712 hashes the domain with its declared EIP712Domain type; eth-account's hash_domain always "
        "uses the standard fields in the standard order and types, and refuses other fields",
    "primaryType is not eth-account's single root":
        "EIP-712 hashes the message as primaryType; eth-account requires it to be the one type no other references",
    "a member of type EIP712Domain":
        "EIP712Domain is a struct type like any other in EIP-712; eth-account drops it from the message's types",
}


def parse(text):
    """(document, whether some object has a key twice); Python keeps the last of duplicates."""
    duplicate = False

    def pairs(items):
        nonlocal duplicate
        duplicate |= len({k for k, _ in items}) != len(items)
        return dict(items)

    return json.loads(text, object_pairs_hook=pairs), duplicate


def eip712_type(type_name, struct_names):
    dimensions, element = 0, type_name
    while element.endswith("]"):
        open_at = element.rfind("[")
        length = element[open_at + 1:-1]
        if open_at <= 0 or (length and not ARRAY_LENGTH.fullmatch(length)):
            return False
        element, dimensions = element[:open_at], dimensions + 1
    return dimensions <= MAX_DIMENSIONS and (element in ATOMIC or element in struct_names)


def declarations(types):
    """{type name: [(member name, member type)]} for the well-formed members of each type."""
    return {name: [(m["name"], m["type"]) for m in members
                   if isinstance(m, dict) and isinstance(m.get("name"), str) and isinstance(m.get("type"), str)]
            for name, members in types.items() if isinstance(members, list)}


def has_cycle(structs):
    state = {}

    def visit(name):
        state[name] = "open"
        for _, member_type in structs[name]:
            c = core(member_type)
            if c in structs and (state.get(c) == "open" or (c not in state and visit(c))):
                return True
        state[name] = "done"
        return False

    return any(name not in state and visit(name) for name in structs)


def type_rules(doc, derive):
    """The broken RULES that concern the document's outline and types."""
    broken = set()
    if set(doc) - TOP_LEVEL:
        broken.add("top-level member besides the four")
    if TOP_LEVEL - set(doc):
        broken.add("a top-level member missing")
    types = doc.get("types")
    if not isinstance(types, dict):
        return broken
    if "EIP712Domain" not in types and not derive:
        broken.add("no EIP712Domain type")
    if derive and isinstance(doc.get("domain"), dict) and set(doc["domain"]) - {n for n, _ in STANDARD_DOMAIN}:
        broken.add("native import: a domain field outside the standard five")
    # The native import adds the derived EIP712Domain before reading the types.
    struct_names = set(types) | ({"EIP712Domain"} if derive else set())
    for name, members in types.items():
        if not IDENTIFIER.fullmatch(name):
            broken.add("type name not an identifier")
        if name in ATOMIC or name in SOLIDITY_ALIASES:
            broken.add("struct named like an atomic type")
        if not isinstance(members, list):
            broken.add("type declaration not an array of members")
            continue
        seen = set()
        for m in members:
            if not (isinstance(m, dict) and set(m) == {"name", "type"} and isinstance(m["name"], str) and isinstance(m["type"], str)):
                broken.add("member entry not exactly {name, type} strings")
                continue
            if not IDENTIFIER.fullmatch(m["name"]):
                broken.add("member name not an identifier")
            if m["name"] in seen:
                broken.add("member name twice in a struct")
            seen.add(m["name"])
            if not eip712_type(m["type"], struct_names):
                broken.add("member type outside EIP-712's grammar")
    if has_cycle(declarations(types)):
        broken.add("cyclic types")
    return broken


def domain_members(doc, derive):
    """The domain's (name, type) members: declared, or derived from its standard fields (native
    import only); None when there is neither."""
    declared = doc["types"].get("EIP712Domain")
    if declared is not None:
        return declarations({"EIP712Domain": declared}).get("EIP712Domain")
    if derive and isinstance(doc.get("domain"), dict):
        return [(n, t) for n, t in STANDARD_DOMAIN if n in doc["domain"]]
    return None


class ValueWalk:
    """The broken value RULES: every value the types reach, checked against its type. A value
    that is not an array where the type is one is refused by both sides, so the walk stops there."""

    def __init__(self, structs):
        self.structs = structs
        self.broken = set()

    def struct(self, members, value):
        if not isinstance(value, dict):
            self.broken.add("struct value not a JSON object")
            return
        names = {n for n, _ in members}
        if set(value) - names:
            self.broken.add("value member the type lacks")
        for name, member_type in members:
            self.value(member_type, value.get(name))

    def value(self, type_name, value):
        if value is None:
            self.broken.add("member value missing or null")
            return
        parts = split_array(type_name)
        if parts:
            element, length = parts
            if isinstance(value, list):
                if ARRAY_LENGTH.fullmatch(length) and len(value) != int(length):
                    self.broken.add("fixed-size array of another length")
                for item in value:
                    self.value(element, item)
        elif type_name in self.structs:
            self.struct(self.structs[type_name], value)
        elif type_name in ATOMIC:  # other names break the type grammar rule already
            self.atomic(type_name, value)

    def atomic(self, type_name, value):
        is_text = isinstance(value, str)
        if type_name == "bool" and not isinstance(value, bool):
            self.broken.add("bool not true or false")
        elif type_name == "string" and not is_text:
            self.broken.add("string value not a JSON string")
        elif type_name == "address" and not (is_text and ADDRESS.fullmatch(value)):
            self.broken.add("address not 0x and 40 hex digits")
        elif type_name.startswith("bytes"):
            if not (is_text and HEX_BYTES.fullmatch(value)):
                self.broken.add("bytes not 0x-hex of whole bytes")
            elif type_name != "bytes" and len(value) != 2 + 2 * int(type_name[5:]):
                self.broken.add("bytesN value of other than N bytes")
        elif type_name.startswith(("uint", "int")):
            if isinstance(value, bool) or not (isinstance(value, int) or (is_text and INTEGER_TEXT.fullmatch(value))):
                self.broken.add("integer not a JSON integer, decimal or 0x-hex text")


def value_rules(doc, derive):
    types = doc.get("types")
    if not isinstance(types, dict):
        return set()
    walk = ValueWalk(declarations(types))
    members = domain_members(doc, derive)
    if members is not None:
        walk.structs["EIP712Domain"] = members  # derived ones included, as messages may use the type
        if "domain" in doc:
            walk.struct(members, doc["domain"])
    primary = doc.get("primaryType")
    if isinstance(primary, str) and primary in walk.structs and primary != "EIP712Domain" and "message" in doc:
        walk.struct(walk.structs[primary], doc["message"])
    return walk.broken


def eth_account_root(types):
    """The primary type eth-account derives: the one type no other references, if there is one."""
    custom = {n: m for n, m in declarations(types).items() if n != "EIP712Domain"}
    referenced = {core(t) for n, members in custom.items() for _, t in members if core(t) in custom and core(t) != n}
    roots = set(custom) - referenced
    return roots.pop() if len(roots) == 1 else None


def departures(doc, derive):
    """The DEPARTURES that hold, for a document that breaks no rule."""
    found = set()
    types, domain = doc.get("types"), doc.get("domain")
    if not isinstance(types, dict) or not isinstance(domain, dict):
        return found
    declared = domain_members(doc, derive) if "EIP712Domain" in types else None
    standard = [(n, t) for n, t in STANDARD_DOMAIN if n in domain]
    if declared is not None and declared != standard:
        found.add("eth-account rebuilds EIP712Domain")
    primary = doc.get("primaryType")
    # The native import's derived EIP712Domain is a type like the declared ones.
    known = isinstance(primary, str) and (primary in types or (derive and primary == "EIP712Domain"))
    if known and eth_account_root(types) != primary:
        found.add("primaryType is not eth-account's single root")
    if any(core(t) == "EIP712Domain" for n, members in declarations(types).items() if n != "EIP712Domain" for _, t in members):
        found.add("a member of type EIP712Domain")
    return found


def judge(text, derive):
    """(broken RULES, DEPARTURES that hold, document) for one JSON text."""
    doc, duplicate = parse(text)
    if not isinstance(doc, dict):
        return set(), set(), doc
    broken = type_rules(doc, derive) | value_rules(doc, derive)
    if duplicate:
        broken.add("duplicate JSON key")
    return broken, (set() if broken else departures(doc, derive)), doc


def eth_account_hashes(doc):
    """(domain separator, digest) by encode_typed_data, or None when it refuses the document."""
    try:
        signable = encode_typed_data(full_message=doc)
        return bytes(signable.header), bytes(_hash_eip191_message(signable))
    except Exception:  # any refusal by the oracle, whatever its exception type
        return None


def eip712_hashes(doc, derive):
    """(domain separator, digest) as EIP-712 defines them for the document's declared types and
    primaryType, with eth-account's hash_struct; None when its encoder refuses a value."""
    types = dict(doc["types"])
    types["EIP712Domain"] = [{"name": n, "type": t} for n, t in domain_members(doc, derive)]
    try:
        separator = hash_struct("EIP712Domain", types, doc["domain"])
        message = b"" if doc["primaryType"] == "EIP712Domain" else hash_struct(doc["primaryType"], types, doc["message"])
    except Exception:  # any refusal by the oracle's encoder (a value out of range, say)
        return None
    return separator, keccak(b"\x19\x01" + separator + message)
