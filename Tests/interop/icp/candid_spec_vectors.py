"""Turns the Candid spec's own test suite (dfinity/candid test/*.test.did) into
vectors/candid_spec.json, one case per `assert`, for Tests/Chains/ICP (CandidSpecSuiteTests).

    python3 Tests/interop/icp/candid_spec_vectors.py <dfinity/candid checkout> <commit> > vectors/candid_spec.json

The grammar is the suite's README's: `<def>;* <test>;*`, each test
`assert <input> (: | !: | == <input> : | != <input> :) <tuptype> <desc>?`, an input being a
text (a Candid value) or `blob <text>` (a binary message). Text escapes are Candid's."""
import json
import re
import sys
from pathlib import Path

FILES = ["prim.test.did", "construct.test.did", "reference.test.did", "subtypes.test.did", "overshoot.test.did",
         "spacebomb.test.did"]


def statements(source):
    """Top-level `;`-separated statements (outside strings, comments and brackets), with lines."""
    out, start, depth, i, line, start_line = [], 0, 0, 0, 1, 1
    while i < len(source):
        c = source[i]
        if source.startswith("//", i):
            while i < len(source) and source[i] != "\n":
                i += 1
            continue
        if source.startswith("/*", i):
            nest = 0
            while i < len(source):
                if source.startswith("/*", i):
                    nest, i = nest + 1, i + 2
                elif source.startswith("*/", i):
                    nest, i = nest - 1, i + 2
                    if nest == 0:
                        break
                else:
                    line += source[i] == "\n"
                    i += 1
            continue
        if c == '"':
            i += 1
            while source[i] != '"':
                i += 2 if source[i] == "\\" else 1
        elif c in "({":
            depth += 1
        elif c in ")}":
            depth -= 1
        elif c == "\n":
            line += 1
        elif c == ";" and depth == 0:
            out.append(located(source[start:i], start_line))
            start, start_line = i + 1, line
        i += 1
    out.append(located(source[start:], start_line))
    return [(n, s) for n, s in out if s]


def located(raw, line):
    """The statement without comments, and the line it starts on."""
    text = strip_comments(raw)
    body = text.lstrip()
    return line + text[:len(text) - len(body)].count("\n"), body.strip()


def strip_comments(text):
    """Comments removed, their line breaks kept."""
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def literal(text, i):
    """The Candid text literal starting at text[i] == '"': (bytes, index after it)."""
    assert text[i] == '"'
    out, i = bytearray(), i + 1
    while text[i] != '"':
        c = text[i]
        if c != "\\":
            out += c.encode()
            i += 1
            continue
        e = text[i + 1]
        if e in 'nrt\\"\'':
            out += {"n": b"\n", "r": b"\r", "t": b"\t"}.get(e, e.encode())
            i += 2
        elif e == "u":
            end = text.index("}", i)
            out += chr(int(text[i + 3:end].replace("_", ""), 16)).encode()
            i = end + 1
        else:
            out.append(int(text[i + 1:i + 3], 16))
            i += 3
    return bytes(out), i + 1


def input_at(text, i):
    while text[i].isspace():
        i += 1
    if text.startswith("blob", i):
        i += 4
        while text[i].isspace():
            i += 1
        raw, i = literal(text, i)
        return {"blob": raw.hex()}, i
    raw, i = literal(text, i)
    return {"text": raw.decode()}, i


def case(statement):
    body = statement[len("assert"):]
    left, i = input_at(body, 0)
    rest = body[i:].lstrip()
    right = None
    if rest.startswith("==") or rest.startswith("!="):
        kind = "equal" if rest.startswith("==") else "notEqual"
        right, j = input_at(rest, 2)
        rest = rest[j:].lstrip()
        assert rest.startswith(":"), statement
        rest = rest[1:]
    elif rest.startswith("!:"):
        kind, rest = "reject", rest[2:]
    else:
        assert rest.startswith(":"), statement
        kind, rest = "accept", rest[1:]
    rest = rest.strip()
    depth, k = 0, 0
    for k, c in enumerate(rest):
        depth += c == "("
        depth -= c == ")"
        if depth == 0:
            break
    types, desc = rest[:k + 1], rest[k + 1:].strip()
    out = {"kind": kind, "left": left, "types": types}
    if right is not None:
        out["right"] = right
    if desc:
        out["desc"] = literal(desc, 0)[0].decode()
    return out


def main():
    root, commit = Path(sys.argv[1]), sys.argv[2]
    files = []
    for name in FILES:
        defs, cases = [], []
        for line, statement in statements((root / "test" / name).read_text()):
            if statement.startswith("type "):
                defs.append(statement + ";")
            elif statement.startswith("assert"):
                cases.append(dict(line=line, **case(statement)))
            else:
                raise ValueError(f"{name}:{line}: {statement[:40]}")
        files.append({"file": f"test/{name}", "defs": "\n".join(defs), "cases": cases})
    json.dump({
        "source": f"dfinity/candid test/*.test.did at commit {commit} (Apache-2.0), the spec's own test suite, "
                  "converted by Tests/interop/icp/candid_spec_vectors.py: one case per assert; blob inputs as hex, "
                  "text inputs as Candid value text; kind accept (:), reject (!:), equal (==), notEqual (!=)",
        "files": files,
    }, sys.stdout, indent=1, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
