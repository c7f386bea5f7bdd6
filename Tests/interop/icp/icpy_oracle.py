"""ic-py's Candid decoder (`ic.candid.decode`, called unchanged) with instruments around it that
only watch: they note each place it reads past a rule of the spec it does not check, stop it once
it has decoded more values than a bound (a `vec null` of 2^30 elements would otherwise run for
hours: it has no budget of its own), keep the wire types it read the arguments at, and keep a
float32's bytes (Python widens it to a double, which quiets a signalling NaN).

`decode(data)` returns an Outcome: the values in test_candid's normal form, or ic-py's error, and
the set `lax` of rules it let pass (empty for a message the spec accepts):

- trailing-bytes: bytes left after the last value. The spec's B(...) ends with the values; the
  crate's IDLDeserialize::done refuses the rest; test/prim.test.did "nullary: too long".
- truncated-leb128: a LEB128 number cut off by the end of the input (ic-py stops reading at the
  end and decodes what it has); prim.test.did "nat: leb too short".
- bool-byte: a bool other than 00 or 01 (ic-py reads the byte as LEB128, so 80 is false and 81
  true); spec M(b : bool) = i8(0|1); prim.test.did "bool: out of range"; crate BoolValue.
- reference-tag: the tag of a principal, service or function value other than 01 (read as
  LEB128 the same way); spec M(id(v*) : principal) = i8(1) ...; crate PrincipalBytes "flag == 1".
- principal-length: a principal longer than 29 bytes; crate PrincipalBytes "Principal is longer
  than 29 bytes".
Header rules ic-py skips come from candid_layout.header (func-type-reference, func-annotations,
service-method-names, service-method-types)."""
import contextlib
import struct
from dataclasses import dataclass, field

from ic import candid as C

from candid_layout import Malformed, header

# Rather more than our decoder's 200_000-value budget: ic-py counts each byte of a blob as a value.
WORK_BOUND = 400_000


class WorkBound(Exception):
    pass


class F32(float):
    """A float32 as ic-py decoded it, with the four bytes it read."""
    bits: int


@dataclass
class Outcome:
    values: list = None
    error: str = None
    lax: set = field(default_factory=set)
    bounded: bool = False  # stopped by WORK_BOUND


class _Watch:
    def __init__(self):
        self.lax, self.work, self.pipes, self.arg_types = set(), 0, [], []


_watch = None


def _count(n=1):
    _watch.work += n
    if _watch.work > WORK_BOUND:
        raise WorkBound()


def _peek_leb(view):
    value, shift = 0, 0
    for b in view:
        value |= (b & 0x7f) << shift
        shift += 7
        if b < 0x80:
            return value
    return None


def _instruments():
    """(owner, attribute, replacement) for every attribute patched while decoding."""
    originals = {}
    patches = []

    def patch(owner, name, make):
        original = getattr(owner, name)
        originals[(owner, name)] = original
        patches.append((owner, name, make(original)))

    class RecordingPipe(C.Pipe):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            _watch.pipes.append(self)

    patches.append((C, "Pipe", RecordingPipe))
    originals[(C, "Pipe")] = C.Pipe

    def get_type(original):
        def wrapper(*args):
            t = original(*args)
            _watch.arg_types.append(t)
            return t
        return wrapper
    patch(C, "getType", get_type)

    def leb128(original):
        """ic-py stops a LEB128 number at the end of the input even when its last byte says
        more follow; note it, signed or unsigned alike."""
        def wrapper(pipe):
            before = pipe.buffer
            value = original(pipe)
            used = len(before) - pipe.length
            if used and before[used - 1] & 0x80:
                _watch.lax.add("truncated-leb128")
            return value
        return wrapper
    patch(C, "leb128uDecode", leb128)
    patch(C, "leb128iDecode", leb128)

    def counted(original):
        def wrapper(self, b, t):
            _count()
            return original(self, b, t)
        return wrapper

    for cls in (C.EmptyClass, C.NullClass, C.ReservedClass, C.TextClass, C.IntClass, C.NatClass, C.FixedIntClass,
                C.FixedNatClass, C.OptClass, C.RecordClass, C.TupleClass, C.VariantClass):
        patch(cls, "decodeValue", counted)

    def vec(original):
        def wrapper(self, b, t):
            _count()
            n = _peek_leb(b.buffer)
            if n is not None and n > WORK_BOUND - _watch.work:
                raise WorkBound()
            return original(self, b, t)
        return wrapper
    patch(C.VecClass, "decodeValue", vec)

    def float_value(original):
        def wrapper(self, b, t):
            _count()
            raw = bytes(b.buffer[:4])
            value = original(self, b, t)
            if self._bits == 32:
                value = F32(value)
                value.bits = int.from_bytes(raw, "little")
            return value
        return wrapper
    patch(C.FloatClass, "decodeValue", float_value)

    def boolean(original):
        def wrapper(self, b, t):
            _count()
            first = b.buffer[:1]
            value = original(self, b, t)
            if first not in (b"\x00", b"\x01"):
                _watch.lax.add("bool-byte")
            return value
        return wrapper
    patch(C.BoolClass, "decodeValue", boolean)

    def reference(tags):
        def make(original):
            def wrapper(self, b, t):
                _count()
                head = bytes(b.buffer[:tags])
                value = original(self, b, t)
                if head != b"\x01" * tags:
                    _watch.lax.add("reference-tag")
                principal = value[0] if isinstance(value, list) else value
                if principal.len > 29:
                    _watch.lax.add("principal-length")
                return value
            return wrapper
        return make
    patch(C.PrincipalClass, "decodeValue", reference(1))
    patch(C.ServiceClass, "decodeValue", reference(1))
    patch(C.FuncClass, "decodeValue", reference(2))  # the function's tag, then its service's
    return patches, originals


@contextlib.contextmanager
def _watching():
    global _watch
    patches, originals = _instruments()
    _watch = _Watch()
    for owner, name, replacement in patches:
        setattr(owner, name, replacement)
    try:
        yield _watch
    finally:
        for (owner, name), original in originals.items():
            setattr(owner, name, original)
        _watch = None


def decode(data):
    with _watching() as watch:
        try:
            out = C.decode(data)
        except WorkBound:
            return Outcome(error="stopped after decoding more values than the test's bound", bounded=True)
        except Exception as e:  # ic-py refuses with ValueError, and with whatever else breaks in it
            return Outcome(error=f"{type(e).__name__}: {e}")
        types = watch.arg_types[len(watch.arg_types) - len(out):] if out else []
        lax = set(watch.lax)
        if watch.pipes[-1].length:
            lax.add("trailing-bytes")
    try:
        lax |= header(data).broken
    except Malformed as e:
        # Only where ic-py read a LEB128 number the input had cut off.
        assert "truncated-leb128" in lax, f"ic-py read a header the spec's reader cannot: {e}"
    return Outcome(values=[normal(t, d["value"]) for t, d in zip(types, out)], lax=lax)


def normal(t, v):
    """ic-py's value `v` of wire type `t` in test_candid's normal form (airsign-testkit's candidJSON)."""
    while isinstance(t, C.RecClass):
        t = t.getType()
    if isinstance(t, C.NullClass):
        return ["null"]
    if isinstance(t, C.ReservedClass):
        return ["reserved"]
    if isinstance(t, C.BoolClass):
        return ["bool", v]
    if isinstance(t, (C.NatClass, C.IntClass, C.FixedNatClass, C.FixedIntClass)):
        return [t.name, str(v)]
    if isinstance(t, C.FloatClass):
        if t._bits == 32:
            return ["float32", "%x" % v.bits]
        return ["float64", "%x" % struct.unpack("<Q", struct.pack("<d", v))[0]]
    if isinstance(t, C.TextClass):
        return ["text", v]
    if isinstance(t, C.PrincipalClass):
        return ["principal", v.to_str()]
    if isinstance(t, C.OptClass):
        return ["opt", normal(t._type, v[0]) if v else None]
    if isinstance(t, C.VecClass):
        if isinstance(t._type, C.FixedNatClass) and t._type._bits == 8:
            return ["blob", bytes(v).hex()]
        return ["vec", [normal(t._type, x) for x in v]]
    if isinstance(t, C.TupleClass):
        return ["record", [[i, normal(c, x)] for i, (c, x) in enumerate(zip(t._components, v, strict=True))]]
    if isinstance(t, C.RecordClass):
        return ["record", [[int(k[1:]), normal(ft, v[k])] for k, ft in t._fields.items()]]
    if isinstance(t, C.VariantClass):
        [(k, x)] = v.items()
        return ["variant", [int(k[1:]), normal(t._fields[k], x)]]
    if isinstance(t, C.FuncClass):
        return ["func", v[0].to_str(), v[1]]
    if isinstance(t, C.ServiceClass):
        return ["service", v.to_str()]
    raise AssertionError(f"ic-py wire type {t!r}")
