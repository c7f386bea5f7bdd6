"""Mutations of a typed-data document (typed_data_gen.valid_document), each bending one thing:
type names swapped, int widths changed or invalid, values out of range or spelled loosely,
bytesN of the wrong length, members missing or extra in the types or the values, type
definitions removed, cycles, fixed arrays of the wrong length, a primaryType that does not exist
or is not the root, the domain's fields and its declared type changed, and duplicate JSON keys.
Each mutation edits the document in place and returns its name, or None when the document has
nothing it applies to."""
from eth_utils import to_checksum_address

from typed_data_gen import (ATOMIC, INTS, MEMBER_NAMES, STANDARD_DOMAIN, STRUCT_NAMES, Budget, Pairs, array_suffix, core,
                            split_array, value)


def slots(doc):
    """(container, key, type) of every value the document's own types reach, domain included."""
    out = []
    types = doc.get("types")
    if not isinstance(types, dict):
        return out

    def visit(container, key, type_name, depth):
        out.append((container, key, type_name))
        v = container[key]
        parts = split_array(type_name)
        if depth > 40:
            return
        if parts and isinstance(v, list):
            for i in range(len(v)):
                visit(v, i, parts[0], depth + 1)
        elif type_name in types and isinstance(types[type_name], list) and isinstance(v, dict):
            for m in types[type_name]:
                if isinstance(m, dict) and isinstance(m.get("type"), str) and m.get("name") in v:
                    visit(v, m["name"], m["type"], depth + 1)

    domain = doc.get("domain")
    if isinstance(domain, dict):
        declared = types.get("EIP712Domain")
        fields = [(m.get("name"), m.get("type")) for m in declared if isinstance(m, dict)] if isinstance(declared, list) else STANDARD_DOMAIN
        for name, type_name in fields:
            if name in domain and isinstance(type_name, str):
                visit(domain, name, type_name, 0)
    if "message" in doc and doc.get("primaryType") in types and doc["primaryType"] != "EIP712Domain":
        visit(doc, "message", doc["primaryType"], 0)
    return out


def structs(doc):
    return [n for n, m in doc["types"].items() if n != "EIP712Domain" and isinstance(m, list)]


def members(doc):
    """(type name, member dict) of every declared member outside EIP712Domain."""
    return [(n, m) for n in structs(doc) for m in doc["types"][n] if isinstance(m, dict)]


def typed_members(doc):
    """The members whose type is still a string."""
    return [(n, m) for n, m in members(doc) if isinstance(m.get("type"), str)]


def pick_slot(rng, doc, accept):
    found = [s for s in slots(doc) if isinstance(s[2], str) and accept(s[2])]
    return rng.choice(found) if found else None


def member_type_swap(rng, doc):
    found = typed_members(doc)
    if not found:
        return None
    _, member = rng.choice(found)
    roll = rng.random()
    if roll < 0.4:
        member["type"] = rng.choice(ATOMIC) + array_suffix(rng)
    elif roll < 0.7 and structs(doc):
        member["type"] = rng.choice(structs(doc)) + array_suffix(rng)
    elif roll < 0.9:
        member["type"] = core(member["type"]) + array_suffix(rng)
    else:
        member["type"] = "EIP712Domain" + rng.choice(["", "[]"])
    return "member type swapped"


def int_width(rng, doc):
    found = [(n, m) for n, m in typed_members(doc) if core(m["type"]) in INTS]
    if not found:
        return None
    _, member = rng.choice(found)
    base = core(member["type"])
    signed = base.startswith("int")
    width = rng.choice([rng.randrange(8, 257, 8), rng.randrange(8, 257, 8), 0, 7, 264, None, "08", "256 "])
    prefix = "int" if signed else "uint"
    member["type"] = prefix + ("" if width is None else str(width)) + member["type"][len(base):]
    return "int width changed"


def int_value(rng, doc):
    slot = pick_slot(rng, doc, lambda t: t in INTS)
    if not slot:
        return None
    container, key, type_name = slot
    unsigned = type_name.startswith("uint")
    bits = int(type_name[4:] if unsigned else type_name[3:])
    container[key] = rng.choice([
        2 ** bits, -1, -(2 ** (bits - 1)) - 1, 2 ** (bits - 1), str(2 ** bits), hex(2 ** bits),
        " 5", "5 ", "+5", "1_0", "٣", "", "0x", "-0x1", "0X1", "-0", "007", "0x" + "0" * 65 + "1", "0" * 79 + "1",
        "0x" + "0" * 63 + "1", "9" * 78, 1.5, 1.0, True, None, [], {}, "1e3", "0b1",
    ])
    return "int value changed"


def bytes_value(rng, doc):
    slot = pick_slot(rng, doc, lambda t: t.startswith("bytes"))
    if not slot:
        return None
    container, key, type_name = slot
    current = container[key] if isinstance(container[key], str) else "0x"
    digits = current[2:]
    container[key] = rng.choice([
        "0x" + digits + "ab", "0x" + digits[:-2], "0x" + digits + "a", "0X" + digits, digits, "0x" + digits.upper(),
        "hello", 5, -1, True, None, [], "0x" + digits[:-1] + "g" if digits else "0xg0", "0x" + digits + " ",
    ])
    return "bytes value changed"


def struct_fields(rng, doc):
    found = [s for s in slots(doc) if isinstance(s[0][s[1]], dict)]
    if not found:
        return None
    container, key, _ = rng.choice(found)
    target = container[key]
    roll = rng.random()
    if roll < 0.35 and target:
        del target[rng.choice(list(target))]
        return "value member dropped"
    if roll < 0.7:
        target[rng.choice(["extra", "Value", "from ", "$x"])] = rng.choice([0, "x", None, [], {}])
        return "value member added"
    if not target:
        return None
    target[rng.choice(list(target))] = None
    return "value member null"


def type_members(rng, doc):
    names = structs(doc)
    if not names:
        return None
    declaration = doc["types"][rng.choice(names)]
    roll = rng.random()
    if roll < 0.25 and declaration:
        del declaration[rng.randrange(len(declaration))]
        return "type member dropped"
    if roll < 0.45:
        declaration.insert(rng.randint(0, len(declaration)), {"name": rng.choice(MEMBER_NAMES), "type": rng.choice(ATOMIC)})
        return "type member added"
    if not declaration:
        return None
    member = rng.choice(declaration)
    if roll < 0.6:
        declaration.append(dict(member))
        return "type member duplicated"
    if roll < 0.75:
        member[rng.choice(["extra", "indexed"])] = rng.choice(["x", True])
        return "type member entry has a third key"
    if roll < 0.9:
        member["name"] = rng.choice(["", "1a", "a-b", "a b", "é", 5, None])
        return "type member name bad"
    member["type"] = rng.choice([5, None, ["uint8"]])
    return "type member type not a string"


def drop_type(rng, doc):
    names = structs(doc)
    if not names:
        return None
    del doc["types"][rng.choice(names)]
    return "type definition dropped"


def cycle(rng, doc):
    """A member of a type that refers back to itself or to a type that reaches it (through an
    array, so a finite value exists), with a value where the type is used."""
    names = structs(doc)
    if not names:
        return None
    target = rng.choice(names)
    reaching = [n for n in names if n == target or target in reach(doc, n)]
    holder = rng.choice(reaching)
    suffix = rng.choice(["[]", "[]", "", "[1]"])
    member = "loop"
    doc["types"][target].append({"name": member, "type": holder + suffix})
    for container, key, type_name in slots(doc):
        if type_name == target and isinstance(container[key], dict):
            container[key][member] = [] if suffix == "[]" else rng.choice([None, {}, []])
    return "cycle"


def reach(doc, name, seen=None):
    seen = set() if seen is None else seen
    for m in doc["types"].get(name, []):
        c = core(m.get("type", "")) if isinstance(m, dict) and isinstance(m.get("type"), str) else None
        if c in doc["types"] and c not in seen:
            seen.add(c)
            reach(doc, c, seen)
    return seen


def fixed_array(rng, doc):
    found = [s for s in slots(doc) if (split_array(s[2]) or ("", ""))[1] and isinstance(s[0][s[1]], list)]
    if not found:
        return None
    container, key, type_name = rng.choice(found)
    items = container[key]
    if rng.random() < 0.5 and items:
        items.pop()
    else:
        items.append(items[0] if items else 0)
    return "fixed array length"


def fixed_array_type(rng, doc):
    found = [m for _, m in typed_members(doc) if split_array(m["type"])]
    if not found:
        return None
    member = rng.choice(found)
    base, _ = split_array(member["type"])
    member["type"] = base + "[" + rng.choice(["1", "2", "3", "0", "02", "a", "-1", "1000000000", " 2", "999999", "1000000"]) + "]"
    return "fixed array type length"


def primary(rng, doc, regenerate):
    """`regenerate`: the types are still the valid ones, so a message of the new primary type
    can be generated."""
    names = structs(doc)
    roll = rng.random()
    if roll < 0.25:
        doc["primaryType"] = rng.choice(["Missing", "mail", "", "uint256", "Mail[]", 5])
    elif roll < 0.6 and names:
        doc["primaryType"] = rng.choice(names)
        if regenerate and rng.random() < 0.7:
            doc["message"] = value(rng, doc["primaryType"], doc["types"], Budget())
    elif roll < 0.8:
        doc["primaryType"] = "EIP712Domain"
    else:
        doc.pop("primaryType", None)
    return "primary type changed"


def domain(rng, doc):
    fields = doc["domain"]
    declared = doc["types"].get("EIP712Domain")
    roll = rng.random()
    if roll < 0.15 and fields:
        del fields[rng.choice(list(fields))]
        return "domain field dropped (value)"
    if roll < 0.25 and declared:
        del declared[rng.randrange(len(declared))]
        return "domain field dropped (type)"
    if roll < 0.4:
        absent = [f for f in STANDARD_DOMAIN if f[0] not in fields]
        if not absent:
            return None
        name, type_name = rng.choice(absent)
        fields[name] = value(rng, type_name, {}, Budget())
        if declared is not None and rng.random() < 0.8:
            declared.insert(rng.randint(0, len(declared)), {"name": name, "type": type_name})
        return "domain field added"
    if roll < 0.5:
        fields["extra"] = rng.choice([1, "x"])
        if declared is not None and rng.random() < 0.8:
            declared.append({"name": "extra", "type": "uint256" if isinstance(fields["extra"], int) else "string"})
        return "non-standard domain field"
    if roll < 0.6 and declared and len(declared) > 1:
        rng.shuffle(declared)
        return "domain type reordered"
    if roll < 0.7 and declared:
        member = rng.choice(declared)
        member["type"] = rng.choice(["uint64", "bytes32", "string", "uint256", "address", "bytes"])
        return "domain field type changed"
    if roll < 0.85:
        fields["chainId"] = rng.choice([1, "1", "0x1", -1, 2**256, "0x" + "f" * 65, "one", 1.5, None, True])
        if declared is not None and not any(m.get("name") == "chainId" for m in declared):
            declared.append({"name": "chainId", "type": "uint256"})
        return "domain chainId changed"
    if roll < 0.93 and declared is not None:
        del doc["types"]["EIP712Domain"]
        return "EIP712Domain type removed"
    fields["verifyingContract"] = rng.choice(["0x" + "ab" * 20, "ab" * 20, "0x" + "ab" * 19, to_checksum_address(rng.randbytes(20))])
    return "domain verifyingContract changed"


def bool_value(rng, doc):
    slot = pick_slot(rng, doc, lambda t: t == "bool")
    if not slot:
        return None
    container, key, _ = slot
    container[key] = rng.choice(["false", "true", 0, 1, 2, None, "", [], "0"])
    return "bool value changed"


def string_value(rng, doc):
    slot = pick_slot(rng, doc, lambda t: t == "string")
    if not slot:
        return None
    container, key, _ = slot
    container[key] = rng.choice([5, 0, True, None, [], {}, "\ud800", "a\udc00b", "\ud83d\ude00"])
    return "string value changed"


def address_value(rng, doc):
    slot = pick_slot(rng, doc, lambda t: t == "address")
    if not slot:
        return None
    container, key, _ = slot
    raw = rng.randbytes(20).hex()
    container[key] = rng.choice([raw, "0X" + raw, "0x" + raw[:-2], "0x" + raw + "00", "0x" + raw[:-1] + "G",
                                 "0x" + "aB" * 20, " 0x" + raw, int(raw, 16), None, "0x" + raw.upper()])
    return "address value changed"


def top_level(rng, doc):
    roll = rng.random()
    if roll < 0.5:
        doc[rng.choice(["extra", "Types", "signature"])] = rng.choice([1, "x", {}])
        return "top-level member added"
    key = rng.choice(["message", "domain", "types"])
    if roll < 0.75:
        del doc[key]
        return "top-level member dropped"
    doc[key] = rng.choice([[], "x", 0, None])
    return "top-level member of the wrong kind"


def rename_type(rng, doc):
    names = structs(doc)
    if not names:
        return None
    old = rng.choice(names)
    new = rng.choice(STRUCT_NAMES + ["uint", "int", "uint256", "bytes", "1T", "T-1", "T x", "Ünï", ""])
    if new in doc["types"]:
        return None
    doc["types"] = {(new if n == old else n): m for n, m in doc["types"].items()}
    if rng.random() < 0.8:  # everywhere, so only the name's own rules and its sort position change
        for _, m in typed_members(doc):
            if core(m["type"]) == old:
                m["type"] = new + m["type"][len(old):]
        if doc.get("primaryType") == old:
            doc["primaryType"] = new
    return "type renamed"


def array_shape(rng, doc):
    found = [s for s in slots(doc) if isinstance(s[0][s[1]], (list, dict))]
    if not found:
        return None
    container, key, _ = rng.choice(found)
    current = container[key]
    container[key] = rng.choice([{}, "x", 0, None]) if isinstance(current, list) else rng.choice([[], list(current.values()), "x"])
    return "value of the wrong shape"


MUTATIONS = [member_type_swap, int_width, int_value, bytes_value, struct_fields, type_members, drop_type, cycle,
             fixed_array, fixed_array_type, domain, bool_value, string_value, address_value, rename_type, array_shape]


def mutate(rng, doc, count):
    """`count` mutations that apply, the last possibly one that breaks the document's outline
    (the others need its types and domain objects); their names."""
    names = []
    while len(names) < count:
        last = len(names) == count - 1
        roll = rng.random()
        if roll < 0.1:
            name = primary(rng, doc, regenerate=not names)
        elif roll < 0.16 and last:
            name = top_level(rng, doc)
        else:
            name = rng.choice(MUTATIONS)(rng, doc)
        if name:
            names.append(name)
        if not isinstance(doc.get("types"), dict) or not isinstance(doc.get("domain"), dict):
            break
    return names


def duplicate_key(rng, doc):
    """`doc` with one object (any: the document, a type's member entry, a value) written with a
    key twice, the second value different or not."""
    holders = []

    def collect(parent, key, v):
        if isinstance(v, dict) and v:
            holders.append((parent, key))
        children = v.items() if isinstance(v, dict) else enumerate(v) if isinstance(v, list) else ()
        for k, child in children:
            collect(v, k, child)

    collect(None, None, doc)
    parent, key = rng.choice(holders)
    target = doc if parent is None else parent[key]
    items = list(target.items())
    k, v = rng.choice(items)
    again = v if rng.random() < 0.3 else rng.choice([0, "x", None, {}, [], True])
    items.insert(rng.randint(0, len(items)), (k, again))
    if parent is None:
        return Pairs(items)
    parent[key] = Pairs(items)
    return doc
