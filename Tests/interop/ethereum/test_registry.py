"""The ERC-7730 registry's own tests as acceptance cases (issue 21): for every test file in
../shared/data/erc7730/registry/<owner>/tests/, the descriptor it tests is installed on a fresh
signer home through `airsign-signer descriptor add`, the test's raw transaction or EIP-712
message is put in a sign request, and `airsign-signer inspect` must show every expected text.
Only layout is allowed for: texts are compared with all white space removed (the registry
spells long values wrapped as a Ledger screen does, "0x2c62C80aD86785DD 3bfC7B616400A98E19
03b672"), and the review's wrapped lines are joined first.

Cases Airsign cannot or should not pass are listed in KNOWN with the reason (README, "Clear
signing"); a known case that starts passing fails the test, so the list stays true. Skipped
as a whole when ../shared/data is absent (a clean clone)."""
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import rlp
from eth_account import Account

ROOT = Path(__file__).resolve().parents[3]
REGISTRY = ROOT.parent / "shared" / "data" / "erc7730" / "registry"
PIN = "registry-test-pin\n"
# The EIP-155 example key's account: the registry's transactions carry no signature, so any
# account of ours reviews them.
ACCOUNT = Account.from_key(bytes([0x46]) * 32)

# (test file relative to the registry, test description) -> why Airsign does not show it.
KNOWN = {}


def cases():
    if not REGISTRY.is_dir():
        return []
    out = []
    for tests in sorted(REGISTRY.glob("*/tests/*.tests.json")):
        descriptor = tests.parent.parent / tests.name.replace(".tests.json", ".json")
        for index, test in enumerate(json.loads(tests.read_text())["tests"]):
            out.append(pytest.param(descriptor, test, id=f"{tests.relative_to(REGISTRY)}[{index}]"))
    return out


@pytest.fixture(scope="module")
def signer(tmp_path_factory):
    if not REGISTRY.is_dir():
        pytest.skip(f"{REGISTRY} is absent (a clean clone): the registry acceptance cases need ../shared/data")
    from conftest import bin_dir
    binary = bin_dir() / "airsign-signer"
    base = tmp_path_factory.mktemp("registry")
    pin = base / "pin"
    pin.write_text(PIN)
    pin.chmod(0o600)
    template = base / "template"
    run(binary, template, "init", "--kdf", "interactive", "--pin-file", str(pin))
    homes = {}

    def home_with(descriptor: Path):
        """A signer home with `descriptor` installed, or why `descriptor add` refused it."""
        if descriptor not in homes:
            home = base / f"home{len(homes)}"
            shutil.copytree(template, home)
            added = run(binary, home, "descriptor", "add", str(descriptor), "--pin-file", str(pin), check=False)
            homes[descriptor] = home if added.returncode == 0 else added.stderr.strip()
        return homes[descriptor]

    return binary, home_with, base


def run(binary, home, *args, check=True):
    out = subprocess.run([str(binary), *args], capture_output=True, text=True, timeout=120,
                         env=dict(os.environ, AIRSIGN_SIGNER_HOME=str(home)))
    if check and out.returncode != 0:
        raise AssertionError(f"airsign-signer {' '.join(args)} exited {out.returncode}: {out.stderr.strip()}")
    return out


def chain_id(test) -> int:
    if "rawTx" in test:
        raw = bytes.fromhex(test["rawTx"][2:])
        if raw[0] < 0x80:
            return rlp.decode(raw[1:])[0] and int.from_bytes(rlp.decode(raw[1:])[0], "big")
        return int.from_bytes(rlp.decode(raw)[6], "big")
    domain_chain = test["data"]["domain"].get("chainId", 1)
    return int(domain_chain, 0) if isinstance(domain_chain, str) else int(domain_chain)


def request(test) -> dict:
    if "rawTx" in test:
        payload = {"type": "transaction", "transaction": test["rawTx"]}
    else:
        payload = {"type": "typed_data", "typedData": test["data"]}
    return {"airsign": "sign-request", "version": 1, "id": "11111111-1111-4111-8111-111111111111", "chain": "ethereum",
            "network": f"eip155:{chain_id(test)}",
            "account": {"address": ACCOUNT.address, "publicKey": "0x04" + ACCOUNT._key_obj.public_key.to_bytes().hex()},
            "payload": payload}


def unwrapped(text: str) -> str:
    """The review with continuation lines (`|`) joined to the line they continue."""
    out = []
    for line in text.split("\n"):
        stripped = line.strip()
        if stripped.startswith("| ") and out:
            out[-1] += " " + stripped[2:]
        else:
            out.append(line)
    return "\n".join(out)


# The registry's label for the fee line, and the review's (a spelling, not a value).
LABELS = {"Max fees": "max fees"}


TWELVE_HOUR = re.compile(r"(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2}):(\d{2}) (AM|PM) UTC")


def respelled(text: str) -> str:
    """The registry's 12-hour times ("2026-04-21 02:40:00 PM UTC") in the review's 24-hour form."""
    def convert(match):
        hour = int(match.group(2)) % 12 + (12 if match.group(5) == "PM" else 0)
        return f"{match.group(1)} {hour:02d}:{match.group(3)}:{match.group(4)} UTC"
    return TWELVE_HOUR.sub(convert, text)


def squeezed(text: str) -> str:
    return "".join(respelled(LABELS.get(text, text)).split())


@pytest.mark.parametrize("descriptor,test", cases())
def test_registry_case(signer, descriptor, test, request_file=None):
    binary, home_with, base = signer
    home = home_with(descriptor)
    key = (str(descriptor.relative_to(REGISTRY)), test["description"])
    if isinstance(home, str):
        if key in KNOWN:
            pytest.xfail(KNOWN[key])
        raise AssertionError(f"descriptor add refused {descriptor.name}: {home}")
    path = base / "request.json"
    path.write_text(json.dumps(request(test)))
    out = run(binary, home, "inspect", str(path), check=False)
    review = squeezed(unwrapped(out.stderr))
    missing = [text for text in test["expectedTexts"] if squeezed(text) not in review]
    if key in KNOWN:
        assert missing, f"{key} is listed as known ({KNOWN[key]}) but now passes: remove it from KNOWN"
        pytest.xfail(KNOWN[key])
    assert not missing, f"{test['description']}: not shown: {missing}\n{out.stderr}"
