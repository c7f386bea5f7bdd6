"""The clear-signing registry's test runner for Airsign (issue 35): takes one
`registry/<entity>/testsv2/<name>.tests.json` fixture of ethereum/clear-signing-erc7730-registry,
installs what it names on a fresh signer home as a person would (`descriptor add` of the
descriptor, which resolves its includes; `token add` of every `dataProvider.tokens` entry on every
chain id the fixture's cases use; `contact add` of every address name, ENS name and NFT collection
name), renders every case through `airsign-signer inspect --json --blind`, and writes the
registry's `results.json` (.github/test-runner-docs/README.md): one case per fixture case, with
pass, fail or error and what the signer rendered, `{intent, owner, fields}`, nested for calldata
fields.

A case's `from` is the account that signs it; this runner holds no key for the fixture's
sender, so it signs as its own account and swaps the two, byte for byte: the sender's address in
the transaction becomes the runner's, and the runner's address in what is rendered becomes the
sender's again (docs/ethereum.md, "The registry's tests").

    python erc7730_runner.py FIXTURE.tests.json [--out DIR]
"""
import argparse
import functools
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from eth_account import Account

RUNNER = "@ethereum-sourcify/clear-signing-test-runner"
# The EIP-155 example key's account: the person whose signer renders the cases.
ACCOUNT = Account.from_key(bytes([0x46]) * 32)
REQUEST_ID = "11111111-1111-4111-8111-111111111111"


@functools.lru_cache(maxsize=None)
def implementation(signer_bin: Path) -> str:
    out = subprocess.run([str(signer_bin), "--version"], capture_output=True, text=True, timeout=60)
    version = out.stdout.split()[0] if out.returncode == 0 and out.stdout.strip() else "unknown"
    return f"airsign-signer@{version}"


class Signer:
    """A fresh airsign-signer home: its keystore initialized with the cheapest Argon2id preset."""

    def __init__(self, binary: Path, home: Path, pin: Path):
        self.binary = binary
        self.home = home
        self.pin = pin

    def run(self, *args):
        env = dict(os.environ, AIRSIGN_SIGNER_HOME=str(self.home))
        return subprocess.run([str(self.binary), *args], env=env, capture_output=True, text=True, timeout=300)


def rlp_chain_id(raw: bytes) -> int:
    """The chain id of an unsigned transaction: a typed one's first field, a legacy one's
    EIP-155 `v` (1 when it has none)."""
    import rlp
    if raw[0] < 0x80:
        fields = rlp.decode(raw[1:])
        return int.from_bytes(fields[0], "big")
    fields = rlp.decode(raw)
    if len(fields) < 9:
        return 1
    v = int.from_bytes(fields[6], "big")
    # An unsigned EIP-155 preimage carries the chain id as v; a signed one 2 * id + 35 or 36.
    return (v - 35) // 2 if fields[7] != b"" and v >= 35 else v


def unsigned(raw_hex: str) -> str:
    """The unsigned transaction of `raw_hex`: the registry's fixtures are unsigned, but some carry
    the signature of the transaction they were taken from, which is left off (the signer signs
    the preimage; legacy ones get EIP-155's chain id and two empty fields back)."""
    import rlp
    raw = bytes.fromhex(raw_hex[2:])
    if raw[0] < 0x80:
        count = {0x01: 8, 0x02: 9, 0x04: 10}.get(raw[0])
        fields = rlp.decode(raw[1:])
        if count is None or len(fields) <= count:
            return raw_hex
        return "0x" + (raw[:1] + rlp.encode(fields[:count])).hex()
    fields = rlp.decode(raw)
    if len(fields) != 9 or (fields[7] == b"" and fields[8] == b""):
        return raw_hex
    v = int.from_bytes(fields[6], "big")
    chain = (v - 35) // 2 if v >= 35 else None
    return "0x" + rlp.encode(fields[:6] + ([chain, b"", b""] if chain is not None else [])).hex()


def case_chain_id(test, descriptor: dict) -> int:
    """The network a case is signed on: the transaction's chain id, the message domain's; a
    message whose domain names none is signed on the network of the account, here the one the
    descriptor's deployment of the verifying contract is on."""
    if "rawTx" in test:
        return rlp_chain_id(bytes.fromhex(test["rawTx"][2:]))
    domain = test["data"].get("domain", {})
    if "chainId" in domain:
        value = domain["chainId"]
        return int(value, 0) if isinstance(value, str) else int(value)
    contract = str(domain.get("verifyingContract", "")).lower()
    deployments = descriptor.get("context", {}).get("eip712", {}).get("deployments", [])
    chains = [d["chainId"] for d in deployments if d.get("address", "").lower() == contract]
    return chains[0] if chains else 1


def swap_address(raw_hex: str, old: str, new: str) -> str:
    """The transaction hex `raw_hex` with every occurrence of address `old`'s 20 bytes (any case)
    replaced by `new`'s."""
    return re.sub(old[2:], new[2:].lower(), raw_hex, flags=re.IGNORECASE)


def sign_request(test, chain_id: int) -> dict:
    account = {"address": ACCOUNT.address, "publicKey": "0x04" + ACCOUNT._key_obj.public_key.to_bytes().hex()}
    if "rawTx" in test:
        raw = unsigned(test["rawTx"])
        if "from" in test:
            raw = swap_address(raw, test["from"], ACCOUNT.address)
        payload = {"type": "transaction", "transaction": raw}
    else:
        payload = {"type": "typed_data", "typedData": test["data"]}
    return {"airsign": "sign-request", "version": 1, "id": REQUEST_ID, "chain": "ethereum",
            "network": f"eip155:{chain_id}", "account": account, "payload": payload}


def rendered_fields(fields, sender):
    """The review's descriptor fields as (label, value) pairs, a calldata field's value its
    nested rendering."""
    out = []
    for field in fields:
        if "call" in field:
            out.append((field["label"], rendered_intent(field["call"], sender)))
        else:
            out.append((field["label"], unswapped(field["value"], sender)))
    return out


def unswapped(value: str, sender):
    if sender is None:
        return value
    return value.replace(ACCOUNT.address, sender).replace(ACCOUNT.address.lower(), sender.lower())


def rendered_intent(review, sender) -> dict:
    out = {"intent": review["intent"]}
    if "interpolatedIntent" in review:
        out["interpolatedIntent"] = unswapped(review["interpolatedIntent"], sender)
    out["owner"] = review.get("owner")
    out["fields"] = rendered_fields(review["fields"], sender)
    return out


def expected_pairs(expected) -> dict:
    out = {"intent": expected["intent"]}
    if "interpolatedIntent" in expected:
        out["interpolatedIntent"] = expected["interpolatedIntent"]
    out["owner"] = expected["owner"]
    out["fields"] = [(f["label"], expected_pairs(f["value"]) if isinstance(f["value"], dict) else f["value"])
                     for f in expected["fields"]]
    return out


def differences(got, want, place="") -> list:
    """What differs between a rendering and the expected block, in words."""
    out = []
    for key in ("intent", "interpolatedIntent", "owner"):
        if key in want and got.get(key) != want[key]:
            out.append(f"{place}{key}: rendered {got.get(key)!r}, expected {want[key]!r}")
    got_fields, want_fields = got["fields"], want["fields"]
    for index in range(max(len(got_fields), len(want_fields))):
        if index >= len(got_fields):
            out.append(f"{place}field {index + 1}: missing, expected {want_fields[index][0]!r}")
            continue
        if index >= len(want_fields):
            out.append(f"{place}field {index + 1}: {got_fields[index][0]!r} rendered, not expected")
            continue
        (gl, gv), (wl, wv) = got_fields[index], want_fields[index]
        if gl != wl:
            out.append(f"{place}field {index + 1}: label {gl!r}, expected {wl!r}")
        elif isinstance(wv, dict) or isinstance(gv, dict):
            if isinstance(wv, dict) and isinstance(gv, dict):
                out += differences(gv, wv, place=f"{place}{wl} > ")
            else:
                out.append(f"{place}{wl}: rendered {gv!r}, expected {wv!r}")
        elif gv != wv:
            out.append(f"{place}{wl}: rendered {gv!r}, expected {wv!r}")
    return out


def as_contract(rendering) -> dict:
    """A rendering in the runner contract's shape: fields as an object, label to value."""
    fields = {}
    for label, value in rendering["fields"]:
        key, n = label, 2
        while key in fields:
            key, n = f"{label} ({n})", n + 1
        fields[key] = as_contract(value) if isinstance(value, dict) else value
    out = {"intent": rendering["intent"]}
    if "interpolatedIntent" in rendering:
        out["interpolatedIntent"] = rendering["interpolatedIntent"]
    out["owner"] = rendering["owner"]
    out["fields"] = fields
    return out


def deployments(path: Path) -> set:
    """The contract addresses (lower-case hex, no 0x) a descriptor file is bound to, its
    includes' as well."""
    document = json.loads(path.read_text())
    context = document.get("context", {})
    found = set()
    for binding in (context.get("contract", {}), context.get("eip712", {})):
        found |= {d["address"].lower()[2:] for d in binding.get("deployments", []) if "address" in d}
    if "includes" in document:
        found |= deployments((path.parent / document["includes"]).resolve())
    return found


def reached_descriptors(fixture: Path, own: Path, tests) -> list:
    """The entity's other descriptors for contracts the fixture's transactions and messages name
    (the contract of a nested call): the ones a person signing these would have installed."""
    text = json.dumps(tests).lower()
    out = []
    for path in sorted(fixture.parent.parent.glob("*.json")):
        if path.resolve() == own or path.name.startswith("common-"):
            continue
        if any(address in text for address in deployments(path)):
            out.append(path)
    return out


def install_descriptor(signer: Signer, path: Path, pin: Path):
    # The signer's names for descriptors are plainer than file names: a person names it as
    # `descriptor add` asks (--name) when the file's name is not one.
    name = re.sub(r"[^A-Za-z0-9._-]", "-", path.stem)[:64].lstrip(".")
    return signer.run("descriptor", "add", str(path), "--name", name, "--pin-file", str(pin))


def run_fixture(fixture: Path, signer_bin: Path, template: Path, pin: Path, work: Path) -> dict:
    """The results.json of one fixture, rendered on a fresh copy of the `template` home."""
    document = json.loads(fixture.read_text())
    home = work / "home"
    shutil.copytree(template, home)
    signer = Signer(signer_bin, home, pin)
    tests = document["tests"]
    results = {"runner": RUNNER, "implementation": implementation(signer_bin), "cases": []}

    def error_all(message):
        results["cases"] = [{"description": t["description"], "status": "error", "message": message} for t in tests]
        return results

    descriptor = (fixture.parent / document["descriptor"]).resolve()
    added = install_descriptor(signer, descriptor, pin)
    if added.returncode != 0:
        return error_all(f"descriptor add refused the descriptor: {added.stderr.strip()}")
    for other in reached_descriptors(fixture, descriptor, tests):
        out = install_descriptor(signer, other, pin)
        if out.returncode != 0:
            return error_all(f"descriptor add refused {other.name}, which a case calls: {out.stderr.strip()}")
    provider = document.get("dataProvider", {})
    descriptor_json = json.loads(descriptor.read_text())
    chain_ids = sorted({case_chain_id(t, descriptor_json) for t in tests})
    for address, token in provider.get("tokens", {}).items():
        for chain_id in chain_ids:
            args = ["token", "add", "--chain-id", str(chain_id), address, token["symbol"], str(token["decimals"])]
            if token.get("name"):
                args += ["--name", token["name"]]
            out = signer.run(*args, "--pin-file", str(pin))
            if out.returncode != 0:
                return error_all(f"token add refused {token['symbol']} ({address}): {out.stderr.strip()}")
    names = {}
    for table in ("addressNames", "ensNames", "nftCollectionNames"):
        for address, label in provider.get(table, {}).items():
            # One contact per address: the tables may name an address twice, the same way.
            if names.setdefault(address.lower(), label) != label:
                return error_all(f"the data provider names {address} both {names[address.lower()]!r} and {label!r}")
    # A name the address book refuses (one name for two addresses) is not installed; the cases
    # that show it say so.
    refused_names = []
    for address, name in names.items():
        out = signer.run("contact", "add", "--chain", "ethereum", name, address)
        if out.returncode != 0:
            refused_names.append(f"contact add refused {name!r} for {address}: {out.stderr.strip()}")
    request_path = work / "request.json"
    for test in tests:
        case = {"description": test["description"]}
        sender = test.get("from")
        request_path.write_text(json.dumps(sign_request(test, case_chain_id(test, descriptor_json))))
        out = signer.run("inspect", "--json", "--blind", str(request_path))
        try:
            review = json.loads(out.stdout)["reviews"][0]
        except (ValueError, KeyError, IndexError):
            case.update(status="error", message=f"inspect exited {out.returncode}: {out.stderr.strip()[-400:]}")
            results["cases"].append(case)
            continue
        if "title" not in review:
            case.update(status="error", message=f"the signer refused the request: {review.get('refused')}")
            results["cases"].append(case)
            continue
        rendering = rendered_intent(review, sender)
        diff = differences(rendering, expected_pairs(test["expected"]))
        case["status"] = "fail" if diff else "pass"
        case["rendered"] = as_contract(rendering)
        if diff:
            # Without a descriptor (no owner) the signer's own reading is what it rendered.
            unread = [] if review.get("owner") else ["no descriptor described the request: " + review["title"]]
            case["message"] = "; ".join(unread + diff + refused_names)
        results["cases"].append(case)
    return results


def make_template(signer_bin: Path, base: Path, pin_text: str):
    pin = base / "pin"
    pin.write_text(pin_text)
    pin.chmod(0o600)
    template = base / "template"
    env = dict(os.environ, AIRSIGN_SIGNER_HOME=str(template))
    subprocess.run([str(signer_bin), "init", "--kdf", "interactive", "--pin-file", str(pin)], env=env, check=True,
                   capture_output=True, timeout=300)
    return template, pin


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("fixture", type=Path)
    parser.add_argument("--out", type=Path, default=Path("."), help="where results.json is written")
    parser.add_argument("--signer", type=Path, default=None, help="the airsign-signer binary")
    args = parser.parse_args()
    signer_bin = args.signer or Path(subprocess.run(["swift", "build", "--show-bin-path"], capture_output=True,
                                                    text=True, check=True).stdout.strip()) / "airsign-signer"
    with tempfile.TemporaryDirectory() as temp:
        base = Path(temp)
        template, pin = make_template(signer_bin, base, "registry-runner-pin\n")
        work = base / "work"
        work.mkdir()
        results = run_fixture(args.fixture, signer_bin, template, pin, work)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "results.json").write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n")
    counts = {}
    for case in results["cases"]:
        counts[case["status"]] = counts.get(case["status"], 0) + 1
    print(", ".join(f"{n} {status}" for status, n in sorted(counts.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
