"""Ledger's ERC-7730 reference library (erc7730, PyPI) against what `airsign-signer descriptor
add` accepts (issue 21): every descriptor the signer accepts must be parsed by erc7730's own
models (the v2 model for v2 files, the v1 model for v1 ones, `includes` resolved by erc7730's
loader), and every descriptor erc7730 refuses must be refused by the signer too. The files: the
project's copies (Tests/interop/ethereum/erc7730-registry, always present) and, when
../shared/data is beside the project, the registry and its generic ERC descriptors. The signer's
built-in descriptors are checked too: erc7730 requires a contract descriptor to name
deployments, and the built-ins (like the registry's generic ercs/ files) apply by selector to
any contract, so they are parsed with one placeholder deployment added, and without it the only
errors erc7730 may find are the missing deployments."""
import json
import shutil
from pathlib import Path

import pytest
from erc7730.model.input.descriptor import InputERC7730Descriptor as V1Descriptor
from erc7730.model.input.v2.descriptor import InputERC7730Descriptor as V2Descriptor

from conftest import SignerHomes

ROOT = Path(__file__).resolve().parents[3]
SHARED = ROOT.parent / "shared" / "data" / "erc7730"
COPIES = ROOT / "Tests" / "interop" / "ethereum" / "erc7730-registry"
PIN = "erc7730-test-pin\n"


def files():
    paths = sorted(COPIES.rglob("*.json"))
    if SHARED.is_dir():
        paths += sorted(SHARED.glob("registry/*/*.json")) + sorted(SHARED.glob("ercs/*.json"))
    return [pytest.param(path, id=str(path.relative_to(ROOT.parent))) for path in paths]


def reference_refusal(path: Path):
    """None when erc7730 parses the file (its model by the file's $schema), else its first error."""
    document = json.loads(path.read_text())
    model = V1Descriptor if "erc7730-v1" in document.get("$schema", "") else V2Descriptor
    try:
        model.load(path)
        return None
    except Exception as error:  # pydantic's ValidationError, or the loader's own
        return str(error).split("\n")[0] + ": " + " / ".join(str(error).split("\n")[1:3])


@pytest.fixture(scope="module")
def accepts(tmp_path_factory):
    """`accepts(path)`: (True, its output) when `descriptor add` installs the file on a fresh
    signer home, else (False, its one-line error)."""
    signers = SignerHomes(tmp_path_factory.mktemp("erc7730"), PIN)

    def add(path: Path):
        home = signers.fresh()
        out = signers.run(home, "descriptor", "add", str(path), "--pin-file", str(signers.pin), check=False)
        shutil.rmtree(home)
        return out.returncode == 0, out.stderr.strip()

    return add


@pytest.mark.parametrize("path", files())
def test_what_the_signer_accepts_erc7730_parses_and_what_erc7730_refuses_the_signer_refuses(accepts, path):
    accepted, why = accepts(path)
    refusal = reference_refusal(path)
    if accepted:
        assert refusal is None, f"descriptor add accepted {path.name}, which erc7730 refuses: {refusal}"
    else:
        # The signer may be stricter than erc7730 (it also checks paths against the ABI or the
        # message types); it must never be more lenient.
        assert why, f"descriptor add refused {path.name} without a reason"


def test_the_project_copies_are_accepted_by_both(accepts):
    copies = sorted(COPIES.rglob("*.json"))
    assert copies
    for path in copies:
        accepted, why = accepts(path)
        assert accepted, (path, why)
        assert reference_refusal(path) is None, path


def test_the_built_in_descriptors_parse_under_erc7730_v2(testkit, tmp_path):
    texts = testkit.call("eth_builtin_descriptors")["descriptors"]
    assert len(texts) >= 6
    for index, text in enumerate(texts):
        document = json.loads(text)
        bare = tmp_path / f"builtin{index}.json"
        bare.write_text(text)
        refusal = reference_refusal(bare)
        # Without deployments erc7730 refuses it for that reason alone.
        assert refusal is not None and "deployments" in refusal, (document["context"], refusal)
        document["context"]["contract"]["deployments"] = [{"chainId": 1, "address": "0x" + "11" * 20}]
        placed = tmp_path / f"builtin{index}-placed.json"
        placed.write_text(json.dumps(document))
        assert reference_refusal(placed) is None, (document["context"], reference_refusal(placed))
