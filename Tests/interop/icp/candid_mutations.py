"""Mutations of a valid Candid message, for the differential test: blind ones (byte flips,
truncations, insertions, deletions, a copied slice) and ones aimed at a field found by
candid_layout (a LEB128 length, count or number set to another value or spelt with redundant
bytes, a type reference or table opcode replaced, a field id moved, a variant index swapped, an
opt/bool/reference tag changed). Each returns (name, mutated bytes)."""
from blind_mutations import BlindMutations
from candid_layout import PRIMITIVES

SIGNED = {"type-ref", "int", "opcode"}


def uleb(n, extra=0):
    out = bytearray()
    while True:
        b, n = n & 0x7f, n >> 7
        if n == 0:
            break
        out.append(b | 0x80)
    out.append(b)
    return pad(out, extra, 0x00)


def sleb(n, extra=0):
    out = bytearray()
    while True:
        b, n = n & 0x7f, n >> 7
        if (n == 0 and not b & 0x40) or (n == -1 and b & 0x40):
            break
        out.append(b | 0x80)
    out.append(b)
    return pad(out, extra, 0x7f if b & 0x40 else 0x00)


def pad(out, extra, sign_group):
    """`extra` redundant groups: the value is unchanged, its spelling is not the shortest."""
    for _ in range(extra):
        out[-1] |= 0x80
        out.append(sign_group)
    return bytes(out)


def replace(data, span, new):
    return data[:span.start] + new + data[span.end:]


def new_number(rng, v, signed):
    return rng.choice([v + 1, v - 1 if (signed or v > 0) else v + 2, 0, rng.randint(0, 300), -rng.randint(1, 30) if signed else 1,
                       2 ** rng.randint(7, 70), v * 2 + 1, rng.randint(0, 2 ** 64 - 1) >> rng.randint(0, 63)])


def m_leb(data, spans, rng):
    span = rng.choice([s for s in spans if s.kind in ("count", "length", "field-id", "nat", "int", "type-ref", "variant-index")])
    signed = span.kind in SIGNED
    enc = sleb if signed else uleb
    if rng.random() < 0.3:  # the same number with redundant bytes
        return f"leb-overlong-{span.kind}", replace(data, span, enc(span.value, rng.randint(1, 3)))
    return f"leb-{span.kind}", replace(data, span, enc(new_number(rng, span.value, signed)))


def m_type_ref(data, spans, rng, table_size):
    span = rng.choice([s for s in spans if s.kind == "type-ref"])
    choices = [rng.choice(sorted(PRIMITIVES)), rng.randint(-23, -18), -rng.randint(25, 80), table_size]
    if table_size:
        choices += [rng.randrange(table_size)] * 3
    return "type-ref", replace(data, span, sleb(rng.choice(choices)))


def m_opcode(data, spans, rng):
    span = rng.choice([s for s in spans if s.kind == "opcode"])
    op = rng.choice([rng.randint(-23, -18), rng.randint(-23, -18), rng.choice(sorted(PRIMITIVES)), -rng.randint(25, 80)])
    return "opcode", replace(data, span, sleb(op))


def m_field_id(data, spans, rng):
    ids = [s for s in spans if s.kind == "field-id"]
    span = rng.choice(ids)
    other = rng.choice(ids).value
    return "field-id", replace(data, span, uleb(rng.choice([other, span.value + 1, span.value - 1 if span.value else 0,
                                                          rng.randint(0, 2 ** 32 - 1), 2 ** 32])))


def m_variant(data, spans, rng):
    span = rng.choice([s for s in spans if s.kind == "variant-index"])
    cases = span.info
    others = [i for i in range(cases) if i != span.value]
    index = rng.choice(others) if others and rng.random() < 0.75 else cases + rng.randint(0, 2)
    return "variant-swap", replace(data, span, uleb(index))


def m_flag(data, spans, rng):
    span = rng.choice([s for s in spans if s.kind in ("opt-flag", "bool", "ref-tag")])
    return f"flag-{span.kind}", replace(data, span, bytes([rng.choice([0, 1, 2, 0x80, 0x81, 0xff])]))


blind = BlindMutations(keep=4, inserts=(0, 1, 0x7f, 0x80, 0xff), max_delete=4)



def mutate(data, layout, rng):
    """One mutation of `data` (whose candid_layout is `layout`), sometimes followed by a blind one."""
    kinds = {s.kind for s in layout.spans}
    aimed = [lambda: m_leb(data, layout.spans, rng), lambda: m_leb(data, layout.spans, rng)]
    if "type-ref" in kinds:
        aimed.append(lambda: m_type_ref(data, layout.spans, rng, len(layout.entries)))
    if "opcode" in kinds:
        aimed.append(lambda: m_opcode(data, layout.spans, rng))
    if "field-id" in kinds:
        aimed.append(lambda: m_field_id(data, layout.spans, rng))
    if "variant-index" in kinds:
        aimed += [lambda: m_variant(data, layout.spans, rng)] * 2
    if kinds & {"opt-flag", "bool", "ref-tag"}:
        aimed.append(lambda: m_flag(data, layout.spans, rng))
    name, out = rng.choice(aimed)() if rng.random() < 0.6 else blind(data, rng)
    if out and rng.random() < 0.15:
        second, out = blind(out, rng)
        name += "+" + second
    return name, out
