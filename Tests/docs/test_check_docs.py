"""The docs check (scripts/check-docs) on documents written for the purpose: it must run every
command of an example block in order, keep state within a document and not between documents,
honour `# exit N`, skip blocks without an airsign command, fail without waiting on what would
prompt, substitute a fixture's real URL, and name the document, line and command of a failure.
Run by `make docs-check` (in .venv; the ICP case starts the fixture boundary node in .venv-icp)."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FENCE = "```"


def check(tmp_path, *documents, options=()):
    """Writes each (name, text) document and runs the check on them; returns the finished process."""
    paths = []
    for name, text in documents:
        path = tmp_path / name
        path.write_text(text)
        paths.append(str(path))
    env = dict(os.environ)
    if "AIRSIGN_BIN_DIR" not in env:
        env["AIRSIGN_BIN_DIR"] = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True,
                                                capture_output=True, text=True).stdout.strip()
    return subprocess.run([sys.executable, str(ROOT / "scripts" / "check-docs"), *options, *paths], capture_output=True,
                          text=True, timeout=300, env=env)


def failure(tmp_path, *documents, options=()):
    """Runs the check on documents that must fail it; returns what it said on standard error."""
    out = check(tmp_path, *documents, options=options)
    assert out.returncode == 1, out.stdout + out.stderr
    return out.stderr


def block(*lines):
    return "\n".join([FENCE + "sh", *lines, FENCE, ""])


def test_a_true_document_passes_with_state_carried_between_its_blocks(tmp_path):
    doc = "# ok\n\n" + block(
        "cat > note.txt <<'EOF'",
        "# not a comment: inside a heredoc",
        "EOF",
        "airsign-signer --version",
    ) + "\nText.\n\n" + block(
        "airsign-signer inspect missing.json      # exit 1: no such file",
        "grep -q 'not a comment' note.txt && airsign-watch --version",
        "test \"$HOME\" = \"$PWD\" && test -n \"$AIRSIGN_SIGNER_HOME\"",
    )
    out = check(tmp_path, ("ok.md", doc))
    assert out.returncode == 0, out.stdout + out.stderr
    assert "5 commands" in out.stdout


def test_a_failing_command_is_named_by_document_line_and_command(tmp_path):
    doc = "# bad\n\n" + block(
        "airsign-signer --version",
        "airsign-signer key show nobody",
        "airsign-signer --version",
    )
    said = failure(tmp_path, ("bad.md", doc))
    assert f"{tmp_path / 'bad.md'}:5: exited 7, expected 0" in said, said
    assert "$ airsign-signer key show nobody" in said


def test_an_exit_code_other_than_the_comment_says_fails(tmp_path):
    doc = block("airsign-signer inspect missing.json   # exit 3")
    said = failure(tmp_path, ("exit.md", doc))
    assert "exited 1, expected 3 (as its comment says)" in said, said


def test_state_does_not_carry_between_documents(tmp_path):
    first = block("touch made-here", "airsign-signer --version")
    second = block("airsign-signer --version", "test -e made-here")
    said = failure(tmp_path, ("first.md", first), ("second.md", second))
    assert f"{tmp_path / 'second.md'}:3: exited 1" in said, said
    assert "first.md" not in said


def test_blocks_without_an_airsign_command_are_not_run(tmp_path):
    doc = block("false") + "\n" + block("airsign-watch --version")
    out = check(tmp_path, ("skip.md", doc))
    assert out.returncode == 0, out.stderr
    assert "1 commands" in out.stdout


def test_what_would_prompt_fails_instead_of_waiting(tmp_path):
    doc = block("airsign-signer init")
    said = failure(tmp_path, ("prompt.md", doc))
    assert "exited 3, expected 0" in said, said


def test_a_fixture_url_is_replaced_by_the_running_fixture(tmp_path):
    if not (ROOT / ".venv-icp" / "bin" / "python").exists():
        pytest.skip(".venv-icp is not installed")
    doc = block("echo http://127.0.0.1:4943 > url.txt",
                "airsign-watch --version",
                # (the whole URL here would be replaced too)
                "grep -q '^http://127.0.0.1:[0-9]*$' url.txt && ! grep -q ':4943$' url.txt")
    out = check(tmp_path, ("url.md", doc))
    assert out.returncode == 0, out.stderr


def test_a_command_that_hangs_is_named(tmp_path):
    doc = block("airsign-signer --version", "airsign-watch --version && sleep 30", "airsign-signer --version")
    said = failure(tmp_path, ("hang.md", doc), options=["--timeout", "3"])
    assert f"{tmp_path / 'hang.md'}:3: did not finish: the document timed out after 3 s" in said, said
