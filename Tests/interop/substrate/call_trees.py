"""Random runtime calls for the differential tests, as trees in our JSON shape
({"pallet", "call", "args"}, codec_support's shapes): the built-in table's own calls (Balances
transfers with every MultiAddress variant, Utility batches of them, nested), calls it does not
know, and calls that carry calls (Utility.batch, Proxy.proxy, Multisig.as_multi: any call with
an argument of the runtime's call type or a vector of it) around random calls of every pallet.
"""
from codec_support import Generator, Metadata, to_scalecodec

# What BuiltInCallDecoder reads (BuiltInLayout): pallet name → call names.
TABLE_CALLS = {"Balances": {"transfer_allow_death", "transfer_keep_alive", "transfer_all"}, "Utility": {"batch", "batch_all"}}
ADDRESS_VARIANTS = ["Id", "Index", "Raw", "Address32", "Address20"]


class CallTrees:
    def __init__(self, m: Metadata, rng):
        self.m = m
        self.rng = rng
        self.gen = Generator(m, rng, max_depth=4)
        # Every call that can be built (one holding an enum of no variants cannot).
        self.calls = [(p, c, f) for p, c, f in m.calls() if self.gen.inhabited({"fields": f})]
        self.foreign = [(p, c, f) for p, c, f in self.calls if c not in TABLE_CALLS.get(p, ())]
        self.wrappers = [(p, c, f) for p, c, f in self.calls if any(self.holds_calls(x["type"]) for x in f)]
        self.dest_type = next(x["type"] for p, c, f in self.calls if (p, c) == ("Balances", "transfer_keep_alive") for x in f if x["name"] == "dest")

    def holds_calls(self, type_id):
        d = self.m.definition(type_id)
        return type_id == self.m.call_type or d.get("sequence", {}).get("type") == self.m.call_type

    # -- the built-in table's calls

    def address(self, variant=None):
        """A MultiAddress of the runtime's own (real runtimes' Index holds Compact<()>, no bytes)."""
        variant = variant or self.rng.choice(ADDRESS_VARIANTS)
        if variant == "Raw":
            return {"Raw": self.gen.bytes(self.rng.choice([0, 1, 20, 32, 33, self.rng.randint(0, 80)]))}
        fields = next(v["fields"] for v in self.m.definition(self.dest_type)["variant"]["variants"] if v["name"] == variant)
        return {variant: self.gen.fields(fields, 1)}

    def transfer(self, call=None, variant=None):
        call = call or self.rng.choice(sorted(TABLE_CALLS["Balances"]))
        if call == "transfer_all":
            args = {"dest": self.address(variant), "keep_alive": self.rng.random() < 0.5}
        else:
            args = {"dest": self.address(variant), "value": self.gen.integer("u128")}
        return {"pallet": "Balances", "call": call, "args": args}

    def batch(self, calls, call=None):
        return {"pallet": "Utility", "call": call or self.rng.choice(["batch", "batch_all"]), "args": {"calls": calls}}

    def table_tree(self, depth=0, foreign=0.0):
        """A call of the table's domain; each call is one it does not know with probability
        `foreign`. Batches nest up to five deep (the table reads four)."""
        r = self.rng.random()
        if r < foreign:
            return self.random_call(self.foreign)
        if r < 0.6 or depth >= 5:
            return self.transfer()
        count = self.rng.choice([0, 1, 1, 2, 2, 3, 4]) if depth < 3 else self.rng.choice([0, 1])
        return self.batch([self.table_tree(depth + 1, foreign) for _ in range(count)])

    # -- any call

    def random_call(self, among=None):
        pallet, call, fields = self.rng.choice(among or self.calls)
        return {"pallet": pallet, "call": call, "args": self.gen.named(fields, 1)}

    def wrapped(self, inner, among=None):
        """`inner` (calls) inside a random call that carries calls; None when the runtime has none."""
        among = among or self.wrappers
        if not among:
            return None
        pallet, call, fields = self.rng.choice(among)
        args = self.gen.named(fields, 1)
        for field in fields:
            if field["type"] == self.m.call_type:
                args[field["name"]] = inner[0]
            elif self.holds_calls(field["type"]):
                args[field["name"]] = inner
        return {"pallet": pallet, "call": call, "args": args}

    def batched(self, calls):
        """`calls` inside a random call that carries a vector of calls (Utility.batch, …)."""
        vectors = [w for w in self.wrappers if any(x["type"] != self.m.call_type and self.holds_calls(x["type"]) for x in w[2])]
        return self.wrapped(calls, vectors)

    def any_tree(self, depth=0):
        """A random call of any pallet, or calls of any pallet inside calls that carry calls."""
        if depth >= 3 or self.rng.random() < 0.6:
            return self.random_call()
        inner = [self.any_tree(depth + 1) for _ in range(self.rng.choice([1, 1, 2, 3]))]
        return self.wrapped(inner) or inner[0]

    def extension_data(self):
        """Random extra and additional-signed values of every signed extension, SCALE bytes each."""
        return b"".join(self.encoded(e[key]) for key in ("ty", "additional_signed") for e in self.m.extensions)

    def encoded(self, type_id):
        if self.m.is_void(type_id):
            return b""  # (), and structs of nothing: no bytes
        return self.m.encode(type_id, to_scalecodec(self.m, type_id, self.gen.value(type_id)))
