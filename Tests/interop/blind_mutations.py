"""Byte-level mutations that know nothing of the format, for the differential tests: a flipped
byte, a cut, inserted bytes, deleted bytes, a run copied elsewhere. Each format's own module
adds mutations aimed at its structure (lengths, tags, variants) and uses these for the rest.
"""


class BlindMutations:
    def __init__(self, keep=0, inserts=(0, 0xFF), max_delete=3):
        """`keep`: leading bytes (a magic number) left alone nearly always; `inserts`: byte
        values worth inserting for the format (length and tag markers), beside random ones."""
        self.keep = keep
        self.inserts = list(inserts)
        self.max_delete = max_delete

    def position(self, data, rng):
        """A byte of `data` to change, past the kept prefix nearly always."""
        if len(data) > self.keep and rng.random() < 0.97:
            return rng.randrange(self.keep, len(data))
        return rng.randrange(len(data))

    def flip(self, data, rng):
        if not data:
            return self.insert(data, rng)
        i = self.position(data, rng)
        x = 1 << rng.randrange(8) if rng.random() < 0.5 else rng.randint(1, 255)
        return "flip", data[:i] + bytes([data[i] ^ x]) + data[i + 1:]

    def truncate(self, data, rng):
        return "truncate", data[:rng.randrange(len(data))] if data else data

    def insert(self, data, rng):
        i = rng.randint(min(self.keep, len(data)), len(data))
        extra = bytes([rng.choice(self.inserts + [rng.randrange(256)]) for _ in range(rng.randint(1, 4))])
        return "insert", data[:i] + extra + data[i:]

    def delete(self, data, rng):
        if not data:
            return self.insert(data, rng)
        i = self.position(data, rng)
        return "delete", data[:i] + data[i + rng.randint(1, self.max_delete):]

    def splice(self, data, rng):
        if not data:
            return self.insert(data, rng)
        a = self.position(data, rng)
        b = min(len(data), a + rng.randint(1, 8))
        i = rng.randint(min(self.keep, len(data)), len(data))
        return "splice", data[:i] + data[a:b] + data[i:]

    def __call__(self, data, rng):
        """One of the above, a flip twice as often as the others."""
        return rng.choice([self.flip, self.flip, self.truncate, self.insert, self.delete, self.splice])(data, rng)
