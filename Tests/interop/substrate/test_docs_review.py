"""The Substrate guide's RFC-0078 example, checked: docs/chains/substrate.md shows the signer's
review of a Staking `bond` + `nominate` in `Utility.batch_all`, built by name against the docs'
fixture node (scripts/docs-fixture substrate, which `make docs-check` runs the guide's examples
against). The docs check runs the commands but compares no output; this test builds the same
request from the guide's own arguments against the same node and compares the guide's text
block with what `airsign-signer inspect` prints, line for line, and the hash the guide states
with what `substrate metadata-hash --rpc` prints.
"""
import importlib.machinery
import importlib.util
import os
import re
from pathlib import Path

import test_substrate_node
from conftest import run_program

ROOT = Path(__file__).resolve().parents[3]
GUIDE = ROOT / "docs" / "chains" / "substrate.md"
PHRASE = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"
SIGNER = "13KVd4f2a4S5pLp4gTTFezyXdPWx27vQ9vS6xBXJ9yWVd7xo"


def docs_fixture():
    loader = importlib.machinery.SourceFileLoader("docs_fixture", str(ROOT / "scripts" / "docs-fixture"))
    module = importlib.util.module_from_spec(importlib.util.spec_from_loader("docs_fixture", loader))
    loader.exec_module(module)
    return module


def guide_parts():
    """The staking call's arguments (the guide writes them to staking-args.json) and the text
    block that shows its review."""
    text = GUIDE.read_text()
    command = next(block for block in re.findall(r"```sh\n(.*?)```", text, re.S) if "--out staking.json" in block)
    args = re.search(r"cat > staking-args\.json <<'EOF'\n(.*?)\nEOF\n", command, re.S).group(1)
    shown = re.search(r"as `airsign-signer inspect staking\.json` shows it.*?```text\n(.*?)```", text, re.S).group(1)
    return args, shown.rstrip("\n").split("\n")


def test_guide_shows_the_signers_review_of_the_staking_batch(tmp_path):
    args, shown = guide_parts()
    # polkadot_node() sets the fixture node module's chain constants to Polkadot's: put them back
    # after, for the tests that use the module's own chain.
    saved = test_substrate_node.GENESIS, test_substrate_node.SPEC, test_substrate_node.TX
    try:
        review, metadata_hash = staking_review(tmp_path, args)
    finally:
        test_substrate_node.GENESIS, test_substrate_node.SPEC, test_substrate_node.TX = saved
    start = review.index(shown[0])
    assert review[start:start + len(shown)] == shown, "\n".join(review)
    # The guide states the hash `metadata-hash --rpc` prints for this runtime.
    assert f"for the fixture node's runtime, the hash in the review below,\n`{metadata_hash}`" in GUIDE.read_text()


def staking_review(tmp_path, args):
    """`airsign-signer inspect`'s output for the guide's staking request, built against the docs'
    node, and the metadata hash `metadata-hash --rpc` prints for that node."""
    fixture, node = docs_fixture().polkadot_node()
    # The guide's transfer through the node comes first and uses nonce 7.
    node.nonce = 8
    server = fixture.serve(node)
    try:
        env = dict(os.environ, HOME=str(tmp_path), AIRSIGN_SIGNER_HOME=str(tmp_path / "signer"),
                   AIRSIGN_WATCH_HOME=str(tmp_path / "watch"))
        pin, phrase = tmp_path / "pin.txt", tmp_path / "phrase.txt"
        pin.write_text("correct horse battery\n")
        phrase.write_text(PHRASE + "\n")
        os.chmod(pin, 0o600)
        os.chmod(phrase, 0o600)
        for program, *command in [
                ("airsign-signer", "init", "--kdf", "interactive", "--pin-file", str(pin)),
                ("airsign-signer", "key", "import", "main", "--kind", "phrase", "--from", str(phrase), "--pin-file", str(pin)),
                ("airsign-signer", "account", "add", "main", "--chain", "substrate", "--path", "//Bob", "--pin-file", str(pin)),
                ("airsign-signer", "account", "export", "main", "--out", str(tmp_path / "main.accounts")),
                ("airsign-watch", "account", "import", str(tmp_path / "main.accounts"))]:
            out = run_program(program, *command, env=env)
            assert out.returncode == 0, (command, out.stderr)
        url = f"http://127.0.0.1:{server.server_address[1]}"
        out = run_program("airsign-watch", "substrate", "call", "--network", "polkadot", "--rpc", url, "--from", SIGNER,
                          "--pallet", "Utility", "--call", "batch_all", "--args", args, "--out", str(tmp_path / "staking.json"), env=env)
        assert out.returncode == 0, out.stderr
        assert "CheckMetadataHash mode 1" in out.stderr, out.stderr
        hashed = run_program("airsign-watch", "substrate", "metadata-hash", "--rpc", url, env=env)
        assert hashed.returncode == 0, hashed.stderr
        out = run_program("airsign-signer", "inspect", str(tmp_path / "staking.json"), env=env)
        assert out.returncode == 0, out.stderr
    finally:
        server.shutdown()
        server.server_close()
    return (out.stdout + out.stderr).split("\n"), hashed.stdout.strip()
