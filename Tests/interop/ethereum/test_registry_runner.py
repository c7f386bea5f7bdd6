"""The clear-signing registry's own tests (ethereum/clear-signing-erc7730-registry, `testsv2/`)
through Airsign's runner (erc7730_runner.py) over every fixture in ../shared/data/erc7730-registry:
at least 98% of the cases pass, and every other case is in registry-runner-known.json with its
reason (a listed case that passes, or one failing for another status, fails this test). Each
fixture's results.json is checked against the runner contract
(.github/test-runner-docs/README.md). Skipped when ../shared/data is absent (a clean clone)."""
import json
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import erc7730_runner as runner  # noqa: E402
from conftest import bin_dir  # noqa: E402

ROOT = Path(__file__).resolve().parents[3]
REGISTRY = ROOT.parent / "shared" / "data" / "erc7730-registry"
KNOWN = json.loads((Path(__file__).parent / "registry-runner-known.json").read_text())["cases"]
STATUSES = {"pass", "fail", "error", "skipped"}


def fixtures():
    return sorted((REGISTRY / "registry").glob("*/testsv2/*.tests.json"))


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    if not REGISTRY.is_dir():
        pytest.skip(f"{REGISTRY} is absent (a clean clone): the registry's tests need ../shared/data")
    base = tmp_path_factory.mktemp("registry-runner")
    signer = bin_dir() / "airsign-signer"
    template, pin = runner.make_template(signer, base, "registry-runner-pin\n")

    def one(indexed):
        index, fixture = indexed
        work = base / f"fixture{index}"
        work.mkdir()
        results = runner.run_fixture(fixture, signer, template, pin, work)
        out = base / "results" / fixture.relative_to(REGISTRY / "registry").parent.parent / fixture.stem
        out.mkdir(parents=True)
        (out / "results.json").write_text(json.dumps(results, indent=2, ensure_ascii=False))
        return fixture, out / "results.json"

    with ThreadPoolExecutor(4) as pool:
        return dict(pool.map(one, enumerate(fixtures())))


def case_key(fixture: Path, description: str) -> str:
    return f"{fixture.relative_to(REGISTRY / 'registry')} :: {description}"


def test_every_results_file_follows_the_runner_contract(results):
    for fixture, path in results.items():
        document = json.loads(path.read_text())
        assert document["runner"] == "@ethereum-sourcify/clear-signing-test-runner"
        assert document["implementation"].startswith("airsign-signer@")
        descriptions = [t["description"] for t in json.loads(fixture.read_text())["tests"]]
        assert [c["description"] for c in document["cases"]] == descriptions, fixture
        for case in document["cases"]:
            assert case["status"] in STATUSES, case
            if case["status"] in ("pass", "fail"):
                rendered = case["rendered"]
                assert isinstance(rendered["intent"], str) and isinstance(rendered["fields"], dict), case
                assert "owner" in rendered, case
            else:
                assert "rendered" not in case and case["message"], case


def test_the_registry_cases_pass_but_the_listed_ones(results):
    total, passed, unexpected, listed_passing = 0, 0, [], []
    seen = set()
    for fixture, path in results.items():
        for case in json.loads(path.read_text())["cases"]:
            total += 1
            key = case_key(fixture, case["description"])
            seen.add(key)
            if case["status"] == "pass":
                passed += 1
                if key in KNOWN:
                    listed_passing.append(key)
            elif key not in KNOWN or KNOWN[key]["status"] != case["status"]:
                unexpected.append(f"{key}: {case['status']}: {case.get('message', '')[:400]}")
    print(f"registry runner: {passed} of {total} cases pass ({100 * passed / total:.1f}%)")
    assert not unexpected, "cases that fail without a listed reason:\n" + "\n".join(unexpected)
    assert not listed_passing, f"listed in registry-runner-known.json but passing now: {listed_passing}"
    assert not set(KNOWN) - seen, f"listed cases the registry no longer has: {sorted(set(KNOWN) - seen)}"
    assert passed * 100 >= 98 * total, f"only {passed} of {total} cases pass"
