"""Helpers shared by the transport interop tests (not a test module)."""
import subprocess

from conftest import bin_dir


def report(capsys, line: str) -> None:
    """Prints a result line past pytest's output capture, so the numbers show in every run."""
    with capsys.disabled():
        print(f"\n[transport] {line}")


def cli(*args, input_bytes=None, check=True):
    """Runs `airsign-watch ARGS…`; returns the CompletedProcess (bytes)."""
    out = subprocess.run([str(bin_dir() / "airsign-watch"), *args], input=input_bytes, capture_output=True,
                         timeout=600)
    if check and out.returncode != 0:
        raise AssertionError(f"airsign-watch {' '.join(args)} exited {out.returncode}: {out.stderr.decode()}")
    return out
